import type { GeoJSON } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';

/**
 * Gives a map's GeoJSON source `data` unless it already holds that very object; says whether it
 * did. react-map-gl's <Source> creates and updates its source while rendering, comparing with the
 * props of its own last render: a render React throws away (a lazy sibling suspending in the same
 * Suspense boundary) can create the source with the data of that moment, and the render that is
 * kept then starts from newer props, sees nothing changed and never sends them. Run after
 * commit, this puts the kept data on the map.
 */
export function syncSourceData(
  map: Pick<MapLibreMap, 'getSource'>,
  id: string,
  data: GeoJSON,
): boolean {
  const source = map.getSource<GeoJSONSource>(id);
  if (source?.type !== 'geojson' || source.serialize().data === data) return false;
  void source.setData(data);
  return true;
}
