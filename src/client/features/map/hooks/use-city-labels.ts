import { useQuery } from '@tanstack/react-query';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { placesQueryOptions } from '../api/basemap-query';
import { usePlaceTiles } from './use-place-tiles';

/**
 * The offline style's city labels, fetched once the map has drawn its land (they are not on the
 * first paint's path), and the smaller places' cells as the map zooms in.
 */
export function useCityLabels(map: MapLibreMap | undefined) {
  const places = useQuery({ ...placesQueryOptions(), enabled: !!map });
  const data = places.data;
  useEffect(() => {
    if (map && data) map.getSource<GeoJSONSource>('places')?.setData(data.places);
  }, [map, data]);
  usePlaceTiles(map, data?.tiles);
}
