import type { EndpointPath } from './endpoints';

/**
 * Who may call a route. `open`: anyone, as a kiosk reads; `signed-out`: a write anyone may send
 * (signing in, out, the first account), with the write header; `operator` / `admin`: a signed-in
 * session of that role (writes also carry the write header); `station`: a weather station's
 * upload, its key its credential (a station sends no session and no write header); `refused`:
 * the route exists only to refuse (the event log is append-only), and is no write.
 */
export type RouteAccess = 'open' | 'signed-out' | 'operator' | 'admin' | 'station' | 'refused';

type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** `METHOD /path`, the path under /api in Hono's pattern (`:name` for a path parameter). */
type RouteKey = `${RouteMethod} /${string}`;

/**
 * The BFF's own routes under /api, one entry each: the server's write rule, the client's route
 * types and the OpenAPI document (server/http/openapi.ts, which holds each route's schemas) are
 * derived from this, and a test holds the Hono app to it in both directions.
 */
export const bffRoutes = {
  'GET /health': 'open',
  'GET /ready': 'open',
  'GET /config': 'open',
  'GET /openapi.json': 'open',
  'GET /docs': 'open',
  'GET /places': 'open',
  'GET /places/at': 'open',
  'GET /quota': 'open',
  'GET /quota/cost': 'open',
  'GET /session': 'open',
  'POST /session': 'signed-out',
  'DELETE /session': 'signed-out',
  'POST /setup': 'signed-out',
  'GET /operators': 'admin',
  'POST /operators': 'admin',
  'PATCH /operators/:username': 'admin',
  'GET /audit': 'admin',
  'GET /sites': 'open',
  'POST /sites': 'operator',
  'GET /sites/:id': 'open',
  'PATCH /sites/:id': 'operator',
  'DELETE /sites/:id': 'operator',
  'POST /sites/:id/drill': 'operator',
  'GET /sites/:id/drills': 'open',
  'GET /sites/:id/outlook': 'open',
  'GET /cap/sites/:id': 'open',
  'GET /cap/drills/:id': 'open',
  'GET /cap.atom': 'open',
  'POST /sites/:id/share': 'operator',
  'DELETE /sites/:id/share': 'operator',
  'GET /public/:token': 'open',
  'GET /public/:token/stream': 'open',
  'GET /public/:token/cap': 'open',
  'POST /public/:token/push': 'signed-out',
  'DELETE /public/:token/push': 'signed-out',
  'GET /events': 'open',
  'POST /events/:id/ack': 'operator',
  'PUT /events': 'refused',
  'PATCH /events': 'refused',
  'DELETE /events': 'refused',
  'PUT /events/:id': 'refused',
  'PATCH /events/:id': 'refused',
  'DELETE /events/:id': 'refused',
  'PUT /events/:id/ack': 'refused',
  'PATCH /events/:id/ack': 'refused',
  'DELETE /events/:id/ack': 'refused',
  'GET /stream': 'open',
  'GET /channels': 'open',
  'POST /channels': 'admin',
  'GET /channels/:id': 'open',
  'PATCH /channels/:id': 'admin',
  'DELETE /channels/:id': 'admin',
  'POST /channels/:id/test': 'admin',
  'GET /deliveries': 'open',
  'GET /reports/standdown': 'operator',
  'GET /stations': 'open',
  'POST /stations': 'operator',
  'PATCH /stations/:id': 'operator',
  'DELETE /stations/:id': 'operator',
  'GET /stations/:id/readings': 'open',
  'GET /stations/wu/updateweatherstation.php': 'station',
  'POST /stations/ecowitt': 'station',
  'GET /push/key': 'open',
  'POST /push/subscriptions': 'operator',
  'GET /push/subscriptions': 'operator',
  'DELETE /push/subscriptions/:id': 'operator',
} as const satisfies Record<RouteKey, RouteAccess>;

export type BffRouteKey = keyof typeof bffRoutes;

/** The provider's endpoints the BFF fronts, each `GET /<endpoint>`, open to all. */
type WeatherRouteKey = `GET /${EndpointPath}`;

export type ApiRouteKey = BffRouteKey | WeatherRouteKey;

type PathOf<K> = K extends `${RouteMethod} /${infer P}` ? P : never;

/** A path pattern as a request path: each `:name` becomes any text. */
type Filled<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Filled<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;

/** A BFF route's path under /api (no leading slash), as the client asks for it. */
export type BffPath<K extends BffRouteKey = BffRouteKey> = Filled<PathOf<K>>;

/** The paths of the routes that write (not GET, not a refusal), for the client's writes. */
export type WriteRouteKey = {
  [K in BffRouteKey]: K extends `GET ${string}`
    ? never
    : (typeof bffRoutes)[K] extends 'refused'
      ? never
      : K;
}[BffRouteKey];

export const routeMethod = (key: RouteKey) => key.slice(0, key.indexOf(' ')) as RouteMethod;
export const routePath = (key: RouteKey) => key.slice(key.indexOf(' ') + 1);

export const writes = (key: BffRouteKey) =>
  routeMethod(key) !== 'GET' && bffRoutes[key] !== 'refused';

/**
 * Whether a request path (with its /api prefix) is one a write route takes: the BFF refuses
 * every other non-GET request before it reaches a route (405, "this server only reads").
 */
export function writablePathTest(): (path: string) => boolean {
  const patterns = new Set((Object.keys(bffRoutes) as BffRouteKey[]).filter(writes).map(routePath));
  const source = [...patterns]
    .map((path) => path.replace(/[.]/g, '\\.').replace(/:[^/]+/g, '[^/]+'))
    .join('|');
  const pattern = new RegExp(`^/api(?:${source})$`);
  return (path) => pattern.test(path);
}
