import type { z } from 'zod';
import { apiErrorSchema } from '../../shared/api/health';
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
export async function getAnswer<S extends z.ZodType>(
  path: string,
  params: QueryParams,
  schema: S,
  signal?: AbortSignal,
): Promise<ApiAnswer<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), {
      signal,
      headers: { accept: 'application/json' },
    });
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

/** `getAnswer`'s data alone: what most panels need. */
export async function getJson<S extends z.ZodType>(
  path: string,
  params: QueryParams,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S> | null> {
  return (await getAnswer(path, params, schema, signal)).data;
}
