import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import type { PlaceRow, PlaceTileIndex } from '../../../../shared/geo/place-tiles';
import { PlaceTileLoader } from '../lib/place-tile-loader';

async function fetchTile(url: string, signal: AbortSignal): Promise<PlaceRow[]> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Place labels answered ${response.status}`);
  return (await response.json()) as PlaceRow[];
}

/** Fills the offline style's `towns` source with the smaller places of the view, as it moves. */
export function usePlaceTiles(map: MapLibreMap | undefined, index: PlaceTileIndex | undefined) {
  useEffect(() => {
    if (!map || !index) return;
    const loader = new PlaceTileLoader(index, fetchTile, (places) => {
      map.getSource<GeoJSONSource>('towns')?.setData(places);
    });
    const update = () => {
      const bounds = map.getBounds();
      loader.show(
        {
          west: bounds.getWest(),
          south: bounds.getSouth(),
          east: bounds.getEast(),
          north: bounds.getNorth(),
        },
        map.getZoom(),
      );
    };
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
      loader.dispose();
    };
  }, [map, index]);
}
