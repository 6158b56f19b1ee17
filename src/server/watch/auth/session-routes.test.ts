import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Engine, WatchDatabase } from '../../db/database';
import { engines, openTestDatabase } from '../../testing/test-database';
import type { Logger } from '../../log';
import { WatchStore } from '../store';
import { hashPassword, verifyPassword } from './passwords';
import { ensureAdmin, ensureSetupCode, sessionRoutes } from './session-routes';
import { csrfGuard, type OperatorEnv, requireOperator } from './sessions';
import { usernameDelay } from './sign-in-limiter';

const start = Date.UTC(2026, 5, 1, 12);
const hour = 3600_000;
const password = 'correct horse battery';
/**
 * The password cost the routes are given here, far below production's: the hash carries its
 * parameters, so everything but the time taken is the same (a run at production cost took 20 s).
 */
const cheap = { N: 1024, r: 8, p: 1 };
const script = { 'Content-Type': 'application/json', 'X-Requested-With': 'skydeck' };

interface Harness {
  database: WatchDatabase;
  store: WatchStore;
  clock: { now: number };
  request: (path: string, init?: RequestInit) => Promise<Response>;
  /** The setup code this "replica" logged at start (none once an operator exists). */
  code: string | undefined;
  /** Every wait a sign-in asked for, in ms: the injected sleep records and returns at once. */
  slept: number[];
  lines: string[];
}

const open: { database: WatchDatabase; bodies: string[]; lines: string[] }[] = [];

/** Hashes never leave the server: no answer and no log line of any test may hold one. */
afterEach(async () => {
  const harnesses = open.splice(0);
  for (const { database, bodies, lines } of harnesses) {
    const hashes = (await database.db.selectFrom('operators').select('password_hash').execute())
      .map((row) => row.password_hash)
      .concat(['scrypt$']);
    for (const text of [...bodies, ...lines]) {
      for (const hash of hashes) expect(text).not.toContain(hash);
      expect(text).not.toContain(password);
    }
  }
  for (const { database } of harnesses) if (database !== postgres) await database.close();
});

/** One PostgreSQL database for the file, emptied for each test: a new one costs ~0.3 s. */
let postgres: WatchDatabase | undefined;
afterAll(async () => {
  await postgres?.close();
});

async function emptyDatabase(engine: Engine): Promise<WatchDatabase> {
  if (engine === 'sqlite') return openTestDatabase(engine);
  postgres ??= await openTestDatabase(engine);
  for (const table of ['sessions', 'operators', 'sign_in_failures', 'setup_codes'] as const)
    await postgres.db.deleteFrom(table).execute();
  return postgres;
}

/**
 * The session routes at /api over a real database of either engine, a fake clock, the client's
 * address from X-Test-Client, https from the URL or X-Forwarded-Proto (as behind a trusted
 * proxy), and one guarded write, POST /api/things, that answers with the operator it was given.
 */
async function harness(engine: Engine): Promise<Harness> {
  return replica(await emptyDatabase(engine));
}

/** The routes over a database another harness may share: a second replica, or a restart. */
async function replica(database: WatchDatabase): Promise<Harness> {
  const store = new WatchStore(database);
  const slept: number[] = [];
  const clock = { now: start };
  const bodies: string[] = [];
  const lines: string[] = [];
  open.push({ database, bodies, lines });
  const record = (event: string, fields?: Record<string, unknown>) =>
    lines.push(JSON.stringify({ event, ...fields }));
  const logger: Logger = { info: record, error: record };
  const secure = (c: Context) =>
    new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
  const app = new Hono<OperatorEnv>();
  app.route(
    '/api',
    sessionRoutes({
      store,
      clock: () => clock.now,
      clientOf: (c) => c.req.header('x-test-client') ?? '192.0.2.1',
      secure,
      logger,
      passwordCost: cheap,
      sleep: async (ms) => {
        slept.push(ms);
      },
    }),
  );
  app.post(
    '/api/things',
    csrfGuard({ secure }),
    requireOperator(store, () => clock.now),
    (c) => c.json({ operator: c.get('operator') ?? null }),
  );
  const request = async (path: string, init?: RequestInit) => {
    const response = await app.request(path, init);
    bodies.push(await response.clone().text());
    return response;
  };
  const code = await ensureSetupCode(store, clock.now);
  return { database, store, clock, request, code, slept, lines };
}

