import { describe, expect, it } from 'vitest';
import { destination } from '../../shared/geo/great-circle';
import { stormApproach } from './storm-track';
import { thunderThreshold } from '../../simulator/world/condition';
import { strikesAround } from '../../simulator/world/lightning';
import { createWorld } from '../../simulator/world/world';

/**
 * The storm tracker against the simulator's own storms. Every field the world's thunderstorms are
 * made from (convection, organisation, moisture, air mass) is carried round the globe at one rate
 * in longitude (fields.ts): 0.42° an hour eastward poleward of 35°, 0.17° an hour westward within
 * 20° of the equator. Over a plain surface nothing else is fixed to the ground, so a storm drifts
 * at that rate, east or west along its parallel, while it grows and decays in place (which is why
 * single cells stray from it and the tolerances below are wide).
 */
const world = createWorld();
const start = Date.parse('2026-07-10T20:00:00Z') / 1000;
const kmPerDegree = (Math.PI / 180) * 6371.0088;

interface Regime {
  lats: [number, number];
  lons: [number, number];
  degreesPerHour: number;
}

/** The motion the tracker reports for the storms at whole degrees across a region and 5 days. */
function trackedStorms({ lats, lons, degreesPerHour }: Regime) {
  /** Heading off the drift's (degrees, clockwise positive) and speed as a share of its. */
  const tracked: { headingOff: number; speedRatio: number }[] = [];
  const heading = degreesPerHour > 0 ? 90 : 270;
  for (let hour = 0; hour < 120; hour += 3) {
    const t = start + hour * 3600;
    for (let lat = lats[0]; lat <= lats[1]; lat++)
      for (let lon = lons[0]; lon <= lons[1]; lon++) {
        if (world.storm(lat, lon, t) <= thunderThreshold) continue;
        // The site upwind, so the storm at (lat, lon) is the nearest and moves off.
        const site = destination(lat, lon, heading + 180, 25);
        const strikes = strikesAround(world, site, 80, t - 1800, t).map((strike) => ({
          lat: strike.lat,
          lon: strike.lon,
          time: strike.time * 1000,
        }));
        const approach = stormApproach(site, 5, strikes, t * 1000);
        if (!('speedKmh' in approach) || approach.kind === 'stationary') continue;
        const expectedKmh =
          Math.abs(degreesPerHour) * kmPerDegree * Math.cos((lat * Math.PI) / 180);
        tracked.push({
          headingOff: ((approach.headingDeg - heading + 540) % 360) - 180,
          speedRatio: approach.speedKmh / expectedKmh,
        });
      }
  }
  return tracked;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

describe("the storm tracker on the simulator's storms", () => {
  it('finds mid-latitude storms drifting east with the westerlies', () => {
    const storms = trackedStorms({ lats: [38, 52], lons: [-110, -70], degreesPerHour: 0.42 });
    expect(storms.length).toBeGreaterThanOrEqual(12);
    // On the whole, along the drift; cell by cell, near it.
    expect(Math.abs(median(storms.map((s) => s.headingOff)))).toBeLessThan(10);
    expect(median(storms.map((s) => Math.abs(s.headingOff)))).toBeLessThan(20);
    expect(median(storms.map((s) => s.speedRatio))).toBeGreaterThan(0.85);
    expect(median(storms.map((s) => s.speedRatio))).toBeLessThan(1.15);
    const onCourse = storms.filter((s) => Math.abs(s.headingOff) < 30).length;
    expect(onCourse / storms.length).toBeGreaterThan(0.75);
  });

  it('finds tropical storms drifting west with the trades', () => {
    // Slower drift against the same growth and decay: looser still.
    const storms = trackedStorms({ lats: [2, 16], lons: [-70, -20], degreesPerHour: -0.17 });
    expect(storms.length).toBeGreaterThanOrEqual(12);
    expect(Math.abs(median(storms.map((s) => s.headingOff)))).toBeLessThan(15);
    expect(median(storms.map((s) => Math.abs(s.headingOff)))).toBeLessThan(30);
    expect(median(storms.map((s) => s.speedRatio))).toBeGreaterThan(0.75);
    expect(median(storms.map((s) => s.speedRatio))).toBeLessThan(1.33);
  });
});
