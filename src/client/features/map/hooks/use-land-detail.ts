import { useQuery } from '@tanstack/react-query';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { whenIdle } from '../../../lib/when-idle';
import { landQueryOptions, prefetchDetailedLand } from '../api/basemap-query';
import {
  detailSuffix,
  detailZoom,
  landFeatures,
  landLayerIds,
  landSourceId,
} from '../lib/offline-style';

/** Longest wait for an idle moment before the 1:50m land is prefetched anyway. */
const prefetchTimeoutMs = 5_000;

/**
 * Natural Earth's 1:50m land for a map whose style was made with the world's 1:110m: its file
 * prefetched at the browser's first idle moment after the map is up, so zooming in finds it at
 * hand; decoded and drawn once the map is zoomed in to `detailZoom`, from that zoom on.
 */
export function useLandDetail(map: MapLibreMap | undefined) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!map) return;
    const onZoom = () => {
      if (map.getZoom() >= detailZoom) setWanted(true);
    };
    onZoom();
    map.on('zoom', onZoom);
    const cancel = whenIdle(() => void prefetchDetailedLand(), prefetchTimeoutMs);
    return () => {
      map.off('zoom', onZoom);
      cancel();
    };
  }, [map]);
  const detail = useQuery({ ...landQueryOptions('detailed'), enabled: !!map && wanted });

  useEffect(() => {
    const data = detail.data;
    if (!map || !data) return;
    const source = landSourceId(detailSuffix);
    map.getSource<GeoJSONSource>(source)?.setData(landFeatures(data));
    // The 1:110m land gives way only once the 1:50m is laid out: the sea never shows bare.
    const handOver = () => {
      if (!map.isSourceLoaded(source)) return;
      map.off('sourcedata', handOver);
      for (const id of landLayerIds) map.setLayerZoomRange(id, 0, detailZoom);
    };
    map.on('sourcedata', handOver);
    handOver();
    return () => {
      map.off('sourcedata', handOver);
    };
  }, [map, detail.data]);
}
