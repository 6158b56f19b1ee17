import {
  type LightningRule,
  searchForRule,
  widestRule,
} from '../../../../shared/safety/lightning-rule';
import {
  type LightningGeoJson,
  lightningGeoJsonSchema,
} from '../../../../shared/weather/lightning-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { safetyMaxAgeS } from '../../../../shared/safety/feed-cadence';
import type { LightningSearch } from '../url-state';
import { api, type ApiParams, type KnownParams } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshingQuery } from '../../../lib/refreshing-query';

/** Strikes with the moment they were current, on the server's clock (epoch ms). */
export interface LightningAnswer {
  collection: LightningGeoJson;
  asOf: number;
}

type LightningPath = 'current/lightning' | 'history/lightning';

/** GETs a lightning route, keeping the answer's time beside its strikes. */
export async function fetchLightning<P extends LightningPath, Q extends ApiParams<P>>(
  path: P,
  params: KnownParams<P, Q>,
  signal?: AbortSignal,
  maxAgeS?: number,
): Promise<LightningAnswer | null> {
  const answer = await api.getAnswer(path, params, lightningGeoJsonSchema, signal, maxAgeS);
  return answer.data ? { collection: answer.data, asOf: answer.asOf } : null;
}

/**
 * Recent strikes around a point as GeoJSON, refreshed every minute. The search always reaches
 * the caution radius and back over the all-clear time (as far as the provider allows) of both
 * the rule and its baseline, so the safety status sees every strike it depends on and can say
 * what the standard (or the site's policy) would decide on the same strikes.
 */
export function lightningQueryOptions(
  point: { lat: number; lon: number },
  settings: { rule: LightningRule; baseline?: LightningRule; lightning: LightningSearch },
) {
  const { lightning, rule, baseline = rule } = settings;
  const reach = searchForRule(widestRule(rule, baseline), {
    km: lightning.searchKm,
    minutes: lightning.searchMinutes,
  });
  const params = {
    lat: roundCoordinate(point.lat),
    lon: roundCoordinate(point.lon),
    search_distance_km: reach.km,
    search_mins: reach.minutes,
    sort: lightning.sort,
    limit: lightning.limit,
    output_type: 'geojson',
  } satisfies ApiParams<'current/lightning'>;
  return refreshingQuery('lightning', {
    queryKey: queryKeys.lightning.around(params),
    // The safety card decides on this answer: no older from the BFF's cache than the watch takes.
    queryFn: ({ signal }) =>
      fetchLightning('current/lightning', params, signal, safetyMaxAgeS('lightning')),
    // A changed search keeps the strikes on screen until the new answer arrives.
    keepPreviousAnswer: true,
  });
}
