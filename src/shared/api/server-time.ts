/**
 * Every /api answer carries the server's clock, in epoch milliseconds, under this header. Ages
 * that matter for safety (how old a strike is, how old the data is) are judged on it, never on
 * a viewer's clock, which on a kiosk may have drifted for weeks.
 */
export const serverTimeHeader = 'X-Server-Time';

/** The server time a header value states, or undefined when it is missing or not a time. */
export function parseServerTime(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
