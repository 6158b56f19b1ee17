import { expect } from 'vitest';
import type { Bff } from './loopback';

/** The operator integration tests sign in as: pass SKYDECK_ADMIN_PASSWORD to the BFF. */
export const admin = { username: 'admin', password: 'correct horse battery' };

/** What a page of ours sends with a write: JSON, and the header that passes the forgery check. */
export const writeHeaders = { 'Content-Type': 'application/json', 'X-Requested-With': 'skydeck' };

/** Signs `admin` in on a BFF (or a replica); resolves with the session cookie to send as `Cookie`. */
export async function signIn(bff: Pick<Bff, 'url'>): Promise<string> {
  const response = await fetch(`${bff.url}/api/session`, {
    method: 'POST',
    headers: writeHeaders,
    body: JSON.stringify(admin),
  });
  expect(response.status).toBe(204);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
}