async function addOperator(h: Harness, username: string, secret = password): Promise<void> {
  await h.store.saveOperator(username, await hashPassword(secret, cheap), h.clock.now, false);
}

function signIn(
  h: Harness,
  username: string,
  secret = password,
  headers: Record<string, string> = {},
): Promise<Response> {
  return h.request('/api/session', {
    method: 'POST',
    headers: { ...script, ...headers },
    body: JSON.stringify({ username, password: secret }),
  });
}

/** A fresh harness with alice signed in at `start`. */
async function aliceSignedIn(engine: Engine): Promise<{ h: Harness; cookie: string }> {
  const h = await harness(engine);
  await addOperator(h, 'alice');
  return { h, cookie: cookieOf(await signIn(h, 'alice')) };
}

function setup(
  h: Harness,
  username: string,
  secret = password,
  code: string | null = h.code ?? null,
  headers: Record<string, string> = {},
): Promise<Response> {
  return h.request('/api/setup', {
    method: 'POST',
    headers: { ...script, ...headers },
    body: JSON.stringify({ username, password: secret, setup_code: code ?? undefined }),
  });
}

/** `skydeck_session=…`, as a browser would send it back. */
function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

async function whoAmI(h: Harness, cookie: string) {
  const response = await h.request('/api/session', { headers: { Cookie: cookie } });
  return (await response.json()) as { operator: { username: string; role: string } | null };
}

function write(h: Harness, cookie: string, headers: Record<string, string> = script) {
  return h.request('/api/things', { method: 'POST', headers: { ...headers, Cookie: cookie } });
}

const sessionRows = (h: Harness) => h.database.db.selectFrom('sessions').selectAll().execute();

