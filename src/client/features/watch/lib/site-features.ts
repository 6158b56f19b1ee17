import type { FeatureCollection, Point, Polygon } from 'geojson';
import type { SiteJson } from '../../../../shared/api/watch';
import {
  policyRings,
  type RingLevel,
  type StatusLevel,
  type WatchLevel,
} from '../../../../shared/safety/site-policy';
import { circle } from '../../../lib/geo-circle';

export interface SitePointProperties {
  id: string;
  name: string;
  level: StatusLevel;
  /** For no_data, the level the site last had (its marker's edge); otherwise its level. */
  edge: WatchLevel | 'no_data';
}

export interface SiteRingProperties {
  id: string;
  ring: RingLevel;
  /** The ring the site's level comes from (or last came from): drawn heavier. */
  active: boolean;
}

/** The layers' ids: the sites' markers are clickable (they open the site's page). */
export const sitePointLayerId = 'watch-sites';
export const siteRingLayerId = 'watch-site-rings';
export const siteLabelLayerId = 'watch-site-labels';

/** Each site as a point, coloured by its level, and its policy's lightning rings. */
export function siteFeatures(
  sites: readonly Pick<SiteJson, 'id' | 'name' | 'lat' | 'lon' | 'policy' | 'status'>[],
): {
  points: FeatureCollection<Point, SitePointProperties>;
  rings: FeatureCollection<Polygon, SiteRingProperties & { km: number }>;
} {
  return {
    points: {
      type: 'FeatureCollection',
      features: sites.map((site) => ({
        type: 'Feature',
        properties: {
          id: site.id,
          name: site.name,
          level: site.status.level,
          edge:
            site.status.level === 'no_data'
              ? (site.status.last_level ?? 'no_data')
              : site.status.level,
        },
        geometry: { type: 'Point', coordinates: [site.lon, site.lat] },
      })),
    },
    rings: {
      type: 'FeatureCollection',
      features: sites.flatMap((site) => {
        const shown = site.status.level === 'no_data' ? site.status.last_level : site.status.level;
        return policyRings(site.policy).map((ring) =>
          circle(site, ring.km, { id: site.id, ring: ring.level, active: ring.level === shown }),
        );
      }),
    },
  };
}
