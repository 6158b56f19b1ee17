/**
 * The provider's date parameters: `YYYY-MM-DD` or `YYYY-MM-DD:HH`. Both the BFF and the simulator
 * read them with these rules, so they agree on what a valid range is.
 */
export interface ParsedDate {
  /** Unix seconds of the instant, reading the wall time in UTC. */
  utcSeconds: number;
  year: number;
  month: number;
  day: number;
  hour: number;
  hasHour: boolean;
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})(?::(\d{2}))?$/;

export function parseProviderDate(text: string): ParsedDate | undefined {
  const match = datePattern.exec(text);
  if (!match) return undefined;
  const [, y, m, d, h] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const hour = h === undefined ? 0 : Number(h);
  if (month < 1 || month > 12 || day < 1 || hour > 23) return undefined;
  // Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear takes them as written.
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  check.setUTCHours(hour, 0, 0, 0);
  const utcMillis = check.getTime();
  // Rejects 2024-02-30 and friends, which Date.UTC would roll over into March.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return { utcSeconds: utcMillis / 1000, year, month, day, hour, hasHour: h !== undefined };
}

export const secondsPerDay = 86_400;

/** `YYYY-MM-DD` of a Unix time in UTC. */
export function utcDateString(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}
