import { useEffect } from 'react';
import { whenIdle } from '../../../lib/when-idle';
import { prepareLabelCanvas } from '../lib/label-canvas';
import './weather-map.css';

/** Longest wait for an idle moment before the label canvas is prepared anyway. */
const prepareTimeoutMs = 1_000;

/**
 * Where the map will be, the same size: shown while the map's code (MapLibre, a chunk of its own
 * loaded after the first paint) or its basemap is on the way, or when the basemap failed.
 */
export function MapPlaceholder({ failed = false }: { failed?: boolean }) {
  useEffect(() => whenIdle(prepareLabelCanvas, prepareTimeoutMs), []);
  return (
    <div className="map map--placeholder" role="status">
      {failed ? 'The basemap could not be loaded. Reload the page to try again.' : 'Loading map…'}
    </div>
  );
}
