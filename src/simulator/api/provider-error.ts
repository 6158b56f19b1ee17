/** An answer the service gives instead of data: a status and the provider's JSON error body. */
export class ProviderError extends Error {
  constructor(
    readonly status: 400 | 403 | 429 | 500,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.error ?? body.status_message ?? status));
  }
}

export const badRequest = (message: string) => new ProviderError(400, { error: message });
