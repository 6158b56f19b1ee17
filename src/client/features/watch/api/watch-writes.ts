import { z } from 'zod';
import type { CreateSiteBody, UpdateSiteBody } from '../../../../shared/api/watch';
import { sendJson } from '../../../lib/api-client';
import { ackResponseSchema, savedSiteSchema } from '../../../../shared/api/watch-answers';

/** The watch's writes. Each sends the session cookie and the BFF's forgery-check header. */

const nothing = z.unknown();

export interface Credentials {
  username: string;
  password: string;
}

export async function signIn(credentials: Credentials): Promise<void> {
  await sendJson('POST', 'session', credentials, nothing);
}

export async function signOut(): Promise<void> {
  await sendJson('DELETE', 'session', undefined, nothing);
}

/** The first operator, with the setup code from the server's log; signs them in. */
export async function createFirstOperator(
  credentials: Credentials & { setup_code: string },
): Promise<void> {
  await sendJson('POST', 'setup', credentials, nothing);
}

export async function createSite(body: CreateSiteBody) {
  const answer = await sendJson('POST', 'sites', body, savedSiteSchema);
  if (!answer) throw new Error('The server did not return the new site');
  return answer.site;
}

export async function updateSite(id: string, body: UpdateSiteBody) {
  const answer = await sendJson('PATCH', `sites/${encodeURIComponent(id)}`, body, savedSiteSchema);
  if (!answer) throw new Error('The server did not return the saved site');
  return answer.site;
}

export async function deleteSite(id: string): Promise<void> {
  await sendJson('DELETE', `sites/${encodeURIComponent(id)}`, undefined, nothing);
}

export async function acknowledgeEvent(id: number, note: string) {
  const answer = await sendJson('POST', `events/${id}/ack`, { note }, ackResponseSchema);
  if (!answer) throw new Error('The server did not return the acknowledged event');
  return answer.event;
}
