/**
 * The provider's icon codes drawn with Meteocons (Bas Milius, MIT), shipped with the app rather
 * than loaded from the provider's CDN. The still drawings, not the package's animated ones: an
 * animated image keeps the browser compositing the whole page, map included, sixty times a
 * second for as long as it is on screen (measured: 1.8 cores for a page idle on a place, in
 * software WebGL, against 0.1 with these), and it cannot honour prefers-reduced-motion.
 */
const folder = '/node_modules/@bybas/weather-icons/design/fill/export';
const iconFiles = import.meta.glob<string>(
  '/node_modules/@bybas/weather-icons/design/fill/export/wi_{clear,partly-cloudy,overcast,cloudy,thunderstorms,drizzle,rain,sleet,snow,hail,mist,smoke,haze,dust,fog,not-available}*.svg',
  { query: '?url', import: 'default', eager: true },
);

const byPrefix: Record<string, string> = {
  t01: 'thunderstorms-{dn}-rain',
  t02: 'thunderstorms-{dn}-rain',
  t03: 'thunderstorms-rain',
  t04: 'thunderstorms-{dn}-rain',
  t05: 'hail',
  d01: 'partly-cloudy-{dn}-drizzle',
  d02: 'drizzle',
  d03: 'drizzle',
  r01: 'partly-cloudy-{dn}-rain',
  r02: 'rain',
  r03: 'rain',
  f01: 'sleet',
  r04: 'partly-cloudy-{dn}-rain',
  r05: 'rain',
  r06: 'rain',
  s01: 'partly-cloudy-{dn}-snow',
  s02: 'snow',
  s03: 'snow',
  s04: 'sleet',
  s05: 'sleet',
  s06: 'partly-cloudy-{dn}-snow',
  a01: 'mist',
  a02: 'smoke',
  a03: 'haze-{dn}',
  a04: 'dust-{dn}',
  a05: 'fog-{dn}',
  a06: 'fog',
  c01: 'clear-{dn}',
  c02: 'partly-cloudy-{dn}',
  c03: 'cloudy',
  c04: 'overcast-{dn}',
};

export function conditionIconUrl(icon: string): string {
  const prefix = icon.slice(0, 3);
  const partOfDay = icon.endsWith('n') ? 'night' : 'day';
  const name = (byPrefix[prefix] ?? 'not-available').replace('{dn}', partOfDay);
  return iconFiles[`${folder}/wi_${name}.svg`] ?? iconFiles[`${folder}/wi_not-available.svg`] ?? '';
}
