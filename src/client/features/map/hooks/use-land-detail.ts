import { useQuery } from '@tanstack/react-query';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { landQueryOptions, prefetchDetailedLand } from '../api/basemap-query';
import {
  detailSuffix,
  detailZoom,
  landFeatures,
  landLayerIds,
  landSourceId,
} from '../lib/offline-style';

/**
 * The zoom from which the 1:50m land's file is fetched ahead (a zoom level short of
 * `detailZoom`): a zoom gesture from the world view passes it on its way in, so the file is
 * usually at hand when needed. Not earlier: the world view on a desk (1600×900) has no use for its
 * 220 kB, which would double the first screen's basemap data.
 */
const prefetchZoom = detailZoom - 1;

/**
 * Natural Earth's 1:50m land for a map whose style was made with the world's 1:110m: its file
 * prefetched once the map is zoomed in to `prefetchZoom`; decoded and drawn once it is zoomed
 * in to `detailZoom`, from that zoom on.
 */
export function useLandDetail(map: MapLibreMap | undefined) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!map) return;
    let prefetched = false;
    const onZoom = () => {
      const zoom = map.getZoom();
      // At `detailZoom` the query below fetches the file itself: a prefetch then would be a
      // second download of it running beside the first.
      if (zoom >= detailZoom) setWanted(true);
      else if (zoom >= prefetchZoom && !prefetched) {
        prefetched = true;
        void prefetchDetailedLand();
      }
    };
    onZoom();
    map.on('zoom', onZoom);
    return () => {
      map.off('zoom', onZoom);
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
