/**
 * Intl.DateTimeFormat objects are slow to build and cheap to reuse, and the dashboard and the
 * simulator format thousands of times in a handful of zones: one cache for both.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  locale = 'en-US',
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    cache.set(key, format);
  }
  return format;
}
