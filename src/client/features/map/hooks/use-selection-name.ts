import { useQuery } from '@tanstack/react-query';
import { langKey, unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { currentQueryOptions } from '../../current/public';

/**
 * The selected place's name as the panel shows it: the current conditions' city. The map only
 * reads what the panel fetched (the same query, never run from here), so naming the place costs
 * no request and no quota.
 */
export function useSelectionName(selection: { lat: number; lon: number } | undefined) {
  const units = useUrlValue(unitsKey);
  const lang = useUrlValue(langKey);
  const point = selection ?? { lat: 0, lon: 0 };
  const query = useQuery({ ...currentQueryOptions(point, units, lang), enabled: false });
  return selection ? query.data?.data[0]?.city_name || undefined : undefined;
}
