import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { policyLightningRule } from '../../../../shared/safety/site-policy';
import { publishWatchedSites } from '../../lightning/public';
import { sitesQueryOptions } from '../api/sites-query';
import { useStreamMode } from '../stores/stream-store';

/**
 * Hands the watch's sites (where, their lightning rule, their level) to the lightning card, so a
 * point that is a watched site is judged by the site's policy and shows the watch's level. Draws
 * nothing; loaded only with the lightning layer.
 */
export default function WatchedSitesFeed() {
  const live = useStreamMode() === 'live';
  const board = useQuery(sitesQueryOptions(live));
  const sites = board.data?.sites;
  const failed = board.isError && !sites;
  useEffect(() => {
    if (sites)
      publishWatchedSites({
        state: 'ready',
        sites: sites.map((site) => ({
          id: site.id,
          name: site.name,
          lat: site.lat,
          lon: site.lon,
          rule: policyLightningRule(site.policy),
          level: site.status.level,
          reasons: site.status.reasons,
        })),
      });
    else if (failed) publishWatchedSites({ state: 'failed' });
  }, [sites, failed]);
  return null;
}
