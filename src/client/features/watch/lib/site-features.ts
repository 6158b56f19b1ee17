import type { FeatureCollection, Point, Polygon } from 'geojson';
import type { SiteJson } from '../../../../shared/api/watch-answers';
import {
  outerRingKm,
  policyRings,
  type SitePolicy,
  type RingLevel,
  type StatusLevel,
  type WatchLevel,
} from '../../../../shared/safety/site-policy';
import { circle } from '../../../lib/geo-circle';
import { boardLevels } from './board-order';

export interface SitePointProperties {
  id: string;
  name: string;
  level: StatusLevel;
  /** For no_data, the level the site last had (its marker's edge); otherwise its level. */
  edge: WatchLevel | 'no_data';
  /** Its place on the board, worst first: where markers or names collide, the worst wins. */
  rank: number;
}

export interface SiteRingProperties {
  id: string;
  ring: RingLevel;
  /** The ring the site's level comes from (or last came from): drawn heavier. */
  active: boolean;
}

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
          rank: boardLevels.indexOf(site.status.level),
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

/**
 * The smallest box holding every site, as [[west, south], [east, north]]. Its west-to-east span
 * skips the widest gap between the sites' longitudes, so sites on both sides of the Pacific are
 * framed across it (east past 180 then) rather than the long way round the world.
 */
export function siteBounds(
  sites: readonly { lat: number; lon: number }[],
): [[number, number], [number, number]] | undefined {
  if (sites.length === 0) return undefined;
  const lons = sites.map((site) => site.lon).sort((a, b) => a - b);
  const lats = sites.map((site) => site.lat);
  // The gap from the last longitude round to the first, across the antimeridian, to begin with.
  let gap = (lons[0] as number) + 360 - (lons.at(-1) as number);
  let west = lons[0] as number;
  let east = lons.at(-1) as number;
  for (let index = 1; index < lons.length; index++) {
    const between = (lons[index] as number) - (lons[index - 1] as number);
    if (between > gap) {
      gap = between;
      west = lons[index] as number;
      east = (lons[index - 1] as number) + 360;
    }
  }
  return [
    [west, Math.min(...lats)],
    [east, Math.max(...lats)],
  ];
}

/**
 * The box around a site's outer ring, as [[west, south], [east, north]]: what a page opened on the
 * site frames, so every ring and the strikes inside them are in view. Longitudes stay next to the
 * site's (past ±180 near the antimeridian), as the ring is drawn.
 */
export function ringBounds(site: {
  lat: number;
  lon: number;
  policy: SitePolicy;
}): [[number, number], [number, number]] {
  const [outline = []] = circle(site, outerRingKm(site.policy), {}).geometry.coordinates;
  const lons = outline.map(([lon = site.lon]) => lon);
  const lats = outline.map(([, lat = site.lat]) => lat);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}
