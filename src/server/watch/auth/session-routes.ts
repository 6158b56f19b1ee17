import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SessionResponse } from '../../../shared/api/watch-answers';
import type { AuditRecorder } from '../../audit/audit-log';
import type { Logger } from '../../log';
import { readJsonBody } from '../json-body';
import type { WatchStore } from '../store';
import {
  credentialsSchema,
  hashPassword,
  needsRehash,
  type ScryptParams,
  scryptParams,
  verifyDecoy,
  verifyPassword,
  warmDecoy,
} from './passwords';
import { forgetSetupCodes, isSetupCode, issueSetupCode, setupCodeSchema } from './setup-code';
import {
  csrfGuard,
  endSession,
  type OperatorEnv,
  type SecureTest,
  sessionOperator,
  sessionToken,
  startSession,
  tokenHash,
} from './sessions';
import { SignInLimiter } from './sign-in-limiter';

export interface SessionRouteOptions {
  store: WatchStore;
  /** Epoch ms: session expiry and the sign-in limits' window. */
  clock: () => number;
  /** The client's address, as the sign-in limits tell clients apart. */
  clientOf: (c: Context) => string;
  /** Whether the request came over https: the cookie is then Secure, and the Origin https. */
  secure: SecureTest;
  logger?: Logger;
  /** Start-up work sign-in must wait for (the database, SKYDECK_ADMIN_PASSWORD). */
  ready?: Promise<void>;
  /** The cost of new password hashes; tests lower it. Stored hashes carry their own. */
  passwordCost?: ScryptParams;
  /** How a sign-in waits out the delay its username's failures ask for; tests record it. */
  sleep?: (ms: number) => Promise<void>;
  /** The audit record: sign-ins, failed ones (the name tried, never the password), setup. */
  record?: AuditRecorder;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Credentials are two short strings; anything bigger is a mistake or an attack. */
export const maxCredentialBytes = 4096;

const wrongCredentials = 'Wrong username or password';
const wrongSetupCode =
  'Wrong or missing setup_code: it is in the server\'s log, on the line with "event":"setup-code"';

export const setupSchema = credentialsSchema.extend({ setup_code: setupCodeSchema.optional() });

/**
 * `/session` (sign in, out, who am I) and `/setup` (the first account, with the setup code the
 * server logged), to be mounted at /api. Reads stay open; sign-in is limited per address and
 * slowed per username (see SignInLimiter), and answers alike, in words and in time, for an
 * unknown name and a wrong password. Wrong setup codes count against the address too.
 */
export function sessionRoutes(options: SessionRouteOptions) {
  const { store, clock } = options;
  const log = options.logger ?? { info: () => undefined, error: () => undefined };
  const ready = () => options.ready ?? store.database.ready;
  const cost = options.passwordCost ?? scryptParams;
  const sleep = options.sleep ?? realSleep;
  const record: AuditRecorder = options.record ?? (async () => undefined);
  const limiter = new SignInLimiter(store.database, clock);
  void warmDecoy(cost);
  const app = new Hono<OperatorEnv>();
  const small = bodyLimit({
    maxSize: maxCredentialBytes,
    onError: (c) =>
      c.json({ error: `The request body must be at most ${maxCredentialBytes} bytes` }, 413),
  });
  const guard = csrfGuard({ secure: options.secure });
  app.use('/session', guard);
  app.use('/setup', guard);

  app.get('/session', async (c) => {
    await ready();
    const operator = await sessionOperator(c, store, clock());
    c.header('Cache-Control', 'no-store');
    return c.json({
      operator: operator ? { username: operator.username, role: operator.role } : null,
      setup_required: (await store.countOperators()) === 0,
    } satisfies SessionResponse);
  });

  app.post('/session', small, async (c) => {
    const body = await readJsonBody(c, credentialsSchema);
    if (!body.ok) return body.response;
    const { username, password } = body.value;
    const address = options.clientOf(c);
    await ready();
    const admission = await limiter.admit(address, username);
    if (!admission.allowed) {
      log.info('sign-in-limited', { username, client: address });
      return tooMany(c, admission.retryAfter);
    }
    if (admission.delayMs > 0) await sleep(admission.delayMs);
    const operator = await store.findOperator(username);
    const valid = operator
      ? await verifyPassword(password, operator.password_hash)
      : await verifyDecoy(password, cost);
    if (!operator || !valid) {
      log.info('sign-in-failed', { username, client: address });
      await record(c, { action: 'session.sign-in-failed', target: username, operator: null });
      return c.json({ error: wrongCredentials }, 401);
    }
    if (operator.disabled) {
      await record(c, {
        action: 'session.sign-in-failed',
        target: username,
        operator: null,
        detail: { reason: 'disabled' },
      });
      return c.json({ error: `${username} is disabled; an admin can enable it again` }, 403);
    }
    await limiter.succeeded(admission.attempt);
    if (needsRehash(operator.password_hash, cost))
      await store.rehashPassword(
        operator.id,
        operator.password_hash,
        await hashPassword(password, cost),
      );
    // The session this browser held before, if any, ends: one browser, one session.
    const previous = sessionToken(c);
    if (previous) await store.deleteSession(tokenHash(previous));
    await store.pruneSessions(clock());
    await startSession(c, store, operator.id, clock(), options.secure(c));
    log.info('sign-in', { username: operator.username, client: address });
    await record(c, {
      action: 'session.sign-in',
      target: operator.username,
      operator: operator.username,
    });
    return c.body(null, 204);
  });

  app.delete('/session', async (c) => {
    await ready();
    await endSession(c, store, options.secure(c));
    return c.body(null, 204);
  });

  app.post('/setup', small, async (c) => {
    const body = await readJsonBody(c, setupSchema);
    if (!body.ok) return body.response;
    await ready();
    const taken = () =>
      c.json({ error: 'Skydeck already has an operator; sign in, or ask one to add you' }, 409);
    // Checked before hashing too, so that a finished setup costs callers nothing to ask again.
    if ((await store.countOperators()) > 0) return taken();
    const address = options.clientOf(c);
    // Counted under no username: guesses at the code spend the address's sign-in budget.
    const admission = await limiter.admit(address, '');
    if (!admission.allowed) {
      log.info('setup-limited', { client: address });
      return tooMany(c, admission.retryAfter);
    }
    const { username, password, setup_code: code } = body.value;
    if (code === undefined || !(await isSetupCode(store.database, code))) {
      // A setup that won a moment ago forgot the codes: this one lost the race, not its code.
      if ((await store.countOperators()) > 0) return taken();
      log.info('setup-code-refused', { client: address });
      return c.json({ error: wrongSetupCode }, 403);
    }
    await limiter.succeeded(admission.attempt);
    const created = await store.createFirstOperator(
      username,
      await hashPassword(password, cost),
      clock(),
    );
    if (!created) return taken();
    await forgetSetupCodes(store.database);
    const operator = await store.findOperator(username);
    if (operator) await startSession(c, store, operator.id, clock(), options.secure(c));
    log.info('first-operator', { username, client: options.clientOf(c) });
    await record(c, {
      action: 'operator.setup',
      target: username,
      operator: username,
      detail: { role: 'admin' },
    });
    return c.body(null, 204);
  });

  return app;
}

function tooMany(c: Context, retryAfter: number) {
  const minutes = Math.ceil(retryAfter / 60);
  return c.json({ error: `Too many failed sign-ins; try again in ${minutes} min` }, 429, {
    'Retry-After': String(retryAfter),
  });
}

/**
 * At start-up without SKYDECK_ADMIN_PASSWORD: while no operator exists, a one-time code that
 * `/api/setup` asks for (to log), so that whoever reaches the server first cannot claim it
 * without having read its log. Once one exists, any codes left are forgotten.
 */
export async function ensureSetupCode(store: WatchStore, now: number): Promise<string | undefined> {
  await store.database.ready;
  if ((await store.countOperators()) > 0) {
    await forgetSetupCodes(store.database);
    return undefined;
  }
  return issueSetupCode(store.database, now);
}

/** The sentence logged with the code: where it goes. */
export const setupCodeMessage =
  'Skydeck has no operator yet: open it in a browser, choose "Create the admin account" and enter this setup code';

export type AdminOutcome = 'not-asked' | 'created' | 'reset' | 'unchanged';

/**
 * SKYDECK_ADMIN_PASSWORD at start-up: creates `admin`, or sets its password and ends its
 * sessions. The same password as before changes nothing, so a restart signs nobody out.
 */
export async function ensureAdmin(
  store: WatchStore,
  password: string | undefined,
  now: number,
  cost: ScryptParams = scryptParams,
): Promise<AdminOutcome> {
  if (!password) return 'not-asked';
  const checked = credentialsSchema.shape.password.safeParse(password);
  if (!checked.success)
    throw new Error(`Invalid SKYDECK_ADMIN_PASSWORD: ${checked.error.issues[0]?.message}`);
  await store.database.ready;
  const existing = await store.findOperator('admin');
  if (existing && (await verifyPassword(password, existing.password_hash))) return 'unchanged';
  const hash = await hashPassword(password, cost);
  if (!existing) {
    if (await store.saveOperator('admin', hash, now, false, 'admin')) return 'created';
    // Replicas starting together from one setting: another made it a moment ago. Resetting it
    // again would end the sessions signed in since.
    const made = await store.findOperator('admin');
    if (made && (await verifyPassword(password, made.password_hash))) return 'unchanged';
  }
  await store.resetPassword('admin', hash, now, true);
  return existing ? 'reset' : 'created';
}
