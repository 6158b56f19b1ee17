import { describe, expect, it } from 'vitest';
import { bearingDegrees, destination, distanceKm } from '../../../../shared/geo/great-circle';
import { rangeRings, ringSteps, sectorCounts } from './geometry';
import { countdownText, safetyStatus } from './safety';

const now = Date.parse('2026-07-15T18:20:00Z');
const minutesAgo = (minutes: number) => now - minutes * 60_000;
const settings = { stopKm: 10, clearMinutes: 30 };

describe('safety status', () => {
  it('is STOP while a strike within the stop radius is younger than the all-clear time', () => {
    const status = safetyStatus(
      [
        { distanceKm: 8, time: minutesAgo(12) },
        { distanceKm: 30, time: minutesAgo(1) },
      ],
      settings,
      now,
    );
    expect(status.level).toBe('stop');
    expect(status.nearestKm).toBe(8);
    expect(status.clearsAt).toBe(minutesAgo(12) + 30 * 60_000);
  });

  it('is CAUTION for a strike within twice the radius, and counts down from the latest one', () => {
    const status = safetyStatus(
      [
        { distanceKm: 15, time: minutesAgo(20) },
        { distanceKm: 19.9, time: minutesAgo(5) },
      ],
      settings,
      now,
    );
    expect(status.level).toBe('caution');
    expect(status.clearsAt).toBe(minutesAgo(5) + 30 * 60_000);
  });

  it('is ALL CLEAR when the close strikes are older than the all-clear time, or far away', () => {
    expect(safetyStatus([{ distanceKm: 2, time: minutesAgo(31) }], settings, now).level).toBe(
      'clear',
    );
    expect(safetyStatus([{ distanceKm: 20.1, time: minutesAgo(1) }], settings, now).level).toBe(
      'clear',
    );
    expect(safetyStatus([], settings, now)).toEqual({
      level: 'clear',
      nearestKm: undefined,
      clearsAt: undefined,
    });
  });

  it('follows the configured radius and time', () => {
    const strikes = [{ distanceKm: 12, time: minutesAgo(40) }];
    expect(safetyStatus(strikes, { stopKm: 15, clearMinutes: 45 }, now).level).toBe('stop');
    expect(safetyStatus(strikes, { stopKm: 15, clearMinutes: 30 }, now).level).toBe('clear');
  });

  it('writes countdowns as minutes and seconds', () => {
    expect(countdownText(18 * 60_000 + 5_000)).toBe('18:05');
    expect(countdownText(-5)).toBe('0:00');
  });
});

describe('geometry', () => {
  it('steps rings to round distances, at most about four, ending at the search distance', () => {
    expect(ringSteps(20, 'km').map((r) => r.label)).toEqual(['5 km', '10 km', '15 km', '20 km']);
    expect(ringSteps(75, 'km').map((r) => r.label)).toEqual(['20 km', '40 km', '60 km', '75 km']);
    const miles = ringSteps(75, 'mi');
    expect(miles[0]?.label).toBe('15 mi');
    expect(miles[miles.length - 1]?.km).toBeCloseTo(75, 6);
    expect(ringSteps(8, 'km').map((r) => r.label)).toEqual(['2 km', '4 km', '6 km', '8 km']);
  });

  it('draws rings at their distance and spokes to the compass points', () => {
    const centre = { lat: 36.5, lon: -91 };
    const { rings, spokes } = rangeRings(centre, ringSteps(20, 'km'));
    for (const [lon, lat] of rings.features[3]!.geometry.coordinates[0]!) {
      expect(distanceKm(centre.lat, centre.lon, lat!, lon!)).toBeCloseTo(20, 6);
    }
    const bearings = spokes.features.map((f) => {
      const [lon, lat] = f.geometry.coordinates[1]!;
      return Math.round(bearingDegrees(centre.lat, centre.lon, lat!, lon!));
    });
    expect(bearings).toEqual([0, 90, 180, 270]);
  });

  it('bins bearings into 16 sectors centred on the compass points', () => {
    const counts = sectorCounts([0, 359, 11, 12, 90, 180, 337.6]);
    expect(counts[0]).toBe(3); // 0, 359, 11 are N
    expect(counts[1]).toBe(1); // 12 is NNE
    expect(counts[4]).toBe(1);
    expect(counts[8]).toBe(1);
    expect(counts[15]).toBe(1); // 337.6 is NNW
  });

  it('finds the destination point a distance along a bearing', () => {
    const end = destination(0, 0, 90, 111.195);
    expect(end.lat).toBeCloseTo(0, 6);
    expect(end.lon).toBeCloseTo(1, 3);
  });
});
