import { lazy, Suspense, useMemo } from 'react';
import { strikeLayerId } from '../features/lightning/lib/strike-layer-id';
import { ruleView } from '../features/lightning/url-state';
import { WeatherMap } from '../features/map/components/weather-map';
import { layersKey, selectionView } from '../features/map/url-state';
import { wallKey } from '../lib/url-state/display-keys';
import { useLinkView, useUrlValue } from '../lib/url-state/link';
import { sitePointLayerId } from '../features/watch/lib/site-layer-ids';

// The watch's layer loads with the board, not with the map.
const SitesLayer = lazy(() => import('../features/watch/components/sites-layer'));
// Lightning's layer, legend and strike details load when the layer is switched on.
const LightningLayer = lazy(() =>
  import('../features/lightning/components/lightning-layer').then((module) => ({
    default: module.LightningLayer,
  })),
);
const LightningLegend = lazy(() =>
  import('../features/lightning/components/lightning-legend').then((module) => ({
    default: module.LightningLegend,
  })),
);
// A wall's framing on the rule's rings loads on a wall only: the first screen is a desk's.
const KioskRingFrame = lazy(() =>
  import('../features/kiosk/components/kiosk-ring-frame').then((module) => ({
    default: module.KioskRingFrame,
  })),
);
const StrikePopup = lazy(() =>
  import('../features/lightning/components/strike-popup').then((module) => ({
    default: module.StrikePopup,
  })),
);

/**
 * The map with the layers switched on: the map feature draws, lightning adds its own, and on
 * the board the watch adds its sites.
 */
export function DashboardMap({ watch = false }: { watch?: boolean }) {
  const selection = useLinkView(selectionView);
  const lightningOn = useUrlValue(layersKey).includes('lightning');
  const wall = useUrlValue(wallKey);
  const rule = useLinkView(ruleView);
  // The rule's outer ring: caution's, unless caution is set no wider than stop.
  const outerKm = Math.max(rule.stopKm, rule.cautionKm);
  const interactive = useMemo(
    () => [...(lightningOn ? [strikeLayerId] : []), ...(watch ? [sitePointLayerId] : [])],
    [lightningOn, watch],
  );
  return (
    <WeatherMap
      interactiveLayerIds={interactive}
      overlay={
        lightningOn && (
          <Suspense fallback={null}>
            <LightningLegend point={selection} />
          </Suspense>
        )
      }
    >
      {watch && (
        <Suspense fallback={null}>
          <SitesLayer />
        </Suspense>
      )}
      {lightningOn && (
        <>
          {/* One boundary for both: the strike popup's code may still be loading when the
              layer's render is thrown away and the day lands; the layer hands the committed
              strikes to its source after commit (features/lightning/lib/source-data.ts), as
              lightning.spec's "thrown-away render" test checks. */}
          <Suspense fallback={null}>
            {selection && <LightningLayer lat={selection.lat} lon={selection.lon} />}
            <StrikePopup />
          </Suspense>
          {wall && !watch && selection && (
            <Suspense fallback={null}>
              <KioskRingFrame point={selection} radiusKm={outerKm} />
            </Suspense>
          )}
        </>
      )}
    </WeatherMap>
  );
}
