import { describe, expect, it } from 'vitest';
import { destination } from '../../shared/geo/great-circle';
import { type StormApproach, stormApproach, type TrackedStrike } from './storm-track';

const site = { lat: 36.5, lon: -91 };
const now = Date.parse('2026-07-15T18:20:00Z');
const minute = 60_000;
const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

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

interface SimulatedCell {
  /** Where the cell's centre is now. */
  centre: { lat: number; lon: number };
  speedKmh: number;
  /** The direction it moves toward, degrees from north. */
  headingDeg: number;
  seed: number;
  /** Strikes per minute, on average (a Poisson process). */
  rate?: number;
  /** Standard deviation of the strikes about the centre, km in each direction. */
  spreadKm?: number;
  /** Minutes before now the strikes start and end. */
  fromMinutes?: number;
  toMinutes?: number;
}

const defaultRate = 4;
const defaultSpreadKm = 3;

/**
 * A cell with known motion: its centre travels a great circle at `speedKmh` toward `headingDeg`
 * and is at `centre` now. Strikes come as a Poisson process (exponential gaps) and scatter about
 * the moving centre with a circular Gaussian spread (Box–Muller).
 */
function simulate(cell: SimulatedCell): TrackedStrike[] {
  const random = seeded(cell.seed);
  const rate = cell.rate ?? defaultRate;
  const spread = cell.spreadKm ?? defaultSpreadKm;
  const strikes: TrackedStrike[] = [];
  let m = -(cell.fromMinutes ?? 30);
  for (;;) {
    m += -Math.log(1 - random()) / rate;
    if (m > -(cell.toMinutes ?? 0)) return strikes;
    // Back along the path from where the centre is now: -m minutes' travel the other way.
    const centre = destination(
      cell.centre.lat,
      cell.centre.lon,
      cell.headingDeg + 180,
      (cell.speedKmh * -m) / 60,
    );
    const offsetKm = spread * Math.sqrt(-2 * Math.log(1 - random()));
    const strike = destination(centre.lat, centre.lon, random() * 360, offsetKm);
    strikes.push({ ...strike, time: now + m * minute });
  }
}

/** A point `km` from the site on `bearing`, then `sideKm` on `sideBearing` (a track offset). */
function at(km: number, bearing: number, sideKm = 0, sideBearing = 0, from = site) {
  const point = destination(from.lat, from.lon, bearing, km);
  return sideKm === 0 ? point : destination(point.lat, point.lon, sideBearing, sideKm);
}

/**
 * The least-squares fit's standard errors for a simulated cell (Draper & Smith, Applied
 * Regression Analysis, ch. 1): over a uniform half hour the times have variance 30²/12 = 75 min²
 * and mean -15 min, so with n strikes of spread σ the velocity's error per component is
 * σ/√(75n) km/min and the error of the centre now is σ·√(1/n + 15²/(75n)) = 2σ/√n km. The tests
 * allow four of these: a failure is then a wrong tracker, not bad luck (a 4σ miss happens about
 * once in 16,000 tries).
 */
function fitErrors(rate = defaultRate, spreadKm = defaultSpreadKm) {
  const n = rate * 30;
  return {
    speedKmh: (spreadKm / Math.sqrt(75 * n)) * 60,
    positionKm: (2 * spreadKm) / Math.sqrt(n),
  };
}
const errors = fitErrors();
const allowed = 4;

function angleOff(a: number, b: number): number {
  return Math.abs(((a - b + 540) % 360) - 180);
}

type Moving = Extract<StormApproach, { speedKmh: number }>;

function expectMotion(
  approach: StormApproach,
  kind: Moving['kind'],
  speedKmh: number,
  headingDeg: number,
  error = errors,
): Moving {
  expect(approach.kind).toBe(kind);
  const moving = approach as Moving;
  expect(Math.abs(moving.speedKmh - speedKmh)).toBeLessThan(allowed * error.speedKmh);
  // The heading's error is the cross-track speed error seen from the cell's speed.
  const headingError = (Math.atan2(error.speedKmh, speedKmh) * 180) / Math.PI;
  expect(angleOff(moving.headingDeg, headingDeg)).toBeLessThan(allowed * headingError);
  return moving;
}

