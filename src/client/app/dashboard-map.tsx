import { lazy, Suspense, useMemo } from 'react';
import { strikeLayerId } from '../features/lightning/lib/strike-layer-id';
import { WeatherMap } from '../features/map/components/weather-map';
import { layersKey, selectionView, setSelection } from '../features/map/url-state';
import { updateLink, useLinkView, useUrlValue } from '../lib/url-state/link';
import { sitePointLayerId } from '../features/watch/lib/site-layer-ids';

// The watch's sites load after the map, in a chunk of their own, on the Map view too: a map
// pointed at sites at STOP must show them, not only the weather at a point.
const SitesLayer = lazy(() => import('../features/watch/components/sites-layer'));
// With lightning on, the watch's sites, so a point that is a watched site uses its policy.
const WatchedSitesFeed = lazy(() => import('../features/watch/components/watched-sites-feed'));
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

function selectSite(site: { lat: number; lon: number }): void {
  updateLink((set) => setSelection(set, { lat: site.lat, lon: site.lon }), { history: 'push' });
}

/**
 * The map with the layers switched on: the map feature draws, lightning adds its own, and the
 * watch adds its sites.
 */
export function DashboardMap({ watch = false }: { watch?: boolean }) {
  const selection = useLinkView(selectionView);
  const lightningOn = useUrlValue(layersKey).includes('lightning');
  const interactive = useMemo(
    () => [...(lightningOn ? [strikeLayerId] : []), sitePointLayerId],
    [lightningOn],
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
      <Suspense fallback={null}>
        {/* On the Map view a site's marker selects the site's own point, its weather and its
            policy on the card; it does not frame the sites over the place the link asked for. */}
        {watch ? <SitesLayer /> : <SitesLayer frame={false} onPick={selectSite} />}
      </Suspense>
      {lightningOn && (
        <>
          <Suspense fallback={null}>
            <WatchedSitesFeed />
          </Suspense>
          {/* One boundary for both: the strike popup's code may still be loading when the
              layer's render is thrown away and the day lands; the layer hands the committed
              strikes to its source after commit (features/lightning/lib/source-data.ts), as
              lightning.spec's "thrown-away render" test checks. */}
          <Suspense fallback={null}>
            {selection && <LightningLayer lat={selection.lat} lon={selection.lon} />}
            <StrikePopup />
          </Suspense>
        </>
      )}
    </WeatherMap>
  );
}
