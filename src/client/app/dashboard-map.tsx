import { lazy, Suspense, useMemo } from 'react';
import { strikeLayerId } from '../features/lightning/lib/strike-layer-id';
import { WeatherMap } from '../features/map/components/weather-map';
import { layersKey, selectionView } from '../features/map/url-state';
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
          {/* A boundary each: a layer held in one boundary while its sibling's code loaded kept
              the strikes of that moment and never drew the day that landed meanwhile (React
              threw away a render whose <Source> had made the source, and the kept render
              brought nothing new to send), so a shared link to a day could open on an empty
              map. lightning.spec's "thrown-away render" test holds the three arrivals apart. */}
          <Suspense fallback={null}>
            {selection && <LightningLayer lat={selection.lat} lon={selection.lon} />}
          </Suspense>
          <Suspense fallback={null}>
            <StrikePopup />
          </Suspense>
        </>
      )}
    </WeatherMap>
  );
}
