import { useQuery } from '@tanstack/react-query';
import { pointNameQueryOptions } from '../../places/public';

/**
 * The selected place's town as the panel names it (the BFF's point name), or none for a point
 * no town is near: the provider's own town can be a continent away (Ushuaia for 80°S 0°E), and
 * the panel already says "Antarctica" or "At sea" there. The map only reads what the panel
 * fetched (the same query, never run from here), so naming the place costs no request.
 */
export function useSelectionName(selection: { lat: number; lon: number } | undefined) {
  const point = selection ?? { lat: 0, lon: 0 };
  const query = useQuery({ ...pointNameQueryOptions(point), enabled: false });
  return selection && query.data?.named ? query.data.place.name || undefined : undefined;
}
