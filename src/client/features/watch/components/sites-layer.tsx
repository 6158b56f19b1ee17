import { useQuery } from '@tanstack/react-query';
import { LngLat, type MapMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { wrapLongitude } from '../../../../shared/geo/coordinates';
import { levelLabels } from '../../../../shared/safety/level-labels';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import { readLink, updateLink, useUrlValue } from '../../../lib/url-state/link';
import { centreKey, layersKey, selectionView, zoomKey } from '../../map/public';
import { sitesQueryOptions } from '../api/sites-query';
import { ringBounds, siteBounds, siteFeatures } from '../lib/site-features';
import { siteLabelLayerId, sitePointLayerId, siteRingLayerId } from '../lib/site-layer-ids';
import { useStreamMode } from '../stores/stream-store';
import { openSite, siteKey } from '../url-state';
import { SiteStrikes } from './site-strikes';

/** The levels' colours, read from the design tokens so the map and the board agree. */
function tokenColours() {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    stop: token('--warning', '#e5484d'),
    caution: token('--watch', '#f59e0b'),
    watch: token('--level-watch', '#6cb8ff'),
    clear: token('--clear', '#2fbf71'),
    no_data: token('--no-data', '#b4c0c7'),
    halo: token('--navy', '#0d2030'),
    text: token('--text', '#e6edf0'),
  };
}

/** The level words of the board, as a MapLibre `match`'s cases. */
const levelWords = Object.entries(levelLabels).flat();

/** A MapLibre `match` on a property, by level. */
function byLevel(property: string, colours: ReturnType<typeof tokenColours>) {
  return [
    'match',
    ['get', property],
    'stop',
    colours.stop,
    'caution',
    colours.caution,
    'watch',
    colours.watch,
    'clear',
    colours.clear,
    colours.no_data,
  ] as unknown as string;
}

/** Round a site's outer ring: clear of the strike legend above and the scale and credits below. */
const ringPadding = { top: 56, bottom: 48, left: 30, right: 30 };

/**
 * Every watched site on the map: a marker in its level's colour (a site without data grey, its
 * edge in its last level's colour) with its name, and its lightning rings, the one its level
 * comes from drawn heavier. A click on a marker opens the site's page; the board beside the map
 * is the same information as text. On a site's page with lightning on, the strikes the watch
 * judges it on.
 */
export default function SitesLayer({
  frame = true,
  onPick,
}: {
  /** Whether a link without a place frames every site (the board's; the Map view keeps its own). */
  frame?: boolean;
  /** What a click on a site's marker does, instead of opening the site's page. */
  onPick?: (site: { id: string; lat: number; lon: number }) => void;
} = {}) {
  const { current: map } = useMap();
  const live = useStreamMode() === 'live';
  const board = useQuery(sitesQueryOptions(live));
  const [colours] = useState(tokenColours);
  const features = useMemo(() => siteFeatures(board.data?.sites ?? []), [board.data]);
  const openId = useUrlValue(siteKey);
  const lightningOn = useUrlValue(layersKey).includes('lightning');
  const open = board.data?.sites.find((site) => site.id === openId);

  // A board opened without a place in its link frames every site, once; a site's page (the link
  // every alarm carries) frames the site's outer ring.
  const framed = useRef(false);
  const sites = board.data?.sites;
  useEffect(() => {
    if (!frame || !map || !sites || framed.current) return;
    framed.current = true;
    const read = readLink();
    const site = sites.find((candidate) => candidate.id === read(siteKey));
    const bounds = site ? ringBounds(site) : siteBounds(sites);
    if (!bounds || read(centreKey) !== undefined || selectionView(read) !== undefined) return;
    const camera = map.cameraForBounds(
      bounds,
      site ? { padding: ringPadding } : { padding: 60, maxZoom: 8 },
    );
    if (!camera?.center || camera.zoom === undefined) return;
    const centre = LngLat.convert(camera.center);
    const zoom = camera.zoom;
    updateLink((set) => {
      set(centreKey, { lat: centre.lat, lon: wrapLongitude(centre.lng) });
      set(zoomKey, zoom);
    });
  }, [frame, map, sites]);

  useEffect(() => {
    if (!map) return undefined;
    const onClick = (event: MapMouseEvent) => {
      const hit = map.queryRenderedFeatures(event.point, { layers: [sitePointLayerId] })[0];
      const id: unknown = hit?.properties.id;
      const site = board.data?.sites.find((candidate) => candidate.id === id);
      if (site && onPick) onPick(site);
      else if (site) updateLink((set) => openSite(set, site), { history: 'push' });
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const crosshair = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', onClick);
    map.on('mouseenter', sitePointLayerId, pointer);
    map.on('mouseleave', sitePointLayerId, crosshair);
    return () => {
      map.off('click', onClick);
      map.off('mouseenter', sitePointLayerId, pointer);
      map.off('mouseleave', sitePointLayerId, crosshair);
    };
  }, [map, board.data, onPick]);

  return (
    <>
      <Source id={siteRingLayerId} type="geojson" data={features.rings}>
        <Layer
          id={siteRingLayerId}
          type="line"
          paint={{
            'line-color': byLevel('ring', colours),
            'line-width': ['case', ['get', 'active'], 3, 1.5],
            'line-opacity': ['case', ['get', 'active'], 0.95, 0.6],
            'line-dasharray': [3, 2],
          }}
        />
      </Source>
      <Source id={sitePointLayerId} type="geojson" data={features.points}>
        <Layer
          id={sitePointLayerId}
          type="circle"
          // The worst site's marker on top of a neighbour's.
          layout={{ 'circle-sort-key': ['-', 10, ['get', 'rank']] }}
          paint={{
            'circle-radius': 8,
            'circle-color': byLevel('level', colours),
            'circle-stroke-width': 3,
            // Without data the marker is grey and its edge keeps the last level's colour.
            'circle-stroke-color': [
              'case',
              ['==', ['get', 'level'], 'no_data'],
              byLevel('edge', colours),
              colours.halo,
            ],
          }}
        />
        <Layer
          id={siteLabelLayerId}
          type="symbol"
          layout={{
            // The level in words beside the colour, so a map of sites at STOP says so.
            'text-field': [
              'concat',
              ['get', 'name'],
              ' · ',
              ['match', ['get', 'level'], ...levelWords, ''],
            ] as unknown as string,
            'text-size': 13,
            'text-font': ['Inter Variable', 'sans-serif'],
            'text-offset': [0, 1.2],
            'text-anchor': 'top',
            'text-optional': true,
            // Where names collide, the worst site's is the one shown.
            'symbol-sort-key': ['get', 'rank'],
          }}
          paint={{
            'text-color': colours.text,
            'text-halo-color': colours.halo,
            'text-halo-width': 1.5,
          }}
        />
      </Source>
      {open && lightningOn && board.data && <SiteStrikes site={open} sites={board.data.sites} />}
    </>
  );
}
