/**
 * The one path to the Weather Data Service, for demo and live alike: in demo mode `fetch` is the
 * simulator's handler, in live mode the network's.
 */
export type FetchLike = (input: Request) => Promise<Response>;

export interface ProviderClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  timeoutMs: number;
}

export interface ProviderResponse {
  status: number;
  /** Parsed JSON, or null for an empty body (204). */
  body: unknown;
  headers: Headers;
}

/** The provider could not be reached or answered with something that is not JSON. */
export class UpstreamError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

export function createProviderClient(options: ProviderClientOptions) {
  return {
    async get(path: string, params: URLSearchParams): Promise<ProviderResponse> {
      const url = new URL(`${options.baseUrl}/${path}`);
      for (const [name, value] of params) url.searchParams.set(name, value);
      url.searchParams.set('key', options.apiKey);
      let response: Response;
      try {
        response = await options.fetch(
          new Request(url, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(options.timeoutMs),
          }),
        );
      } catch (error) {
        // Error messages from fetch can quote the URL, and the URL carries the key: never
        // pass them on.
        if (error instanceof DOMException && error.name === 'TimeoutError') {
          throw new UpstreamError(
            504,
            `The weather provider did not answer within ${options.timeoutMs} ms`,
          );
        }
        throw new UpstreamError(502, 'The weather provider could not be reached');
      }
      const text = await response.text();
      if (text.trim() === '')
        return { status: response.status, body: null, headers: response.headers };
      try {
        return { status: response.status, body: JSON.parse(text), headers: response.headers };
      } catch {
        throw new UpstreamError(
          502,
          `The weather provider answered ${response.status} with a body that is not JSON`,
        );
      }
    },
  };
}

export type ProviderClient = ReturnType<typeof createProviderClient>;