// Everything kept in the database, on both engines.
describe.each(engines)('on %s', (engine) => {
  describe('sign-in', () => {
    it('answers 204 with an HttpOnly, SameSite=Strict cookie for 12 h, and stores only its hash', async () => {
      const h = await harness(engine);
      await addOperator(h, 'alice');
      const response = await signIn(h, 'alice');
      expect(response.status).toBe(204);
      // 32 random bytes are 43 base64url characters; 12 h are 43,200 s.
      const header = response.headers.get('set-cookie') ?? '';
      const match =
        /^skydeck_session=([A-Za-z0-9_-]{43}); Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/.exec(
          header,
        );
      expect(match).not.toBeNull();
      const token = match?.[1] as string;
      const [row] = await sessionRows(h);
      expect(row?.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));
      expect(row?.expires_at).toBe(start + 12 * hour);
      expect(JSON.stringify(await sessionRows(h))).not.toContain(token);

      const me = await h.request('/api/session', { headers: { Cookie: cookieOf(response) } });
      expect(me.headers.get('cache-control')).toBe('no-store');
      expect(await me.json()).toEqual({
        operator: { username: 'alice', role: 'operator' },
        setup_required: false,
      });
    });

    it('over https, directly or via the proxy, names the cookie __Host-skydeck_session and marks it Secure', async () => {
      const h = await harness(engine);
      await addOperator(h, 'alice');
      const direct = await h.request('https://skydeck.test/api/session', {
        method: 'POST',
        headers: script,
        body: JSON.stringify({ username: 'alice', password }),
      });
      expect(direct.headers.get('set-cookie')).toMatch(
        /^__Host-skydeck_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
      );
      const proxied = await signIn(h, 'alice', password, { 'X-Forwarded-Proto': 'https' });
      expect(proxied.headers.get('set-cookie')).toMatch(/^__Host-skydeck_session=.*; Secure; /);
      const plain = await signIn(h, 'alice');
      expect(plain.headers.get('set-cookie')).toMatch(/^skydeck_session=/);
      expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);

      // Either name is read: a session begun before the prefix came in lasts its 12 h.
      const token = cookieOf(direct).split('=')[1] as string;
      for (const cookie of [`__Host-skydeck_session=${token}`, `skydeck_session=${token}`])
        expect((await whoAmI(h, cookie)).operator).toEqual({ username: 'alice', role: 'operator' });
      const out = await h.request('https://skydeck.test/api/session', {
        method: 'DELETE',
        headers: { ...script, Cookie: cookieOf(direct) },
      });
      expect(out.headers.get('set-cookie')).toBe(
        '__Host-skydeck_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict',
      );
      expect((await whoAmI(h, cookieOf(direct))).operator).toBeNull();
    });

    it('refuses a wrong password and an unknown name alike: 401, the same words, no cookie', async () => {
      const h = await harness(engine);
      await addOperator(h, 'alice');
      const wrong = await signIn(h, 'alice', 'not the password');
      const unknown = await signIn(h, 'mallory');
      expect([wrong.status, unknown.status]).toEqual([401, 401]);
      expect(await wrong.json()).toEqual({ error: 'Wrong username or password' });
      expect(await unknown.json()).toEqual({ error: 'Wrong username or password' });
      expect([wrong.headers.get('set-cookie'), unknown.headers.get('set-cookie')]).toEqual([
        null,
        null,
      ]);
      expect(await sessionRows(h)).toEqual([]);
    });

    it('rehashes a password kept under other parameters once it is proven', async () => {
      const h = await harness(engine);
      const older = { N: 512, r: 8, p: 1 };
      await h.store.saveOperator('alice', await hashPassword(password, older), start, false);
      expect((await signIn(h, 'alice')).status).toBe(204);
      const hash = (await h.store.findOperator('alice'))?.password_hash ?? '';
      expect(hash.startsWith('scrypt$1024$8$1$')).toBe(true);
      expect(await verifyPassword(password, hash)).toBe(true);
    });

    it('names the field and the rule a body breaks', async () => {
      const h = await harness(engine);
      const post = async (body: string) => {
        const response = await h.request('/api/session', { method: 'POST', headers: script, body });
        return [response.status, ((await response.json()) as { error: string }).error];
      };
      expect(await post('{"username":"alice"}')).toEqual([400, 'Invalid password: must be text']);
      expect(await post('{"username":"alice","password":"short"}')).toEqual([
        400,
        'Invalid password: must be at least 10 characters',
      ]);
      expect(await post(JSON.stringify({ username: 'al ice', password }))).toEqual([
        400,
        'Invalid username: must be 1 to 64 letters, digits, dots, dashes or underscores',
      ]);
      expect(await post(JSON.stringify({ username: 'alice', password, role: 'admin' }))).toEqual([
        400,
        'Invalid body: unknown field role',
      ]);
      expect(await post('username=alice')).toEqual([400, 'The request body must be JSON']);
    });

    it('reads at most 4096 bytes of body: one more is 413', async () => {
      const h = await harness(engine);
      // {"username":"alice","password":"xx…"}: 34 bytes around the password's characters.
      const body = (size: number) =>
        JSON.stringify({ username: 'alice', password: 'x'.repeat(size - 34) });
      expect(body(4096)).toHaveLength(4096);
      const post = (text: string) =>
        h.request('/api/session', { method: 'POST', headers: script, body: text });
      const atLimit = await post(body(4096));
      expect(atLimit.status).toBe(400); // read, and refused for its too long password
      const over = await post(body(4097));
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual({ error: 'The request body must be at most 4096 bytes' });
    });
  });

  describe('sessions', () => {
    it('end 12 h after sign-in however busily used: fixed, not sliding', async () => {
      const { h, cookie } = await aliceSignedIn(engine);
      for (const at of [1, 6, 11]) {
        h.clock.now = start + at * hour;
        expect((await write(h, cookie)).status).toBe(200);
      }
      h.clock.now = start + 12 * hour - 1;
      expect((await whoAmI(h, cookie)).operator).toEqual({ username: 'alice', role: 'operator' });
      h.clock.now = start + 12 * hour;
      expect((await whoAmI(h, cookie)).operator).toBeNull();
      expect((await write(h, cookie)).status).toBe(401);
    });

    it('end at sign-out, which clears the cookie; a replayed cookie is nobody', async () => {
      const { h, cookie } = await aliceSignedIn(engine);
      const out = await h.request('/api/session', {
        method: 'DELETE',
        headers: { ...script, Cookie: cookie },
      });
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toBe(
        'skydeck_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict',
      );
      expect(await sessionRows(h)).toEqual([]);
      expect((await whoAmI(h, cookie)).operator).toBeNull();
      expect((await write(h, cookie)).status).toBe(401);
    });

    it('one browser holds one: signing in again ends the session its cookie named', async () => {
      const h = await harness(engine);
      await addOperator(h, 'alice');
      const first = cookieOf(await signIn(h, 'alice'));
      const second = cookieOf(await signIn(h, 'alice', password, { Cookie: first }));
      expect((await whoAmI(h, first)).operator).toBeNull();
      expect((await whoAmI(h, second)).operator).toEqual({ username: 'alice', role: 'operator' });
      expect(await sessionRows(h)).toHaveLength(1);
    });

    it('are pruned once expired, at the next sign-in', async () => {
      const h = await harness(engine);
      await addOperator(h, 'alice');
      await addOperator(h, 'bob');
      await signIn(h, 'alice');
      h.clock.now = start + 12 * hour;
      await signIn(h, 'bob');
      const rows = await sessionRows(h);
      expect(rows.map((row) => row.expires_at)).toEqual([start + 24 * hour]);
    });
  });

  describe('requireOperator', () => {
    it('refuses a write without a valid session with 401, and hands a signed-in one the operator', async () => {
      const h = await harness(engine);
      await addOperator(h, 'alice');
      for (const cookie of ['', 'skydeck_session=forged', `skydeck_session=${'A'.repeat(43)}`]) {
        const refused = await write(h, cookie);
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual({
          error: 'Sign in as an operator to change the watch',
        });
      }
      const cookie = cookieOf(await signIn(h, 'alice'));
      const allowed = await write(h, cookie);
      const id = (await h.store.findOperator('alice'))?.id;
      expect(await allowed.json()).toEqual({
        operator: { id, username: 'alice', role: 'operator' },
      });
    });
  });

  describe('first run', () => {
    it('offers setup while there is no operator, signs the first one in, then answers 409', async () => {
      const h = await harness(engine);
      expect(await (await h.request('/api/session')).json()).toEqual({
        operator: null,
        setup_required: true,
      });
      const created = await setup(h, 'chief');
      expect(created.status).toBe(204);
      expect(await whoAmI(h, cookieOf(created))).toEqual({
        operator: { username: 'chief', role: 'admin' },
        setup_required: false,
      });
      const again = await setup(h, 'intruder');
      expect(again.status).toBe(409);
      expect(again.headers.get('set-cookie')).toBeNull();
      expect(await h.store.findOperator('intruder')).toBeUndefined();
      expect((await signIn(h, 'chief')).status).toBe(204);
    });

    it('needs the setup code the server logged: 403 without it or with a wrong one', async () => {
      const h = await harness(engine);
      expect(h.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const refusal = {
        error:
          'Wrong or missing setup_code: it is in the server\'s log, on the line with "event":"setup-code"',
      };
      const missing = await setup(h, 'mallory', password, null);
      expect(missing.status).toBe(403);
      expect(await missing.json()).toEqual(refusal);
      const wrong = await setup(h, 'mallory', password, 'AAAA-BBBB-CCCC');
      expect(wrong.status).toBe(403);
      expect(wrong.headers.get('set-cookie')).toBeNull();
      expect(await h.store.countOperators()).toBe(0);
      const notText = await h.request('/api/setup', {
        method: 'POST',
        headers: script,
        body: JSON.stringify({ username: 'chief', password, setup_code: 42 }),
      });
      expect([notText.status, await notText.json()]).toEqual([
        400,
        { error: 'Invalid setup_code: must be text' },
      ]);
      // Typed by hand: case, spaces and dashes do not matter.
      const typed = (h.code ?? '').toLowerCase().replaceAll('-', ' ');
      expect((await setup(h, 'chief', password, typed)).status).toBe(204);
      expect(await h.store.countOperators()).toBe(1);
      expect(h.lines.map((line) => JSON.parse(line).event)).toEqual([
        'setup-code-refused',
        'setup-code-refused',
        'first-operator',
      ]);
    });

    it('takes the code any replica logged, on any replica, and none once the first operator exists', async () => {
      const a = await harness(engine);
      const b = await replica(a.database);
      expect(b.code).not.toBe(a.code);
      // Replica b's code, posted to replica a.
      const created = await setup(a, 'chief', password, b.code ?? null);
      expect(created.status).toBe(204);
      expect(await a.database.db.selectFrom('setup_codes').selectAll().execute()).toEqual([]);
      expect((await setup(b, 'second', password, a.code ?? null)).status).toBe(409);
      // Restarted with an operator: no code is made, none is logged.
      expect(await ensureSetupCode(a.store, start)).toBeUndefined();
    });

    it('counts wrong codes against the address: the sixth try is 429, even with the right code', async () => {
      const h = await harness(engine);
      for (let i = 0; i < 5; i++)
        expect((await setup(h, 'mallory', password, `WRONG-CODE-${i}`)).status).toBe(403);
      const limited = await setup(h, 'chief');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('900');
      const elsewhere = { 'X-Test-Client': '192.0.2.77' };
      expect((await setup(h, 'chief', password, h.code ?? null, elsewhere)).status).toBe(204);
    });

    it('lets one of two simultaneous setups win', async () => {
      const h = await harness(engine);
      const answers = await Promise.all([setup(h, 'first'), setup(h, 'second')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
      expect(await h.store.countOperators()).toBe(1);
    });

    it('never takes over an existing account of the same name', async () => {
      const h = await harness(engine);
      await addOperator(h, 'chief');
      const before = (await h.store.findOperator('chief'))?.password_hash;
      expect(await h.store.createFirstOperator('chief', 'scrypt$2$1$1$AA==$AA==', start)).toBe(
        false,
      );
      const taken = await setup(h, 'chief', 'another password');
      expect(taken.status).toBe(409);
      expect((await h.store.findOperator('chief'))?.password_hash).toBe(before);
    });

    it('tells names apart without regard to case: CHIEF is chief, never a second account', async () => {
      const h = await harness(engine);
      expect((await setup(h, 'Chief')).status).toBe(204);
      expect(await h.store.listOperators()).toEqual([
        { username: 'chief', created_at: expect.any(Number), role: 'admin', disabled: 0 },
      ]);
      const signedIn = await signIn(h, 'CHIEF');
      expect(signedIn.status).toBe(204);
      expect((await whoAmI(h, cookieOf(signedIn))).operator).toEqual({
        username: 'chief',
        role: 'admin',
      });
      expect((await setup(h, 'chief', 'another password')).status).toBe(409);
    });
  });

  describe('ensureAdmin (SKYDECK_ADMIN_PASSWORD)', () => {
    it('creates admin, leaves it be for the same password, and a new one ends only its sessions', async () => {
      const h = await harness(engine);
      expect(await ensureAdmin(h.store, undefined, start)).toBe('not-asked');
      expect(await ensureAdmin(h.store, password, start, cheap)).toBe('created');
      await addOperator(h, 'alice');
      const admin = cookieOf(await signIn(h, 'admin'));
      const alice = cookieOf(await signIn(h, 'alice'));
      expect(await ensureAdmin(h.store, password, start, cheap)).toBe('unchanged');
      expect((await whoAmI(h, admin)).operator).toEqual({ username: 'admin', role: 'admin' });

      const renewed = 'a brand new passphrase';
      expect(await ensureAdmin(h.store, renewed, start, cheap)).toBe('reset');
      expect((await whoAmI(h, admin)).operator).toBeNull();
      expect((await write(h, admin)).status).toBe(401);
      expect((await whoAmI(h, alice)).operator).toEqual({ username: 'alice', role: 'operator' });
      expect((await signIn(h, 'admin')).status).toBe(401);
      expect((await signIn(h, 'admin', renewed)).status).toBe(204);
    });

    it('refuses a password that breaks the rules, naming the variable and the rule', async () => {
      const h = await harness(engine);
      await expect(ensureAdmin(h.store, 'short', start, cheap)).rejects.toThrow(
        'Invalid SKYDECK_ADMIN_PASSWORD: must be at least 10 characters',
      );
      expect(await h.store.countOperators()).toBe(0);
    });
  });
});

// Counted in the database, on both engines.
describe.each(engines)('sign-in limits on %s', (engine) => {
  it('refuse a sixth attempt from an address after five failures, for 15 min (Retry-After 900)', async () => {
    const h = await harness(engine);
    await addOperator(h, 'alice');
    for (let i = 0; i < 5; i++) expect((await signIn(h, `user${i}`)).status).toBe(401);
    const limited = await signIn(h, 'alice');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('900');
    expect(await limited.json()).toEqual({
      error: 'Too many failed sign-ins; try again in 15 min',
    });
    expect((await signIn(h, 'alice', password, { 'X-Test-Client': '192.0.2.2' })).status).toBe(204);
    h.clock.now = start + 15 * 60_000 - 1000;
    expect((await signIn(h, 'alice')).headers.get('retry-after')).toBe('1');
    h.clock.now = start + 15 * 60_000;
    expect((await signIn(h, 'alice')).status).toBe(204);
  });

  it('never lock the owner out: five addresses failing five times each only slow the name down', async () => {
    const h = await harness(engine);
    await addOperator(h, 'admin');
    for (let address = 0; address < 5; address++) {
      const from = { 'X-Test-Client': `10.0.0.${address}` };
      for (let i = 0; i < 5; i++)
        expect((await signIn(h, 'admin', 'wrong password', from)).status).toBe(401);
      // That address, and that name from it, are done for the window.
      expect((await signIn(h, 'admin', password, from)).status).toBe(429);
    }
    // The failures grew a delay, doubling from the fourth and capped at a few seconds.
    expect(h.slept.slice(0, 4)).toEqual([
      usernameDelay.firstMs,
      2 * usernameDelay.firstMs,
      4 * usernameDelay.firstMs,
      8 * usernameDelay.firstMs,
    ]);
    expect(Math.max(...h.slept)).toBe(usernameDelay.maxMs);
    const owner = await signIn(h, 'admin', password, { 'X-Test-Client': '10.0.1.1' });
    expect(owner.status).toBe(204);
    expect(h.slept.at(-1)).toBe(usernameDelay.maxMs);
  });

  it('refuse a username from an address that failed it five times, mixed with other names', async () => {
    const h = await harness(engine);
    await addOperator(h, 'alice');
    await addOperator(h, 'bob');
    const from = { 'X-Test-Client': '192.0.2.9' };
    for (let i = 0; i < 4; i++)
      expect((await signIn(h, 'alice', 'wrong password', from)).status).toBe(401);
    expect((await signIn(h, 'bob', password, from)).status).toBe(204);
    expect((await signIn(h, 'alice', 'wrong password', from)).status).toBe(401);
    expect((await signIn(h, 'alice', password, from)).status).toBe(429);
  });

  it('hold across replicas and a restart: the count lives in the database', async () => {
    const h = await harness(engine);
    await addOperator(h, 'alice');
    for (let i = 0; i < 5; i++)
      expect((await signIn(h, 'alice', 'wrong password')).status).toBe(401);
    const other = await replica(h.database);
    other.clock.now = h.clock.now;
    expect((await signIn(other, 'alice')).status).toBe(429);
  });

  it('keep one window of rows: older failures are pruned as new ones come', async () => {
    const h = await harness(engine);
    for (let i = 0; i < 4; i++)
      await signIn(h, 'ghost', 'wrong password', { 'X-Test-Client': `10.1.0.${i}` });
    h.clock.now = start + 15 * 60_000;
    await signIn(h, 'ghost', 'wrong password', { 'X-Test-Client': '10.1.1.1' });
    const rows = await h.database.db.selectFrom('sign_in_failures').selectAll().execute();
    expect(rows.map((row) => [row.address, row.at])).toEqual([['10.1.1.1', h.clock.now]]);
  });

  it('give a burst of parallel guesses five tries, not one each', async () => {
    const h = await harness(engine);
    await addOperator(h, 'alice');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(h, 'alice', `wrong password ${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});

describe('cross-site forgery guard', () => {
  const credentials = JSON.stringify({ username: 'alice', password });

  it('refuses writes with neither a same-origin Origin nor X-Requested-With: skydeck', async () => {
    const { h, cookie } = await aliceSignedIn('sqlite');
    const json = { 'Content-Type': 'application/json' };
    const refusals = [
      ['POST', '/api/session', json],
      ['POST', '/api/session', { ...json, Origin: 'https://evil.example' }],
      ['POST', '/api/session', { ...json, Origin: 'null' }],
      ['POST', '/api/session', { ...json, 'X-Requested-With': 'XMLHttpRequest' }],
      ['POST', '/api/setup', json],
      ['DELETE', '/api/session', { Cookie: cookie }],
      ['POST', '/api/things', { Cookie: cookie }],
    ] as const;
    for (const [method, path, headers] of refusals) {
      const response = await h.request(path, { method, headers, body: credentials });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error:
          'Refused as a possible cross-site request: a write needs an Origin header of this same origin or the header X-Requested-With: skydeck',
      });
    }
    expect((await whoAmI(h, cookie)).operator).toEqual({ username: 'alice', role: 'operator' });
  });

  it('accepts an Origin of the same scheme, host and port, and X-Requested-With alone', async () => {
    const h = await harness('sqlite');
    await addOperator(h, 'alice');
    const post = (url: string, headers: Record<string, string>) =>
      h.request(url, { method: 'POST', headers, body: credentials });
    const cases: [string, Record<string, string>, number][] = [
      ['http://skydeck.test/api/session', { Origin: 'http://skydeck.test' }, 204],
      ['http://skydeck.test:8080/api/session', { Origin: 'http://skydeck.test:8080' }, 204],
      ['https://skydeck.test/api/session', { Origin: 'https://skydeck.test' }, 204],
      ['https://skydeck.test:443/api/session', { Origin: 'https://skydeck.test' }, 204],
      // TLS ended at a trusted proxy: the page was https, the server saw http.
      [
        'http://skydeck.test/api/session',
        { Origin: 'https://skydeck.test', 'X-Forwarded-Proto': 'https' },
        204,
      ],
      ['http://skydeck.test/api/session', { 'X-Requested-With': 'skydeck' }, 204],
      // The same host on another scheme or port is another origin.
      ['http://skydeck.test/api/session', { Origin: 'https://skydeck.test' }, 403],
      ['https://skydeck.test/api/session', { Origin: 'http://skydeck.test' }, 403],
      ['http://skydeck.test:8080/api/session', { Origin: 'http://skydeck.test' }, 403],
      ['http://skydeck.test/api/session', { Origin: 'http://skydeck.test.evil.example' }, 403],
    ];
    for (const [url, headers, status] of cases)
      expect([url, headers, (await post(url, headers)).status]).toEqual([url, headers, status]);
  });

  it('lets reads through untouched', async () => {
    const h = await harness('sqlite');
    expect(
      (await h.request('/api/session', { headers: { Origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });
});
