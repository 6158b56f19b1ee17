import { useQuery } from '@tanstack/react-query';
import type { PlaceAt } from '../../../../shared/api/places';
import { placeLabel } from '../../../../shared/geo/place-label';
import { pointNameQueryOptions } from '../api/point-name-query';

/** The place fields every weather response carries. */
interface ProviderPlace {
  city_name: string;
  country_code: string;
}

export interface PointName {
  /** What to call the point; empty only while the BFF has not answered yet. */
  label: string;
  /** Set when the point is described rather than named: the nearest town and its distance. */
  nearest?: PlaceAt['place'];
}

/**
 * What to call a point: the BFF's name for it, with regions and countries spelled out and no
 * town named from thousands of kilometres away. Should the BFF not answer, the weather's own
 * town and country stand in (better a name than none), but not while the answer is on its way,
 * so a far point never flashes a far town's name.
 */
export function usePointName(
  point: { lat: number; lon: number },
  provider?: ProviderPlace | null,
): PointName {
  const query = useQuery(pointNameQueryOptions(point));
  if (query.data)
    return {
      label: query.data.label,
      nearest: query.data.named ? undefined : query.data.place,
    };
  if (query.isError && provider)
    return { label: placeLabel({ name: provider.city_name, countryCode: provider.country_code }) };
  return { label: '' };
}
