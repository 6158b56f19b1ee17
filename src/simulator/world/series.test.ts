import { describe, expect, it } from 'vitest';
import { thunderThreshold } from './condition';
import { type AtmosphereSample, createWorld } from './world';

/**
 * A series asked for in advance (`between`, history's path) works its fields and its storms out
 * in batches; every value must still be the one `at` gives, bit for bit, at every time in the
 * series and outside it. Places under storms, with sensor lightning (west of 80°E) and radar
 * lightning (east of it, read a scan late), so a storm lifted by the lightning cells around a
 * place is among them.
 */
const hour = 3600;
const world = createWorld();

const instants = ['2026-07-15T18:00:00Z', '2026-01-10T06:00:00Z'].map(
  (iso) => Date.parse(iso) / 1000,
);

/** Storms at whole degrees at an instant, three west of 80°E and three east. */
function stormsAt(now: number): (readonly [number, number])[] {
  const found: (readonly [number, number])[] = [];
  for (const [west, east] of [
    [-180, 80],
    [80, 180],
  ] as const) {
    let taken = 0;
    for (let lat = -40; lat <= 50 && taken < 3; lat += 1)
      for (let lon = west; lon < east && taken < 3; lon += 1) {
        if (world.storm(lat, lon, now) <= thunderThreshold) continue;
        found.push([lat, lon]);
        taken++;
      }
  }
  return found;
}

/** A sample's own fields and the ones it derives, as plain data. */
const valuesOf = (sample: AtmosphereSample) => ({
  ...sample,
  code: sample.code,
  visibility: sample.visibility,
  cloudLayers: sample.cloudLayers,
  ozone: sample.ozone,
  apparentTemperature: sample.apparentTemperature,
});

describe('a series asked for in advance', () => {
  it('gives what one time at a time gives, in storms too, on and off its hours', () => {
    let stormy = 0;
    for (const instant of instants)
      for (const [lat, lon] of stormsAt(instant)) {
        const from = instant - 36 * hour;
        const to = instant + 12 * hour;
        const series = world.between(lat, lon, from, to, hour);
        const single = world.at(lat, lon);
        // Every hour of the series, times between its hours, and times either side of it.
        const times: number[] = [];
        for (let t = from; t <= to; t += hour) times.push(t, t + 300, t + 1234);
        times.push(from - hour, from - 1, to + 1, to + hour);
        for (const t of times) {
          const expected = single(t);
          expect(valuesOf(series(t)), `${lat},${lon} at ${t}`).toEqual(valuesOf(expected));
          if (expected.storm > thunderThreshold) stormy++;
        }
      }
    expect(stormy).toBeGreaterThan(20);
  });
});