describe('storm approach', () => {
  it('tracks a cell coming straight at the site and times its arrival at the stop ring', () => {
    for (const seed of seeds) {
      // 40 km west, moving east at 40 km/h: 30 km to a 10 km ring takes 45 minutes.
      const strikes = simulate({ centre: at(40, 270), speedKmh: 40, headingDeg: 90, seed });
      const approach = expectMotion(stormApproach(site, 10, strikes, now), 'approaching', 40, 90);
      expect(Math.abs(approach.distanceKm - 40)).toBeLessThan(allowed * errors.positionKm);
      if (approach.kind !== 'approaching') return;
      // d(eta)/d(speed) = -eta/speed and d(eta)/d(distance) = 1/speed, in quadrature.
      const etaError = Math.hypot(45 * (errors.speedKmh / 40), (errors.positionKm / 40) * 60);
      expect(Math.abs(approach.etaMinutes - 45)).toBeLessThan(allowed * etaError);
    }
  });

  it('times an off-centre approach by the chord its track cuts into the ring', () => {
    // Whether an off-centre track enters the ring turns on its cross-track error: that of the
    // centre plus the heading's over the time to closest approach (here 48 minutes). More
    // strikes keep that under a quarter of the 4 km margin.
    const rate = 16;
    const error = fitErrors(rate);
    const crossTrack = Math.hypot(error.positionKm, (error.speedKmh * 48) / 60);
    expect(4 * crossTrack).toBeLessThan(10 - 6);
    for (const seed of seeds) {
      // On a track 6 km east of the site, 32 km south of it, moving north at 40 km/h: the
      // track meets a 10 km ring 8 km south of the site (6² + 8² = 10²), 24 km on: 36 minutes.
      const centre = at(32, 180, 6, 90);
      const strikes = simulate({ centre, speedKmh: 40, headingDeg: 0, seed, rate });
      const approach = stormApproach(site, 10, strikes, now);
      expectMotion(approach, 'approaching', 40, 0, error);
      if (approach.kind !== 'approaching') return;
      // The entry point moves 6/8 km along the track per km across it.
      const etaError = Math.hypot(
        36 * (error.speedKmh / 40),
        (error.positionKm / 40) * 60,
        ((0.75 * crossTrack) / 40) * 60,
      );
      expect(Math.abs(approach.etaMinutes - 36)).toBeLessThan(allowed * etaError);
    }
  });

  it('says a cell moving off is moving away', () => {
    for (const seed of seeds) {
      const strikes = simulate({ centre: at(25, 90), speedKmh: 40, headingDeg: 90, seed });
      expectMotion(stormApproach(site, 10, strikes, now), 'moving-away', 40, 90);
    }
  });

  it('says a cell whose track misses the ring, though it comes closer first, is passing', () => {
    // 30 minutes from closest approach, the cross-track error is as in the chord test.
    const rate = 12;
    const error = fitErrors(rate);
    const crossTrack = Math.hypot(error.positionKm, (error.speedKmh * 30) / 60);
    expect(4 * crossTrack).toBeLessThan(5);
    for (const seed of seeds) {
      // 20 km west and 15 km north, moving east at 40 km/h: it will pass 15 km from the site.
      const passing = simulate({
        centre: at(20, 270, 15, 0),
        speedKmh: 40,
        headingDeg: 90,
        seed,
        rate,
      });
      expectMotion(stormApproach(site, 10, passing, now), 'passing', 40, 90, error);
      // 5 km north instead: it clips the ring.
      const clipping = simulate({
        centre: at(20, 270, 5, 0),
        speedKmh: 40,
        headingDeg: 90,
        seed,
        rate,
      });
      expect(stormApproach(site, 10, clipping, now).kind).toBe('approaching');
    }
  });

  it('says a cell that stays put, or barely drifts, is stationary', () => {
    // A still cell's fitted speed is Rayleigh-distributed with the velocity's error: with enough
    // strikes, 5 km/h is over five of those errors.
    const rate = 16;
    const error = fitErrors(rate);
    expect(5 - 2).toBeGreaterThan(3 * error.speedKmh);
    for (const seed of seeds) {
      for (const speedKmh of [0, 2]) {
        const strikes = simulate({ centre: at(30, 200), speedKmh, headingDeg: 45, seed, rate });
        const approach = stormApproach(site, 10, strikes, now);
        expect(approach.kind).toBe('stationary');
        if (approach.kind === 'stationary')
          expect(Math.abs(approach.distanceKm - 30)).toBeLessThan(allowed * error.positionKm);
      }
    }
  });

  it('never calls a cell that moves at 7.6 km/h stationary, though its scatter hides its direction', () => {
    // Few strikes, widely scattered: the velocity's error is over half the speed, so the fit
    // cannot tell the direction; it can tell the cell is faster than one standing still.
    const error = fitErrors(1, 5);
    expect(2 * error.speedKmh).toBeGreaterThan(7.6);
    const kinds = seeds.map((seed) => {
      const strikes = simulate({
        centre: at(30, 0),
        speedKmh: 7.6,
        headingDeg: 180,
        seed,
        rate: 1,
        spreadKm: 5,
      });
      const approach = stormApproach(site, 10, strikes, now);
      if (approach.kind === 'stationary') expect(approach.speedKmh).toBeLessThan(5);
      return approach.kind;
    });
    expect(kinds).toContain('drifting');
  });

  it('tracks the nearest of two cells, without merging them', () => {
    for (const seed of seeds) {
      // 25 km north coming south; a busier storm heading east, 35 km east of it half an hour
      // ago and 50 km now.
      const near = simulate({ centre: at(25, 0), speedKmh: 30, headingDeg: 180, seed });
      const far = simulate({
        centre: at(25, 0, 50, 90),
        speedKmh: 30,
        headingDeg: 90,
        seed: seed + 100,
        rate: 3 * defaultRate,
      });
      for (const strikes of [
        [...far, ...near],
        [...near, ...far],
      ]) {
        const approach = expectMotion(
          stormApproach(site, 10, strikes, now),
          'approaching',
          30,
          180,
        );
        expect(Math.abs(approach.distanceKm - 25)).toBeLessThan(allowed * errors.positionKm);
      }
    }
  });

  it('follows a cell across the date line', () => {
    const fiji = { lat: -17.7, lon: 179.6 };
    for (const seed of seeds) {
      // 40 km east of a site 42 km west of 180°, moving west at 40 km/h: its half hour runs from
      // 60 km east, over the date line.
      const centre = at(40, 90, 0, 0, fiji);
      const strikes = simulate({ centre, speedKmh: 40, headingDeg: 270, seed });
      expect(strikes.some((strike) => strike.lon < 0)).toBe(true);
      expect(strikes.some((strike) => strike.lon > 0)).toBe(true);
      const approach = expectMotion(stormApproach(fiji, 10, strikes, now), 'approaching', 40, 270);
      expect(Math.abs(approach.distanceKm - 40)).toBeLessThan(allowed * errors.positionKm);
    }
  });

  it('says a cell whose centre is within the stop ring is inside', () => {
    for (const seed of seeds) {
      const strikes = simulate({ centre: at(4, 30), speedKmh: 40, headingDeg: 210, seed });
      const approach = stormApproach(site, 10, strikes, now);
      expect(approach.kind).toBe('inside');
      if (approach.kind === 'inside')
        expect(Math.abs(approach.distanceKm - 4)).toBeLessThan(allowed * errors.positionKm);
    }
  });

  it('knows when there is nothing to track', () => {
    expect(stormApproach(site, 10, [], now)).toEqual({ kind: 'none' });
    // Strikes before the window or after now are not in it.
    const strikes = simulate({ centre: at(30, 0), speedKmh: 30, headingDeg: 180, seed: 1 });
    const old = strikes.map((strike) => ({ ...strike, time: strike.time - 31 * minute }));
    const future = strikes.map((strike) => ({ ...strike, time: strike.time + 31 * minute }));
    expect(stormApproach(site, 10, [...old, ...future], now)).toEqual({ kind: 'none' });
  });

  it('will not guess a motion from too few strikes, too short a span, or stray strikes', () => {
    // A cell now 40 km north coming south at 30 km/h: 0.5 km further north each minute back.
    const centre = at(40, 0);
    const cell = { centre, speedKmh: 30, headingDeg: 180 };
    const few = simulate({ ...cell, seed: 1 }).slice(-3);
    const brief = simulate({ ...cell, seed: 2, rate: 20, fromMinutes: 4 });
    // About 18 strikes in 12 minutes, 6 km apart: σ/√(Σ(t - t̄)²) = 6/√(18·12²/12) km/min, 25 km/h.
    const sparse = simulate({ ...cell, seed: 3, rate: 1.5, fromMinutes: 12, spreadKm: 6 });
    // A fast cell (60 km/h) that flashed for 5 minutes and stopped 21 minutes ago: its last
    // strikes, 23.5 minutes back on average, are 23.5 km further off than its centre now.
    const stale = simulate({
      ...cell,
      speedKmh: 60,
      seed: 4,
      rate: 6,
      fromMinutes: 26,
      toMinutes: 21,
    });
    // Five strikes 20 km apart: no two are neighbours, so there is no cell.
    const stray = [0, 72, 144, 216, 288].map((bearing, i) => ({
      ...destination(centre.lat, centre.lon, bearing, 17),
      time: now - i * 5 * minute,
    }));
    const cos36 = Math.cos(Math.PI / 5);
    const sin36 = Math.sin(Math.PI / 5);
    // Without a motion, the cell is where its strikes of its last 10 minutes were, on average:
    // for each, that place (km from the site) and four of the error of a mean of n strikes.
    const spreadOfMean = (spreadKm: number, n: number) => (allowed * spreadKm) / Math.sqrt(n);
    const cases: [TrackedStrike[], RegExp, number, number][] = [
      [few, /only 3 strikes/, 40, spreadOfMean(3, 3)],
      [brief, /span only [0-4]\.\d min/, 41, spreadOfMean(3, 80)],
      [sparse, /scatter too widely/, 42.5, spreadOfMean(6, 15)],
      [stale, /span only [0-5]\.\d min/, 63.5, spreadOfMean(3, 30)],
      // No cell at all: the nearest strike, those on bearings 144° and 216° from the centre.
      [stray, /5 scattered strikes and no cell/, Math.hypot(40 - 17 * cos36, 17 * sin36), 0.2],
    ];
    for (const [strikes, reason, km, tolerance] of cases) {
      const approach = stormApproach(site, 10, strikes, now);
      expect(approach).toMatchObject({ kind: 'unknown', reason: expect.stringMatching(reason) });
      if (approach.kind === 'unknown')
        expect(Math.abs(approach.distanceKm - km)).toBeLessThan(tolerance);
    }
  });

  it('keeps to the newest strikes of a storm with more than it considers', () => {
    // 30,000 strikes: the newest 5,000 are the last five minutes of the cell's track, too short
    // a span to read a motion from.
    const strikes = simulate({
      centre: at(40, 270),
      speedKmh: 40,
      headingDeg: 90,
      seed: 1,
      rate: 1000,
    });
    expect(strikes.length).toBeGreaterThan(25_000);
    expect(stormApproach(site, 10, strikes, now).kind).toBe('unknown');
    // Without the old ones that crowd the window, the same storm is tracked.
    const thinned = strikes.filter((_, i) => i % 10 === 0);
    expectMotion(stormApproach(site, 10, thinned, now), 'approaching', 40, 90);
  });
});
