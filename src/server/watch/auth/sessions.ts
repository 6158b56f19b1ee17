import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { WatchStore } from '../store';

export const sessionCookie = 'skydeck_session';
/** A session lasts a working shift and a half; signing in again is cheap, a stolen cookie is not. */
export const sessionLifetimeMs = 12 * 3600_000;

export interface Operator {
  id: number;
  username: string;
}

export type OperatorEnv = { Variables: { operator?: Operator } };

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function startSession(
  c: Context,
  store: WatchStore,
  operatorId: number,
  now: number,
  secure: boolean,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await store.createSession(tokenHash(token), operatorId, now, now + sessionLifetimeMs);
  setCookie(c, sessionCookie, token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    path: '/',
    maxAge: sessionLifetimeMs / 1000,
  });
}

export async function endSession(c: Context, store: WatchStore): Promise<void> {
  const token = getCookie(c, sessionCookie);
  if (token) await store.deleteSession(tokenHash(token));
  deleteCookie(c, sessionCookie, { path: '/' });
}

export async function sessionOperator(
  c: Context,
  store: WatchStore,
  now: number,
): Promise<Operator | undefined> {
  const token = getCookie(c, sessionCookie);
  if (!token || token.length > 100) return undefined;
  return store.sessionOperator(tokenHash(token), now);
}

/** Writes need a signed-in operator, whose name then goes into the record. */
export function requireOperator(
  store: WatchStore,
  clock: () => number,
): MiddlewareHandler<OperatorEnv> {
  return async (c, next) => {
    const operator = await sessionOperator(c, store, clock());
    if (!operator) return c.json({ error: 'Sign in as an operator to change the watch' }, 401);
    c.set('operator', operator);
    await next();
  };
}

/**
 * Against cross-site forgery on top of SameSite=Strict: a write must come from this origin
 * (its Origin header) or say it is a script of ours (`X-Requested-With: skydeck`), which a
 * cross-site form cannot send and a cross-site fetch cannot without a CORS preflight we refuse.
 */
export function csrfGuard(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const origin = c.req.header('origin');
    const requestedWith = c.req.header('x-requested-with');
    if (requestedWith === 'skydeck' || sameHost(origin, c.req.header('host'))) return next();
    return c.json(
      {
        error:
          'Refused as a possible cross-site request: a write needs a same-origin Origin header or X-Requested-With: skydeck',
      },
      403,
    );
  };
}

/** The Origin's host against the Host header: a TLS-terminating proxy changes the scheme only. */
function sameHost(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host || origin === 'null') return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
