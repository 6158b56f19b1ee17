import { useMemo } from 'react';
import {
  type LightningRule,
  ruleWithOverrides,
  standardLightningRule,
} from '../../../../shared/safety/lightning-rule';
import { useLinkView } from '../../../lib/url-state/link';
import { useWatchedSites } from '../stores/watched-sites-store';
import { ruleLinkView } from '../url-state';
import { type WatchedSite, watchedSiteAt } from '../lib/watched-site';

export interface PointRule {
  /** The rule the point is judged by: the link's parts over the baseline. */
  rule: LightningRule;
  /** What the rule should be: the watched site's policy there, the standard elsewhere. */
  baseline: LightningRule;
  /** The watched site at the point, if it is one. */
  site: WatchedSite | undefined;
  /** Whether the watch's sites are known yet (or could not be had). */
  sitesKnown: boolean;
  sitesFailed: boolean;
}

/** The lightning rule at a point, one answer for the card, the search and the rings. */
export function useLightningRule(point: { lat: number; lon: number } | undefined): PointRule {
  const link = useLinkView(ruleLinkView);
  const known = useWatchedSites();
  const site =
    known.state === 'ready' && point !== undefined ? watchedSiteAt(known.sites, point) : undefined;
  const baseline = site?.rule ?? standardLightningRule;
  const rule = useMemo(() => ruleWithOverrides(baseline, link), [baseline, link]);
  return {
    rule,
    baseline,
    site,
    sitesKnown: known.state !== 'loading',
    sitesFailed: known.state === 'failed',
  };
}
