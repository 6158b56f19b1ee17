import { queryOptions } from '@tanstack/react-query';
import type { UnitSystem } from '../../../../shared/weather/units';
import { energyForecastSchema } from '../../../../shared/weather/energy-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { getJson } from '../../../lib/api-client';
import { mayRefetchOnMount, refreshEvery, staleTimes } from '../../../lib/stale-times';

export function energyForecastQueryOptions(
  point: { lat: number; lon: number },
  settings: { units: UnitSystem; period: 'daily' | 'hourly'; threshold: number },
) {
  const params = {
    lat: roundCoordinate(point.lat),
    lon: roundCoordinate(point.lon),
    units: settings.units,
    tp: settings.period,
    threshold: settings.threshold,
  };
  return queryOptions({
    queryKey: ['forecast/energy', params],
    queryFn: ({ signal }) => getJson('forecast/energy', params, energyForecastSchema, signal),
    staleTime: staleTimes.energyForecast,
    refetchInterval: refreshEvery('energyForecast'),
    refetchOnMount: mayRefetchOnMount('energyForecast'),
    // A screen shown again refreshes what went stale while it was hidden.
    refetchOnWindowFocus: true,
  });
}
