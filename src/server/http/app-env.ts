/**
 * Where an answer to a data request came from, as X-Cache, the cache metric and the log say.
 * SHARED: fetched by another replica moments ago (PostgreSQL's shared cache).
 */
export type CacheResult = 'HIT' | 'MISS' | 'STALE' | 'COALESCED' | 'SHARED';

/**
 * The BFF's Hono environment. A module of its own so that routes need not import the app that
 * mounts them. `cacheResult` is set by the response writer for the request's log line.
 */
export type AppEnv = { Variables: { cacheResult?: CacheResult } };
