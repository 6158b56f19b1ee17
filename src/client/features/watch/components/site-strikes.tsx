import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection, Point } from 'geojson';
import { useEffect, useMemo } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import { type LightningSearch, searchOfSite } from '../../../../shared/safety/lightning-plan';
import {
  type StrikeProperties,
  strikeLayerId,
  strikeLayerLayout,
  strikeLayerStyle,
  syncSourceData,
  useStrikeClock,
} from '../../lightning/public';
import { watchedStrikesQueryOptions } from '../api/watched-strikes-query';
import { judgedStrikes } from '../lib/judged-strikes';
import { sitePointLayerId } from '../lib/site-layer-ids';
import type { BoardSite } from '../lib/stream-cache';

const sourceId = 'site-strikes';

const noStrikes: FeatureCollection<Point, StrikeProperties> = {
  type: 'FeatureCollection',
  features: [],
};

/**
 * On a site's page with lightning on: the strikes the watch judges the site on, from the watch's
 * own search (every site's, so a cluster's shared search is found as the watch plans it), in the
 * lightning layer's colours, under the site's marker. The map's strike layer id, so a click on a
 * strike opens its details, measured from the site.
 */
export function SiteStrikes({ site, sites }: { site: BoardSite; sites: readonly BoardSite[] }) {
  const search = useMemo(() => searchOfSite(sites, site.id), [sites, site.id]);
  return search ? <Strikes site={site} search={search} /> : null;
}

function Strikes({ site, search }: { site: BoardSite; search: LightningSearch }) {
  const { current: map } = useMap();
  const answer = useQuery(watchedStrikesQueryOptions(search));
  const { lat, lon, policy } = site;
  const strikes = useMemo(
    () => (answer.data ? judgedStrikes({ lat, lon, policy }, answer.data) : noStrikes),
    [lat, lon, policy, answer.data],
  );
  useStrikeClock(map?.getMap(), true);
  // The committed data on the map, not only the last rendered (see syncSourceData).
  useEffect(() => {
    if (map) syncSourceData(map.getMap(), sourceId, strikes);
  }, [map, strikes]);
  return (
    <Source id={sourceId} type="geojson" data={strikes}>
      <Layer
        id={strikeLayerId}
        type="circle"
        beforeId={sitePointLayerId}
        layout={strikeLayerLayout}
        {...strikeLayerStyle('live')}
      />
    </Source>
  );
}
