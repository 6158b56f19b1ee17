import { LngLatBounds } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { LatLon } from '../../../../shared/geo/coordinates';
import { around } from '../../../lib/geo-circle';
import { readLink, updateLink } from '../../../lib/url-state/link';
import { centreKey, placeZoom, zoomKey } from '../../map/public';

/**
 * The share of the map the rule's outer ring spans on a wall: at least a third of its height,
 * as issue 27 asks, with room around it for the storm coming in.
 */
export const kioskRingShare = 0.55;

/**
 * A wall's map opens on the place's rings: zoomed so the rule's outer ring spans
 * `kioskRingShare` of the map, not the 70 px a desk's place zoom gives it on a wall across a
 * room. Again for each place of the rotation and when the screen changes size. A link that
 * names a zoom of its own keeps it; only the place's default zoom, or the one framed here, is
 * replaced.
 */
export function KioskRingFrame({ point, radiusKm }: { point: LatLon; radiusKm: number }) {
  const { current: map } = useMap();
  const framedZoom = useRef<number>(undefined);
  const { lat, lon } = point;

  useEffect(() => {
    if (!map) return;
    const frame = () => {
      const zoom = readLink()(zoomKey);
      const ours = [placeZoom, framedZoom.current].some(
        (candidate) => candidate !== undefined && Math.abs(zoom - candidate) <= 0.01,
      );
      if (!ours) return;
      const canvas = map.getCanvas();
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      if (width === 0 || height === 0) return;
      const bounds = new LngLatBounds();
      for (const bearing of [0, 90, 180, 270]) {
        const edge = around({ lat, lon }, bearing, radiusKm);
        bounds.extend([edge.lon, edge.lat]);
      }
      const side = (length: number) => (length * (1 - kioskRingShare)) / 2;
      const camera = map.cameraForBounds(bounds, {
        padding: { top: side(height), bottom: side(height), left: side(width), right: side(width) },
      });
      if (camera?.zoom === undefined) return;
      const next = Math.round(camera.zoom * 100) / 100;
      framedZoom.current = next;
      updateLink((set) => {
        set(centreKey, undefined);
        set(zoomKey, next);
      });
    };
    frame();
    map.on('resize', frame);
    return () => {
      map.off('resize', frame);
    };
  }, [map, lat, lon, radiusKm]);

  return null;
}
