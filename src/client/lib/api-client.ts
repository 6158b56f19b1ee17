import type { z } from 'zod';
import { apiErrorSchema } from '../../shared/api/health';

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

/**
 * GETs a BFF route and parses the answer with the contract's schema, so the UI only ever sees
 * data of the promised shape. A 204 (no data) resolves to null.
 */
export async function getJson<S extends z.ZodType>(
  path: string,
  params: QueryParams,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S> | null> {
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
  if (response.status === 204) return null;
  const body: unknown = await response.json().catch(() => undefined);
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
  return parsed.data;
}
