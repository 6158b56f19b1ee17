import type { Feature, FeatureCollection, Point } from 'geojson';
import { compassPoint } from '../../../../shared/geo/compass';
import { bearingDegrees, distanceKm, kilometresPerMile } from '../../../../shared/geo/great-circle';
import { strikeTimeFromAge } from '../../../../shared/safety/lightning-rings';
import { outerRingKm, type SitePolicy } from '../../../../shared/safety/site-policy';
import type { LightningEvent } from '../../../../shared/weather/lightning-schema';
import type { StrikeProperties } from '../../lightning/public';

/**
 * The strikes the watch judges a site on, from an answer of its search current at `asOf`: those
 * inside the site's outer ring and its all-clear time, for no older one can hold a level. Each is
 * dated as the watch dates it (its age in the answer) and measured from the site, not from the
 * search's centre, which a cluster of sites shares. Oldest first, so the newest are drawn on top.
 */
export function judgedStrikes(
  site: { lat: number; lon: number; policy: SitePolicy },
  answer: { strikes: readonly LightningEvent[]; asOf: number },
): FeatureCollection<Point, StrikeProperties> {
  const reachKm = outerRingKm(site.policy);
  const since = answer.asOf - site.policy.lightning.all_clear_minutes * 60_000;
  const features: Feature<Point, StrikeProperties>[] = [];
  for (const strike of answer.strikes) {
    const t = strikeTimeFromAge(answer.asOf, strike.past_mins);
    const km = distanceKm(site.lat, site.lon, strike.lat, strike.lon);
    if (km > reachKm || t < since) continue;
    const bearing = bearingDegrees(site.lat, site.lon, strike.lat, strike.lon);
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [strike.lon, strike.lat] },
      properties: {
        t,
        distance_km: km,
        distance_mi: km / kilometresPerMile,
        bearing_degrees: Math.round(bearing) % 360,
        // From the bearing itself, as the watch's evidence names it.
        bearing_cardinal: compassPoint(bearing),
        timestamp_utc: strike.timestamp_utc,
        timestamp_local: strike.timestamp_local,
        type: strike.type,
        source: strike.source,
      },
    });
  }
  return {
    type: 'FeatureCollection',
    features: features.sort((a, b) => a.properties.t - b.properties.t),
  };
}
