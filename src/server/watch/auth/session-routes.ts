import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from '../../log';
import { readJsonBody } from '../json-body';
import type { WatchStore } from '../store';
import { credentialsSchema, hashPassword, verifyDecoy, verifyPassword } from './passwords';
import { csrfGuard, endSession, type OperatorEnv, sessionOperator, startSession } from './sessions';
import { SignInLimiter } from './sign-in-limiter';

export interface SessionRouteOptions {
  store: WatchStore;
  /** Start-up work sign-in must wait for (the database, SKYDECK_ADMIN_PASSWORD). */
  ready: Promise<void>;
  /** Epoch ms. */
  clock: () => number;
  /** The client's address, as the rate limits tell clients apart. */
  clientOf: (c: Context) => string;
  /** Whether the cookie must be Secure (the page came over https). */
  secure: (c: Context) => boolean;
  logger: Logger;
}

/**
 * `/api/session` (sign in, out, who am I) and `/api/setup` (the first account). Reads stay open;
 * sign-in is rate-limited per address and per username, and answers alike for an unknown name
 * and a wrong password.
 */
export function sessionRoutes(options: SessionRouteOptions) {
  const { store, clock, logger } = options;
  const limiter = new SignInLimiter(clock);
  const app = new Hono<OperatorEnv>();
  const small = bodyLimit({
    maxSize: 4096,
    onError: (c) => c.json({ error: 'The request body must be at most 4096 bytes' }, 413),
  });
  app.use('/session', csrfGuard());
  app.use('/setup', csrfGuard());

  app.get('/session', async (c) => {
    await options.ready;
    const operator = await sessionOperator(c, store, clock());
    c.header('Cache-Control', 'no-store');
    return c.json({
      operator: operator ? { username: operator.username } : null,
      setup_required: (await store.countOperators()) === 0,
    });
  });

  app.post('/session', small, async (c) => {
    const body = await readJsonBody(c, credentialsSchema);
    if (!body.ok) return body.response;
    const { username, password } = body.value;
    const address = options.clientOf(c);
    const wait = limiter.retryAfter(address, username);
    if (wait > 0)
      return c.json(
        { error: `Too many failed sign-ins; try again in ${Math.ceil(wait / 60)} min` },
        429,
        {
          'Retry-After': String(wait),
        },
      );
    await options.ready;
    const operator = await store.findOperator(username);
    const valid = operator
      ? await verifyPassword(password, operator.password_hash)
      : await verifyDecoy(password);
    if (!operator || !valid) {
      limiter.fail(address, username);
      logger.info('sign-in-failed', { username, client: address });
      return c.json({ error: 'Wrong username or password' }, 401);
    }
    limiter.succeed(username);
    await store.pruneSessions(clock());
    await startSession(c, store, operator.id, clock(), options.secure(c));
    logger.info('sign-in', { username });
    return c.body(null, 204);
  });

  app.delete('/session', async (c) => {
    await endSession(c, store);
    return c.body(null, 204);
  });

  app.post('/setup', small, async (c) => {
    const body = await readJsonBody(c, credentialsSchema);
    if (!body.ok) return body.response;
    await options.ready;
    const { username, password } = body.value;
    const created = await store.createFirstOperator(
      username,
      await hashPassword(password),
      clock(),
    );
    if (!created)
      return c.json(
        { error: 'Skydeck already has an operator; sign in, or ask one to add you' },
        409,
      );
    const operator = await store.findOperator(username);
    if (operator) await startSession(c, store, operator.id, clock(), options.secure(c));
    logger.info('first-operator', { username });
    return c.body(null, 204);
  });

  return app;
}

/** SKYDECK_ADMIN_PASSWORD: creates `admin`, or resets its password and ends its sessions. */
export async function ensureAdmin(
  store: WatchStore,
  password: string | undefined,
  now: number,
): Promise<void> {
  if (!password) return;
  const checked = credentialsSchema.shape.password.safeParse(password);
  if (!checked.success)
    throw new Error(`Invalid SKYDECK_ADMIN_PASSWORD: ${checked.error.issues[0]?.message}`);
  await store.database.ready;
  const existing = await store.findOperator('admin');
  if (existing && (await verifyPassword(password, existing.password_hash))) return;
  await store.saveOperator('admin', await hashPassword(password), now, true);
  await store.deleteSessionsOf('admin');
}
