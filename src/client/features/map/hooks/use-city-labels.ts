import { useQuery } from '@tanstack/react-query';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { placesQueryOptions } from '../api/basemap-query';
import { labelFadeMs } from '../lib/offline-style';
import { usePlaceTiles } from './use-place-tiles';

/**
 * The offline style's city labels, fetched once the map has drawn its land (they are not on the
 * first paint's path), and the smaller places' cells as the map zooms in.
 *
 * MapLibre fades labels in and out only after the map's first idle moment, so a map's first view
 * appears at once; the city labels come after that moment. The map is made without fades
 * (weather-map.tsx) and gets them once the city labels are drawn: the labels appear with the
 * first view's map in one frame rather than over the frames of a fade, each of which the page
 * must composite again.
 */
export function useCityLabels(map: MapLibreMap | undefined) {
  const places = useQuery({ ...placesQueryOptions(), enabled: !!map });
  const data = places.data;
  useEffect(() => {
    if (!map || !data) return;
    map.getSource<GeoJSONSource>('places')?.setData(data.places);
    const fadeFromNowOn = () => {
      map._fadeDuration = labelFadeMs;
    };
    map.once('idle', fadeFromNowOn);
    return () => {
      map.off('idle', fadeFromNowOn);
    };
  }, [map, data]);
  usePlaceTiles(map, data?.tiles);
}
