import type { Feature, Point } from 'geojson';
import { useMemo } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { labelFont } from '../lib/offline-style';

/**
 * The selected place's name beside its pin, drawn by the map so other labels make room for it:
 * the top layer is placed first, and it always shows (overlap allowed), the rest avoid it.
 */
export function SelectionLabel({ lat, lon, name }: { lat: number; lon: number; name: string }) {
  const data = useMemo<Feature<Point, { name: string }>>(
    () => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { name },
    }),
    [lat, lon, name],
  );
  return (
    <Source id="selection" type="geojson" data={data}>
      <Layer
        id="selection-label"
        type="symbol"
        layout={{
          'text-field': ['get', 'name'],
          // A heavier weight of the same face: MapLibre reads the weight from the first name.
          'text-font': ['Inter Variable SemiBold', ...labelFont],
          'text-size': 15,
          // Right of the pin's head (the pin stands 38 px tall on the point).
          'text-anchor': 'left',
          'text-offset': [1.1, -1.6],
          'text-allow-overlap': true,
          'text-padding': 4,
        }}
        paint={{
          'text-color': '#f6c343',
          'text-halo-color': '#0d2030',
          'text-halo-width': 1.6,
        }}
      />
    </Source>
  );
}
