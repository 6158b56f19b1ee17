import { afterAll, describe, expect, it } from 'vitest';
import { closeInProcessApps, inProcessApp } from '../../testing/in-process';
import { hashPassword, verifyPassword } from './passwords';
import { SignInLimiter, signInLimits } from './sign-in-limiter';

afterAll(closeInProcessApps);

const json = { 'Content-Type': 'application/json', 'X-Requested-With': 'skydeck' };
const password = 'correct horse battery';

function post(
  app: ReturnType<typeof inProcessApp>,
  path: string,
  body: unknown,
  headers: Record<string, string> = json,
) {
  return app.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
}

describe('passwords', () => {
  it('hash with scrypt and a salt of their own, and verify only the same password', async () => {
    const first = await hashPassword(password);
    const second = await hashPassword(password);
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(password, first)).toBe(true);
    expect(await verifyPassword(`${password}!`, first)).toBe(false);
  });
});

describe('sign-in limits', () => {
  it('refuse a sixth failure in 15 minutes, per username and per address, and lapse after', () => {
    let now = 0;
    const limiter = new SignInLimiter(() => now);
    for (let i = 0; i < signInLimits.failures; i++) limiter.fail('10.0.0.1', `user${i}`);
    expect(limiter.retryAfter('10.0.0.1', 'someone')).toBe(900);
    expect(limiter.retryAfter('10.0.0.2', 'someone')).toBe(0);
    for (let i = 0; i < signInLimits.failures; i++) limiter.fail(`10.0.1.${i}`, 'admin');
    expect(limiter.retryAfter('10.0.9.9', 'ADMIN')).toBe(900);
    now = signInLimits.windowMs;
    expect(limiter.retryAfter('10.0.0.1', 'someone')).toBe(0);
    expect(limiter.retryAfter('10.0.9.9', 'admin')).toBe(0);
  });
});

describe('operators', () => {
  it('first run offers the admin account once, then signs the new admin in', async () => {
    const app = inProcessApp();
    const before = await (await app.app.request('/api/session')).json();
    expect(before).toEqual({ operator: null, setup_required: true });
    const created = await post(app, '/api/setup', { username: 'chief', password });
    expect(created.status).toBe(204);
    const cookie = created.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^skydeck_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    const me = await app.app.request('/api/session', {
      headers: { Cookie: cookie.split(';')[0] as string },
    });
    expect(await me.json()).toEqual({ operator: { username: 'chief' }, setup_required: false });
    expect((await post(app, '/api/setup', { username: 'intruder', password })).status).toBe(409);
  });

  it('signs in with SKYDECK_ADMIN_PASSWORD, refuses wrong or unknown alike, and signs out', async () => {
    const app = inProcessApp({ SKYDECK_ADMIN_PASSWORD: password });
    const wrong = await post(app, '/api/session', {
      username: 'admin',
      password: 'not the password',
    });
    const unknown = await post(app, '/api/session', { username: 'nobody', password });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());
    const signedIn = await post(app, '/api/session', { username: 'admin', password });
    expect(signedIn.status).toBe(204);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const out = await app.app.request('/api/session', {
      method: 'DELETE',
      headers: { ...json, Cookie: cookie },
    });
    expect(out.status).toBe(204);
    const after = await app.app.request('/api/session', { headers: { Cookie: cookie } });
    expect(((await after.json()) as { operator: unknown }).operator).toBeNull();
  });

  it('names the field and the rule of a bad body', async () => {
    const app = inProcessApp();
    const short = await post(app, '/api/session', { username: 'admin', password: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      error: 'Invalid password: must be at least 10 characters',
    });
    const odd = await post(app, '/api/session', { username: 'a b', password });
    expect(((await odd.json()) as { error: string }).error).toBe(
      'Invalid username: must be 1 to 64 letters, digits, dots, dashes or underscores',
    );
  });

  it('refuses the sixth failed sign-in from one client with 429 and Retry-After', async () => {
    const app = inProcessApp({ SKYDECK_ADMIN_PASSWORD: password });
    for (let i = 0; i < signInLimits.failures; i++)
      expect(
        (await post(app, '/api/session', { username: 'admin', password: `wrong${i}-password` }))
          .status,
      ).toBe(401);
    const limited = await post(app, '/api/session', { username: 'admin', password });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('refuses a write with neither a same-origin Origin nor X-Requested-With', async () => {
    const app = inProcessApp({ SKYDECK_ADMIN_PASSWORD: password });
    const headers = { 'Content-Type': 'application/json' };
    const forged = await post(
      app,
      '/api/session',
      { username: 'admin', password },
      { ...headers, Origin: 'https://evil.example' },
    );
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: string }).error).toMatch(/X-Requested-With: skydeck/);
    const sameOrigin = await app.app.request('http://skydeck.test/api/session', {
      method: 'POST',
      headers: { ...headers, Origin: 'https://skydeck.test', Host: 'skydeck.test' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(sameOrigin.status).toBe(204);
    const site = await post(app, '/api/sites', { name: 'x', lat: 1, lon: 2 }, headers);
    expect(site.status).toBe(403);
  });
});
