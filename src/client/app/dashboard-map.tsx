import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { strikeLayerId } from '../features/lightning/lib/strike-layer-id';
import { ruleView } from '../features/lightning/url-state';
import { WeatherMap } from '../features/map/components/weather-map';
import { layersKey, selectionView, setSelection } from '../features/map/url-state';
import { wallKey } from '../lib/url-state/display-keys';
import { updateLink, useLinkView, useUrlValue } from '../lib/url-state/link';
import { sitePointLayerId } from '../features/watch/lib/site-layer-ids';
import { siteKey } from '../features/watch/url-state';
import { sitesQueryOptions } from '../features/watch/api/sites-query';

// The watch's sites load after the map, in a chunk of their own: on the board always, on the
// Map view once a site is in view (MapViewSites), so a map pointed at sites at STOP shows them.
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

function selectSite(site: { lat: number; lon: number }): void {
  updateLink((set) => setSelection(set, { lat: site.lat, lon: site.lon }), { history: 'push' });
}

/**
 * Below this zoom the Map view leaves the sites to the board: a ring is under a pixel, and the
 * world view, the first screen, loads no code for them (its script budget has no room).
 */
const mapViewSitesZoom = 3;

/**
 * The watch's sites on the Map view: their layer's code is loaded once a watched site is in view
 * at a zoom where its rings show, and stays. On the Map view a site's marker selects the site's
 * own point (its weather, and its policy on the lightning card) and the sites never reframe the
 * place the link asked for.
 */
function MapViewSites({ shown, onShown }: { shown: boolean; onShown: () => void }) {
  const { current: map } = useMap();
  const sites = useQuery(sitesQueryOptions(false)).data?.sites;
  useEffect(() => {
    if (!map || !sites || shown) return undefined;
    const check = () => {
      if (map.getZoom() < mapViewSitesZoom) return;
      const bounds = map.getBounds();
      if (sites.some((site) => bounds.contains([site.lon, site.lat]))) onShown();
    };
    check();
    map.on('moveend', check);
    return () => {
      map.off('moveend', check);
    };
  }, [map, sites, shown, onShown]);
  return shown ? <SitesLayer frame={false} onPick={selectSite} /> : null;
}

/**
 * The map with the layers switched on: the map feature draws, lightning adds its own, and the
 * watch adds its sites.
 */
export function DashboardMap({ watch = false }: { watch?: boolean }) {
  const selection = useLinkView(selectionView);
  const lightningOn = useUrlValue(layersKey).includes('lightning');
  // A site's page draws the strikes the watch judged around the site (the sites layer does).
  const openSite = useUrlValue(siteKey);
  const sitePage = watch && openSite !== undefined;
  const [mapViewSites, setMapViewSites] = useState(false);
  const showMapViewSites = useCallback(() => setMapViewSites(true), []);
  const sitesDrawn = watch || mapViewSites;
  const wall = useUrlValue(wallKey);
  const rule = useLinkView(ruleView);
  // The rule's outer ring: caution's, unless caution is set no wider than stop.
  const outerKm = Math.max(rule.stopKm, rule.cautionKm);
  const interactive = useMemo(
    () => [...(lightningOn ? [strikeLayerId] : []), ...(sitesDrawn ? [sitePointLayerId] : [])],
    [lightningOn, sitesDrawn],
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
        {watch ? <SitesLayer /> : <MapViewSites shown={mapViewSites} onShown={showMapViewSites} />}
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
            {selection && !sitePage && <LightningLayer lat={selection.lat} lon={selection.lon} />}
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
