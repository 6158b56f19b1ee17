import { afterAll, describe, expect, it } from 'vitest';
import { closeInProcessApps, inProcessApp } from '../../testing/in-process';

/**
 * The session routes and write guards as the whole BFF mounts them (app.ts, watch.ts); their
 * own behaviour is tested in session-routes.test.ts over the bare sub-app.
 */
afterAll(closeInProcessApps);

const password = 'correct horse battery';
const site = JSON.stringify({ name: 'Yard', lat: 27.95, lon: -82.46 });

describe('operators in the BFF', () => {
  it('first run: setup_required, a setup code in the log, setup with it signs in, then 409', async () => {
    const logs: string[] = [];
    const { app, watch } = inProcessApp({}, logs);
    expect(await (await app.request('/api/session')).json()).toEqual({
      operator: null,
      setup_required: true,
    });
    await watch.ready;
    const logged = logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    const line = logged.find((entry) => entry.event === 'setup-code');
    expect(line).toMatchObject({
      level: 'info',
      code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
      message:
        'Skydeck has no operator yet: open it in a browser, choose "Create the admin account" and enter this setup code',
    });
    const setup = (username: string, code?: unknown) =>
      app.request('/api/setup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'skydeck' },
        body: JSON.stringify({ username, password, setup_code: code }),
      });
    expect((await setup('mallory')).status).toBe(403);
    const created = await setup('chief', line?.code);
    expect(created.status).toBe(204);
    const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(
      await (await app.request('/api/session', { headers: { Cookie: cookie } })).json(),
    ).toEqual({ operator: { username: 'chief', role: 'admin' }, setup_required: false });
    expect((await setup('intruder', line?.code)).status).toBe(409);
  });

  it('with SKYDECK_ADMIN_PASSWORD there is no setup code to log', async () => {
    const logs: string[] = [];
    const { watch } = inProcessApp({ SKYDECK_ADMIN_PASSWORD: password }, logs);
    await watch.ready;
    expect(logs.join('\n')).not.toContain('setup-code');
  });

  it('a site write needs the forgery rule, then a session (SKYDECK_ADMIN_PASSWORD signs admin in)', async () => {
    const { app } = inProcessApp({ SKYDECK_ADMIN_PASSWORD: password });
    const json = { 'Content-Type': 'application/json' };
    const addSite = (headers: Record<string, string>) =>
      app.request('http://skydeck.test/api/sites', { method: 'POST', headers, body: site });
    expect((await addSite(json)).status).toBe(403);
    const sameOrigin = { ...json, Origin: 'http://skydeck.test' };
    expect((await addSite(sameOrigin)).status).toBe(401);
    const signedIn = await app.request('http://skydeck.test/api/session', {
      method: 'POST',
      headers: sameOrigin,
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(signedIn.status).toBe(204);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const added = await addSite({ ...sameOrigin, Cookie: cookie });
    expect(added.status).toBe(201);
    // Without a trusted proxy, an https Origin on a request the server saw as http is refused.
    const proxied = { ...json, Origin: 'https://skydeck.test', 'X-Forwarded-Proto': 'https' };
    expect((await addSite({ ...proxied, Cookie: cookie })).status).toBe(403);
  });
});
