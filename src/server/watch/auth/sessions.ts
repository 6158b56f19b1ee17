import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { OperatorRole } from '../../../shared/api/operators';
import type { WatchStore } from '../store';

export const sessionCookie = 'skydeck_session';
/**
 * Over https the cookie is `__Host-skydeck_session`: browsers then take it only Secure, for
 * Path=/ and without Domain, so no sibling subdomain or plain-http page can plant or shadow it.
 * Plain http (a local run) keeps the bare name, which browsers would refuse with the prefix.
 */
export const secureSessionCookie = `__Host-${sessionCookie}`;

/**
 * A session lasts a working shift and a half from sign-in, fixed rather than sliding: a stolen
 * cookie stops working at a known time however busily it is used, and signing in again is cheap.
 */
export const sessionLifetimeMs = 12 * 3600_000;

export interface Operator {
  id: number;
  username: string;
  role: OperatorRole;
}

/** What `requireOperator` leaves on the context; merges with the BFF's AppEnv. */
export type OperatorEnv = { Variables: { operator?: Operator } };

/** Whether the request came over https (directly, or through a trusted TLS-terminating proxy). */
export type SecureTest = (c: Context) => boolean;

/** The database keeps only this: a stolen copy of it hands out no sessions. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

const cookieOptions = (secure: boolean): CookieOptions => ({
  httpOnly: true,
  sameSite: 'Strict',
  secure,
  path: '/',
});

/** A new session for the operator, its token in the cookie and only the token's hash stored. */
export async function startSession(
  c: Context,
  store: WatchStore,
  operatorId: number,
  now: number,
  secure: boolean,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await store.createSession(tokenHash(token), operatorId, now, now + sessionLifetimeMs);
  setCookie(c, secure ? secureSessionCookie : sessionCookie, token, {
    ...cookieOptions(secure),
    maxAge: sessionLifetimeMs / 1000,
  });
}

/** The session token the request carries: under either name, so sessions started before the
 * prefix came in keep working until they end. */
export function sessionToken(c: Context): string | undefined {
  return getCookie(c, secureSessionCookie) ?? getCookie(c, sessionCookie);
}

/** Ends the request's session, if it has one, and tells the browser to forget the cookie. */
export async function endSession(c: Context, store: WatchStore, secure: boolean): Promise<void> {
  const token = sessionToken(c);
  if (token) await store.deleteSession(tokenHash(token));
  if (getCookie(c, sessionCookie) !== undefined || !secure)
    deleteCookie(c, sessionCookie, cookieOptions(secure));
  if (secure) deleteCookie(c, secureSessionCookie, cookieOptions(secure));
}

/** The operator whose unexpired session the request's cookie names. */
export async function sessionOperator(
  c: Context,
  store: WatchStore,
  now: number,
): Promise<Operator | undefined> {
  const token = sessionToken(c);
  // Ours are 43 characters; anything much longer is not worth hashing.
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

export interface CsrfOptions {
  /**
   * Whether the request came over https though the server saw http (a trusted proxy's
   * X-Forwarded-Proto): the scheme of the origin a same-origin page sends. By default the
   * request URL's own scheme.
   */
  secure?: SecureTest;
}

export const csrfRule =
  'a write needs an Origin header of this same origin or the header X-Requested-With: skydeck';

/**
 * Against cross-site forgery on top of SameSite=Strict: a write must come from this origin
 * (its Origin header, scheme and host) or say it is a script of ours (`X-Requested-With:
 * skydeck`), which a cross-site form cannot send and a cross-site fetch cannot without a CORS
 * preflight the BFF refuses. The scheme counts: a page on http://host, which anyone on the
 * network path can write, is not the https://host the cookie was set by. Behind a proxy the
 * server is not told to trust, a browser's https Origin fails and its scripts' header decides.
 */
export function csrfGuard(options: CsrfOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (c.req.header('x-requested-with') === 'skydeck') return next();
    const origin = c.req.header('origin');
    if (origin && origin === ownOrigin(c, options.secure)) return next();
    return c.json({ error: `Refused as a possible cross-site request: ${csrfRule}` }, 403);
  };
}

function ownOrigin(c: Context, secure: SecureTest | undefined): string {
  const url = new URL(c.req.url);
  const scheme = secure?.(c) ? 'https:' : url.protocol;
  // Through URL again: the default port of the scheme the page saw is left out, as browsers do.
  return new URL(`${scheme}//${url.host}`).origin;
}
