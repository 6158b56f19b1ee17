import { lazy, Suspense, useMemo } from 'react';
import { LightningLayer } from '../features/lightning/components/lightning-layer';
import { LightningLegend } from '../features/lightning/components/lightning-legend';
import { StrikePopup } from '../features/lightning/components/strike-popup';
import { strikeLayerId } from '../features/lightning/lib/strike-features';
import { WeatherMap } from '../features/map/components/weather-map';
import { layersKey, selectionView } from '../features/map/url-state';
import { useLinkView, useUrlValue } from '../lib/url-state/link';
import { sitePointLayerId } from '../features/watch/lib/site-layer-ids';

// The watch's layer loads with the board, not with the map.
const SitesLayer = lazy(() => import('../features/watch/components/sites-layer'));

/**
 * The map with the layers switched on: the map feature draws, lightning adds its own, and on
 * the board the watch adds its sites.
 */
export function DashboardMap({ watch = false }: { watch?: boolean }) {
  const selection = useLinkView(selectionView);
  const lightningOn = useUrlValue(layersKey).includes('lightning');
  const interactive = useMemo(
    () => [...(lightningOn ? [strikeLayerId] : []), ...(watch ? [sitePointLayerId] : [])],
    [lightningOn, watch],
  );
  return (
    <WeatherMap
      interactiveLayerIds={interactive}
      overlay={lightningOn && <LightningLegend point={selection} />}
    >
      {watch && (
        <Suspense fallback={null}>
          <SitesLayer />
        </Suspense>
      )}
      {selection && lightningOn && <LightningLayer lat={selection.lat} lon={selection.lon} />}
      {lightningOn && <StrikePopup />}
    </WeatherMap>
  );
}
