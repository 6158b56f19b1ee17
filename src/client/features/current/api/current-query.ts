import { currentResponseSchema } from '../../../../shared/weather/current-schema';
import type { Language, UnitSystem } from '../../../../shared/weather/units';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshingQuery } from '../../../lib/refreshing-query';

export interface PointQuery {
  lat: number;
  lon: number;
}

export function currentQueryOptions(point: PointQuery, units: UnitSystem, lang: Language = 'en') {
  // English is the provider's default: left out, so the common request keeps one cache entry.
  const params = {
    lat: roundCoordinate(point.lat),
    lon: roundCoordinate(point.lon),
    units,
    lang: lang === 'en' ? undefined : lang,
  };
  return refreshingQuery('current', {
    queryKey: queryKeys.endpoint('current', params),
    queryFn: ({ signal }) => api.get('current', params, currentResponseSchema, signal),
  });
}
