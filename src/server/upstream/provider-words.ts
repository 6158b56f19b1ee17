/**
 * What the provider says is never passed on as it came: a provider, or a proxy in front of it,
 * may echo the request URL, and the URL carries the key. Statuses map to Skydeck's own
 * sentences; the provider's own detail follows only once scrubbed.
 */

const maxDetailLength = 160;

/** A Weatherbit key is 32 hex digits: any such token is treated as one, wherever it stands. */
const hexToken = /(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/gi;
/** Anything shaped like a URL, a path with a query, or a key parameter, as one token. */
const urlText = /\S*(?::\/\/|\?|\bkey\s*[=:])\S*/gi;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]+/g;

/** Text from the provider made safe to show or log: no key, no URL, no 32-hex token, short. */
export function scrubProviderText(text: string, secrets: readonly string[]): string {
  let safe = text;
  for (const secret of secrets) if (secret) safe = safe.split(secret).join('[redacted]');
  safe = safe
    .replace(urlText, '[url]')
    .replace(hexToken, '[redacted]')
    .replace(controlCharacters, ' ')
    .trim();
  return safe.length > maxDetailLength ? `${safe.slice(0, maxDetailLength - 1)}…` : safe;
}

/** The sentence a provider error body carries, if it carries one. */
export function providerDetail(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const field of ['error', 'status_message', 'message']) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/**
 * The status and sentence the BFF gives for a provider 4xx. A refusal of the caller's request
 * keeps its status (the dashboard explains a 403 as the plan); one that is Skydeck's own fault
 * (the key refused, a method or size the provider will not take) is a 502: nothing the caller
 * could change.
 */
export function refusalAnswer(
  status: number,
  detail: string | undefined,
): { status: 400 | 403 | 404 | 502; error: string } {
  const because = detail ? `: ${detail}` : '';
  switch (status) {
    case 400:
      return { status, error: `The weather provider could not answer this request${because}` };
    case 403:
      return {
        status,
        error: `Skydeck's plan with the weather provider does not include this data${because}`,
      };
    case 404:
      return { status, error: `The weather provider has no such data${because}` };
    case 401:
      return { status: 502, error: "The weather provider did not accept Skydeck's credentials" };
    default:
      return { status: 502, error: `The weather provider refused the request (${status})` };
  }
}
