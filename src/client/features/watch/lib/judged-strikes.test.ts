import { describe, expect, it } from 'vitest';
import { destination } from '../../../../shared/geo/great-circle';
import type { LightningEvent } from '../../../../shared/weather/lightning-schema';
import { judgedStrikes } from './judged-strikes';
import { testSite } from './test-sites';

const asOf = Date.parse('2026-07-15T18:20:00Z');
const site = testSite('a', 'Yard');

/** A strike `km` from `from` along `bearing`, `minutes` old in the answer. */
function strike(
  from: { lat: number; lon: number },
  bearing: number,
  km: number,
  minutes: number,
): LightningEvent {
  const place = destination(from.lat, from.lon, bearing, km);
  const time = new Date(asOf - minutes * 60_000).toISOString().slice(0, 19);
  return {
    lat: place.lat,
    lon: place.lon,
    bearing_cardinal: 'N',
    bearing_degrees: 0,
    distance_km: 999,
    distance_mi: 999,
    id: Math.round(km * 1000 + minutes),
    timestamp_utc: time,
    timestamp_local: time,
    past_mins: minutes,
    type: 'CG',
    source: 'test',
  };
}

describe('judgedStrikes', () => {
  it('keeps the strikes inside the outer ring and the all-clear time, oldest first', () => {
    const kept = judgedStrikes(site, {
      asOf,
      strikes: [
        strike(site, 90, 5, 2),
        strike(site, 0, 39, 29),
        // Outside the 40.2 km watch ring.
        strike(site, 0, 41, 1),
        // Older than the 30-minute all-clear: it holds no level any more.
        strike(site, 0, 5, 31),
      ],
    });
    expect(kept.features.map((feature) => Math.round(feature.properties.distance_km))).toEqual([
      39, 5,
    ]);
  });

  it('measures each strike from the site and dates it by its age, as the watch does', () => {
    // The provider measures from the search's centre (999 km in these answers), which a cluster
    // of sites shares.
    const [judged] = judgedStrikes(site, { asOf, strikes: [strike(site, 90, 3, 12.3)] }).features;
    expect(judged?.properties.distance_km).toBeCloseTo(3, 1);
    expect(judged?.properties.distance_mi).toBeCloseTo(3 / 1.609344, 1);
    expect(judged?.properties.bearing_degrees).toBe(90);
    expect(judged?.properties.bearing_cardinal).toBe('E');
    // 12.3 minutes in tenths, read as the latest it could have been: 12.25 minutes before.
    expect(judged?.properties.t).toBe(asOf - 12.25 * 60_000);
    expect(judged?.geometry.coordinates[0]).toBeGreaterThan(site.lon);
  });
});
