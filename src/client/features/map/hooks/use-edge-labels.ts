import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';

/**
 * MapLibre places labels against each other but not against the screen's edge, so a city just
 * off screen can show half its name ("To…" for Tokyo). Once the map is idle, the labels whose
 * placed boxes the edge crosses are found by querying a one-pixel strip along each side, and
 * made transparent through feature state (the style's `atEdge`). They keep their room, so the
 * placement, and this answer, stay as they are.
 */
export function useEdgeLabels(map: MapLibreMap | undefined, layers: readonly string[]) {
  useEffect(() => {
    if (!map) return;
    let hidden = new Map<string, { source: string; id: string | number }>();
    const onIdle = () => {
      const canvas = map.getCanvas();
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      const strips: [[number, number], [number, number]][] = [
        [
          [0, 0],
          [1, height],
        ],
        [
          [width - 1, 0],
          [width, height],
        ],
        [
          [0, 0],
          [width, 1],
        ],
        [
          [0, height - 1],
          [width, height],
        ],
      ];
      const atEdge = new Map<string, { source: string; id: string | number }>();
      for (const strip of strips) {
        for (const feature of map.queryRenderedFeatures(strip, { layers: [...layers] })) {
          if (feature.id === undefined) continue;
          atEdge.set(`${feature.source}/${feature.id}`, { source: feature.source, id: feature.id });
        }
      }
      for (const [key, target] of hidden)
        if (!atEdge.has(key)) map.setFeatureState(target, { atEdge: false });
      for (const [key, target] of atEdge)
        if (!hidden.has(key)) map.setFeatureState(target, { atEdge: true });
      hidden = atEdge;
    };
    map.on('idle', onIdle);
    return () => {
      map.off('idle', onIdle);
    };
  }, [map, layers]);
}
