import { useQuery } from '@tanstack/react-query';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { labelMinPopulationAt } from '../../../../shared/geo/place-tiles';
import { placesQueryOptions } from '../api/basemap-query';
import { detailZoom, labelFadeMs } from '../lib/offline-style';
import type { PlaceCollection } from '../lib/place-features';
import { usePlaceTiles } from './use-place-tiles';

/**
 * From this zoom the map is given all the world file's places; below it, only those a view below
 * `detailZoom` labels (a tenth of them). MapLibre then serialises, tiles and, for the edge
 * labels' queries, decodes a tenth of the features; and it has the rest in hand by the time a
 * map zoomed in to `detailZoom` labels them.
 */
const allPlacesZoom = detailZoom - 0.5;

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
  const largest = useMemo(() => data && largestPlaces(data.places), [data]);
  useEffect(() => {
    if (!map || !data || !largest) return;
    const source = map.getSource<GeoJSONSource>('places');
    const showAll = () => {
      if (map.getZoom() < allPlacesZoom) return false;
      source?.setData(data.places);
      map.off('zoom', showAll);
      return true;
    };
    if (!showAll()) {
      source?.setData(largest);
      map.on('zoom', showAll);
    }
    const fadeFromNowOn = () => {
      map._fadeDuration = labelFadeMs;
    };
    map.once('idle', fadeFromNowOn);
    return () => {
      map.off('zoom', showAll);
      map.off('idle', fadeFromNowOn);
    };
  }, [map, data, largest]);
  usePlaceTiles(map, data?.tiles);
}

/**
 * The places labelled below `allPlacesZoom`. The file lists them largest first, so these are the
 * first of the list, and keep the feature ids (their index) they have in the whole list: the edge
 * labels' feature state stays with its place when the rest comes.
 */
function largestPlaces(places: PlaceCollection): PlaceCollection {
  const smallest = labelMinPopulationAt(Math.floor(allPlacesZoom));
  return {
    ...places,
    features: places.features.filter((place) => place.properties.population >= smallest),
  };
}
