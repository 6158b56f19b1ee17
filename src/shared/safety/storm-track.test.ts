import { describe, expect, it } from 'vitest';
import { destination } from '../geo/great-circle';
import { stormApproach, type TrackedStrike } from './storm-track';

const site = { lat: 36.5, lon: -91 };
const now = Date.parse('2026-07-15T18:20:00Z');
const minute = 60_000;

/** A deterministic stream of numbers in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A simulated cell with known motion: its centre starts `startKm` from the site on `startBearing`
 * 30 minutes ago and moves at `speedKmh` toward `headingDeg`; three strikes a minute fall around
 * the centre with a 2.5 km Gaussian spread.
 */
function cell(options: {
  startKm: number;
  startBearing: number;
  speedKmh: number;
  headingDeg: number;
  seed: number;
  from?: { lat: number; lon: number };
}): TrackedStrike[] {
  const random = seeded(options.seed);
  const start = destination(
    (options.from ?? site).lat,
    (options.from ?? site).lon,
    options.startBearing,
    options.startKm,
  );
  const strikes: TrackedStrike[] = [];
  for (let m = -30; m <= 0; m += 1 / 3) {
    const travelled = (options.speedKmh * (m + 30)) / 60;
    const centre = destination(start.lat, start.lon, options.headingDeg, travelled);
    const spread = 2.5 * Math.sqrt(-2 * Math.log(1 - random()));
    const angle = random() * 360;
    strikes.push({ ...destination(centre.lat, centre.lon, angle, spread), time: now + m * minute });
  }
  return strikes;
}

describe('storm approach', () => {
  it('tracks a cell coming straight at the site and times its arrival at the stop ring', () => {
    // Starts 60 km west, moving east at 40 km/h: 40 km away now, 30 km from a 10 km ring.
    const approach = stormApproach(
      site,
      10,
      cell({ startKm: 60, startBearing: 270, speedKmh: 40, headingDeg: 90, seed: 1 }),
      now,
    );
    expect(approach.kind).toBe('approaching');
    if (approach.kind !== 'approaching') return;
    expect(approach.distanceKm).toBeCloseTo(40, -0.3);
    expect(approach.speedKmh).toBeGreaterThan(36);
    expect(approach.speedKmh).toBeLessThan(44);
    expect(Math.abs(approach.headingDeg - 90)).toBeLessThan(6);
    // 30 km at 40 km/h.
    expect(approach.etaMinutes).toBeGreaterThan(40);
    expect(approach.etaMinutes).toBeLessThan(50);
  });

  it('times an off-centre approach by the chord it cuts into the ring', () => {
    // Moving north at 30 km/h along a line 6 km east of the site, from 50 km south.
    const from = destination(site.lat, site.lon, 90, 6);
    const approach = stormApproach(
      site,
      10,
      cell({ from, startKm: 65, startBearing: 180, speedKmh: 30, headingDeg: 0, seed: 2 }),
      now,
    );
    expect(approach.kind).toBe('approaching');
    if (approach.kind !== 'approaching') return;
    // Now 50 km south on that line; it meets the ring where north offset is -8 km (6² + 8² = 10²).
    const expected = ((50 - 8) / 30) * 60;
    expect(Math.abs(approach.etaMinutes - expected)).toBeLessThan(10);
  });

  it('says a cell moving off is moving away', () => {
    const approach = stormApproach(
      site,
      10,
      cell({ startKm: 20, startBearing: 90, speedKmh: 40, headingDeg: 90, seed: 3 }),
      now,
    );
    expect(approach.kind).toBe('moving-away');
  });

  it('says a cell that will miss the ring is passing', () => {
    const from = destination(site.lat, site.lon, 0, 30);
    const approach = stormApproach(
      site,
      10,
      cell({ from, startKm: 40, startBearing: 270, speedKmh: 40, headingDeg: 90, seed: 4 }),
      now,
    );
    expect(approach.kind).toBe('passing');
  });

  it('says a cell that stays put is stationary', () => {
    const approach = stormApproach(
      site,
      10,
      cell({ startKm: 30, startBearing: 200, speedKmh: 0, headingDeg: 0, seed: 5 }),
      now,
    );
    expect(approach.kind).toBe('stationary');
  });

  it('tracks the nearest of two cells', () => {
    const near = cell({ startKm: 45, startBearing: 0, speedKmh: 30, headingDeg: 180, seed: 6 });
    const far = cell({ startKm: 60, startBearing: 90, speedKmh: 30, headingDeg: 90, seed: 7 });
    const approach = stormApproach(site, 10, [...far, ...near], now);
    expect(approach.kind).toBe('approaching');
    if (approach.kind === 'approaching')
      expect(Math.abs(approach.headingDeg - 180)).toBeLessThan(8);
  });

  it('follows a cell across the date line', () => {
    const pacific = { lat: -17.7, lon: 179.9 };
    const strikes = cell({
      from: pacific,
      startKm: 45,
      startBearing: 90,
      speedKmh: 40,
      headingDeg: 270,
      seed: 8,
    });
    expect(strikes.some((strike) => strike.lon < 0)).toBe(true);
    const approach = stormApproach(pacific, 10, strikes, now);
    expect(approach.kind).toBe('approaching');
    if (approach.kind === 'approaching')
      expect(Math.abs(approach.headingDeg - 270)).toBeLessThan(8);
  });

  it('knows when there is nothing to track, too little, or it is already here', () => {
    expect(stormApproach(site, 10, [], now)).toEqual({ kind: 'none' });
    const few = cell({
      startKm: 40,
      startBearing: 0,
      speedKmh: 30,
      headingDeg: 180,
      seed: 9,
    }).slice(-3);
    expect(stormApproach(site, 10, few, now).kind).toBe('unknown');
    const overhead = cell({ startKm: 3, startBearing: 0, speedKmh: 0, headingDeg: 0, seed: 10 });
    expect(stormApproach(site, 10, overhead, now).kind).toBe('inside');
  });
});
