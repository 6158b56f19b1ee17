/**
 * The provider's icon codes drawn with Meteocons (Bas Milius, MIT), shipped with the app rather
 * than loaded from the provider's CDN.
 */
const iconFiles = import.meta.glob<string>(
  '/node_modules/@bybas/weather-icons/production/fill/all/{clear,partly-cloudy,overcast,cloudy,thunderstorms,drizzle,rain,sleet,snow,hail,mist,smoke,haze,dust,fog,not-available}*.svg',
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
  const fallback = '/node_modules/@bybas/weather-icons/production/fill/all/not-available.svg';
  return (
    iconFiles[`/node_modules/@bybas/weather-icons/production/fill/all/${name}.svg`] ??
    iconFiles[fallback] ??
    ''
  );
}
