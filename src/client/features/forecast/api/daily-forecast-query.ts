import { queryOptions } from '@tanstack/react-query';
import type { Language, UnitSystem } from '../../../../shared/weather/units';
import { dailyForecastSchema } from '../../../../shared/weather/daily-forecast-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { getJson } from '../../../lib/api-client';
import { mayRefetchOnMount, refreshEvery, staleTimes } from '../../../lib/stale-times';

export function dailyForecastQueryOptions(
  point: { lat: number; lon: number },
  settings: { units: UnitSystem; lang: Language; days: number },
) {
  const params = {
    lat: roundCoordinate(point.lat),
    lon: roundCoordinate(point.lon),
    units: settings.units,
    lang: settings.lang === 'en' ? undefined : settings.lang,
    days: settings.days,
  };
  return queryOptions({
    queryKey: ['forecast/daily', params],
    queryFn: ({ signal }) => getJson('forecast/daily', params, dailyForecastSchema, signal),
    staleTime: staleTimes.dailyForecast,
    refetchInterval: refreshEvery('dailyForecast'),
    refetchOnMount: mayRefetchOnMount('dailyForecast'),
    // A screen shown again refreshes what went stale while it was hidden.
    refetchOnWindowFocus: true,
  });
}
