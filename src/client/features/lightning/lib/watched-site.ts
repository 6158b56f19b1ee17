import type { LatLon } from '../../../../shared/geo/coordinates';
import { distanceKm } from '../../../../shared/geo/great-circle';
import type { LightningRule } from '../../../../shared/safety/lightning-rule';
import type { StatusLevel } from '../../../../shared/safety/site-policy';

/** A watched site as the lightning card reads it: where, its policy's rule and its level. */
export interface WatchedSite extends LatLon {
  id: string;
  name: string;
  rule: LightningRule;
  level: StatusLevel;
  reasons: readonly string[];
}

/**
 * A selected point is a watched site when it is this close to one: a click on the site's marker
 * or a link with its coordinates (to 4 decimals, 11 m) lands well inside it, and it is half the
 * smallest stop radius a policy may have (1 km), so the site's rings stand where the point's
 * would.
 */
export const siteMatchKm = 0.5;

/** The watched site at a point: the nearest within siteMatchKm, if any. */
export function watchedSiteAt(
  sites: readonly WatchedSite[],
  point: LatLon,
): WatchedSite | undefined {
  let nearest: { site: WatchedSite; km: number } | undefined;
  for (const site of sites) {
    const km = distanceKm(point.lat, point.lon, site.lat, site.lon);
    if (km <= siteMatchKm && (!nearest || km < nearest.km)) nearest = { site, km };
  }
  return nearest?.site;
}
