import type { z } from 'zod';
import type { EndpointPath, endpointSchemas } from '../../shared/api/endpoints';
import { apiErrorSchema } from '../../shared/api/health';
import type { BffPath, WriteRouteKey } from '../../shared/api/routes';
import { parseServerTime, serverTimeHeader } from '../../shared/api/server-time';
import { observeServerTime, serverNow } from './server-clock';

/** An answer from the BFF that is not data: its status and the sentence it gave. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryParams = Record<string, string | number | undefined>;

/**
 * The BFF's own routes (not the provider's): their parameters are not in the endpoint table.
 * Derived from the route table the server is held to; a type alone, nothing of it is shipped.
 */
export type BffRoute = BffPath;

/** The routes that take writes. */
type WriteRoute = BffPath<WriteRouteKey>;

/** The header every write carries: the BFF's rule against cross-site request forgery. */
export const writeHeader = { 'x-requested-with': 'skydeck' } as const;

type ParamInput<P extends EndpointPath> = z.input<(typeof endpointSchemas)[P]>;

/** Every parameter name the endpoint (or any of a union of endpoints) accepts. */
type ParamName<P extends EndpointPath> = P extends EndpointPath
  ? keyof ParamInput<P> & string
  : never;

/** The values the endpoints take for a name, as the contract reads them. */
type ParamInputValue<P extends EndpointPath, K> = P extends EndpointPath
  ? K extends keyof ParamInput<P>
    ? Exclude<ParamInput<P>[K], undefined>
    : never
  : never;

/**
 * Numbers travel as query-string text, so a parameter the contract reads from text takes a
 * number too; one with a fixed set of values (units, tz, sort…) takes only those.
 */
type ParamValue<V> = string extends V ? string | number : V;

/**
 * The parameters a request to a provider endpoint may carry, by the BFF's own request schema.
 * All are optional here: which are required together (lat with lon, one location…) is the
 * schema's rule, checked by the BFF, whose 400 names it. Undefined ones are left out.
 */
export type ApiParams<P extends EndpointPath> = {
  [K in ParamName<P>]?: ParamValue<ParamInputValue<P, K>> | undefined;
};

/**
 * The query one of the BFF's own routes takes, by the schema the BFF parses it with
 * (shared/api/queries.ts): a name it refuses, or a value outside a fixed set, does not compile.
 */
export type RouteQuery<S extends z.ZodType> = {
  [K in keyof z.input<S>]?: ParamValue<Exclude<z.input<S>[K], undefined>> | undefined;
};

/**
 * `Q` as given, with any name the endpoint does not know made `never`, so the call fails at
 * that name, also when the parameters were built before the call (where TypeScript's
 * excess-property check does not reach).
 */
export type KnownParams<P extends EndpointPath, Q> = Q & {
  [K in Exclude<keyof Q, ParamName<P>>]: never;
};

export function apiUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const query = search.toString();
  return `/api/${path}${query ? `?${query}` : ''}`;
}

/** A parsed answer with what the BFF said about it: its cache result and the exact text. */
export interface ApiAnswer<T> {
  data: T | null;
  /** X-Cache: HIT, MISS, STALE or COALESCED; null for routes without a cache. */
  cache: string | null;
  /** The body exactly as received, for exports of what was fetched. */
  text: string;
  /**
   * When the data was current, on the server's clock (epoch ms): the answer's time less its
   * age in the BFF's cache.
   */
  asOf: number;
}

/**
 * GETs a BFF route and parses the answer with the contract's schema, so the UI only ever sees
 * data of the promised shape. A 204 (no data) gives null.
 */
async function request<S extends z.ZodType>(
  path: string,
  params: QueryParams,
  schema: S,
  signal?: AbortSignal,
  write?: { method: WriteMethod; body: unknown },
  maxAgeS?: number,
): Promise<ApiAnswer<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(
      apiUrl(path, params),
      write
        ? {
            method: write.method,
            headers: {
              accept: 'application/json',
              ...writeHeader,
              ...(write.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: write.body === undefined ? undefined : JSON.stringify(write.body),
          }
        : {
            signal,
            headers: {
              accept: 'application/json',
              ...(maxAgeS === undefined ? {} : { 'cache-control': `max-age=${maxAgeS}` }),
            },
          },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'The Skydeck server could not be reached');
  }
  const stated = parseServerTime(response.headers.get(serverTimeHeader));
  if (stated !== undefined) observeServerTime(stated);
  const ageSeconds = Number(response.headers.get('age') ?? 0);
  const asOf = (stated ?? serverNow()) - (Number.isFinite(ageSeconds) ? ageSeconds * 1000 : 0);
  const cache = response.headers.get('x-cache');
  if (response.status === 204) return { data: null, cache, text: '', asOf };
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'The connection to the Skydeck server broke off');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(body);
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data.error : `The server answered ${response.status}`,
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      `The server's answer did not match the contract for ${path}`,
    );
  }
  return { data: parsed.data, cache, text, asOf };
}

/**
 * One of the BFF's own routes, its data alone. The provider's endpoints go through `api`, which
 * checks their parameters against the contract.
 */
export async function getJson<S extends z.ZodType>(
  path: BffRoute,
  params: QueryParams,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S> | null> {
  return (await request(path, params, schema, signal)).data;
}

export type WriteMethod = 'POST' | 'PATCH' | 'DELETE';

/**
 * A write to one of the BFF's own routes (sign-in, sites, acknowledgements): JSON in, the answer
 * parsed with `schema` (null for a 204), a refusal thrown as an ApiError with the BFF's sentence.
 * The session cookie goes with it, as same-origin fetches send it.
 */
export async function sendJson<S extends z.ZodType>(
  method: WriteMethod,
  path: WriteRoute,
  body: unknown,
  schema: S,
): Promise<z.output<S> | null> {
  return (await request(path, {}, schema, undefined, { method, body })).data;
}

/**
 * The provider's endpoints, as the BFF fronts them. The path must be one of the contract's
 * (`shared/api/endpoints.ts`) and every parameter name one its request schema knows, so a typo
 * fails to compile instead of coming back as a 400.
 */
export const api = {
  /**
   * The answer with what the BFF said about it (cache result, exact text, as-of time).
   * `maxAgeS`: the oldest answer from the BFF's cache that will do, for data a safety decision
   * rests on.
   */
  getAnswer<P extends EndpointPath, Q extends ApiParams<P>, S extends z.ZodType>(
    path: P,
    params: KnownParams<P, Q>,
    schema: S,
    signal?: AbortSignal,
    maxAgeS?: number,
  ): Promise<ApiAnswer<z.output<S>>> {
    return request(path, params, schema, signal, undefined, maxAgeS);
  },

  /** The data alone: what most panels need. */
  async get<P extends EndpointPath, Q extends ApiParams<P>, S extends z.ZodType>(
    path: P,
    params: KnownParams<P, Q>,
    schema: S,
    signal?: AbortSignal,
  ): Promise<z.output<S> | null> {
    return (await request(path, params, schema, signal)).data;
  },
};
