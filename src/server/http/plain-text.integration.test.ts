import { afterAll, describe, expect, it } from 'vitest';
import { closeAll, startBff, startStubProvider } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { createPostgresDatabase, engines } from '../testing/test-database';

/**
 * A control character (NUL above all, which PostgreSQL refuses in text) in a name, a note, an id
 * or a query parameter is a 400 naming it on either engine, for anonymous reads as for writes;
 * tab and newline are text like any other.
 */
afterAll(closeAll);

const rule = 'must not contain control characters (only tab and newline)';

describe.each(engines)('control characters, on %s', (engine) => {
  it('are refused with a 400 naming the field, never a 500', async () => {
    const provider = await startStubProvider((_request, response) => response.writeHead(503).end());
    const database: Record<string, string> =
      engine === 'postgres' ? { DATABASE_URL: await createPostgresDatabase() } : {};
    const bff = await startBff(provider.url, {
      SKYDECK_ADMIN_PASSWORD: admin.password,
      ...database,
    });
    const cookie = await signIn(bff);
    const send = async (method: string, path: string, body?: object) => {
      const response = await fetch(`${bff.url}/api${path}`, {
        method,
        headers: { ...writeHeaders, Cookie: cookie },
        body: body && JSON.stringify(body),
      });
      return { status: response.status, ...((await response.json()) as { error?: string }) };
    };
    const anonymous = async (path: string) => {
      const response = await fetch(`${bff.url}/api${path}`);
      return { status: response.status, ...((await response.json()) as { error?: string }) };
    };

    // Anonymous reads: query parameters and ids in the path.
    expect(await anonymous('/events?site=a%00b')).toEqual({
      status: 400,
      error: `Invalid site: ${rule}`,
    });
    expect(await anonymous('/events?site=%7F')).toMatchObject({ status: 400 });
    expect(await anonymous('/sites/x%00')).toEqual({ status: 400, error: `Invalid id: ${rule}` });
    expect(await anonymous('/channels/%1B')).toEqual({ status: 400, error: `Invalid id: ${rule}` });
    expect(await anonymous('/places?q=Paris%00')).toEqual({
      status: 400,
      error: `Invalid q: ${rule}`,
    });

    // Writes: bodies and ids.
    const site = { name: 'Plain yard', lat: 36.5, lon: -91 };
    expect(await send('POST', '/sites', { ...site, name: 'Yard\u0000' })).toEqual({
      status: 400,
      error: `Invalid name: ${rule}`,
    });
    expect(await send('POST', '/sites', { ...site, notes: 'gate\u0000code' })).toEqual({
      status: 400,
      error: `Invalid notes: ${rule}`,
    });
    expect(await send('DELETE', '/sites/%00')).toEqual({
      status: 400,
      error: `Invalid id: ${rule}`,
    });
    expect(await send('POST', '/events/1/ack', { note: 'seen\u0000' })).toEqual({
      status: 400,
      error: `Invalid note: ${rule}`,
    });
    const channel = { kind: 'webhook', name: 'Hook', target: 'http://127.0.0.1:9/hook' };
    expect(await send('POST', '/channels', { ...channel, name: 'Hook\u0007' })).toEqual({
      status: 400,
      error: `Invalid name: ${rule}`,
    });
    expect(
      await send('POST', '/channels', { ...channel, target: 'http://127.0.0.1:9/\u0000' }),
    ).toEqual({ status: 400, error: `Invalid target: ${rule}` });
    expect(await send('PATCH', '/channels/%00', { name: 'x' })).toEqual({
      status: 400,
      error: `Invalid id: ${rule}`,
    });

    // Tab and newline are text.
    const created = await send('POST', '/sites', { ...site, notes: 'gate:\tnorth\nkey: office' });
    expect(created.status).toBe(201);
    expect(await anonymous('/events?site=a%09b')).toMatchObject({ status: 200 });
    await bff.close();
  });
});
