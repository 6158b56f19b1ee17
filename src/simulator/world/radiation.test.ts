import { describe, expect, it } from 'vitest';
import { irradiance, sunshineElevation, sunshineHours, sunshineThreshold } from './radiation';
import { sunEvents, sunTracker } from './solar';

const hour = 3600;
const day = 86_400;

/** Sunshine summed over the 24 hourly samples of the UTC day starting at `dayStart`. */
function dailySunshine(lat: number, lon: number, dayStart: number, cloudFraction: number) {
  const sun = sunTracker(lat, lon);
  let total = 0;
  for (let t = dayStart; t < dayStart + day; t += hour) {
    total += sunshineHours((instant) => sun(instant).elevation, t, cloudFraction);
  }
  return total;
}

const dayLength = (lat: number, lon: number, dayStart: number) => {
  const events = sunEvents(dayStart, lat, lon);
  if (events.kind !== 'normal') throw new Error(`no sunrise at ${lat}, ${lon}`);
  return (events.sunset - events.sunrise) / hour;
};

describe('sunshine duration', () => {
  it('starts where clear-sky direct normal irradiance passes 120 W/m², a few degrees up', () => {
    expect(sunshineElevation).toBeGreaterThan(1);
    expect(sunshineElevation).toBeLessThan(5);
    expect(irradiance(sunshineElevation + 0.01, 0).dni).toBeGreaterThan(sunshineThreshold);
    expect(irradiance(sunshineElevation - 0.01, 0).dni).toBeLessThan(sunshineThreshold);
  });

  // Both places' local days lie within these UTC days' daylight: UTC midnight is local evening.
  it.each([
    ['Phoenix', 33.45, -112.07],
    ['New York', 40.71, -74.01],
  ] as const)(
    'gives a cloudless summer day in %s most of its day length, never more',
    (_name, lat, lon) => {
      const dayStart = Date.parse('2026-07-15T06:00:00Z') / 1000;
      const clear = dailySunshine(lat, lon, dayStart, 0);
      const length = dayLength(lat, lon, Date.parse('2026-07-15T00:00:00Z') / 1000);
      expect(clear).toBeGreaterThan(length - 1);
      expect(clear).toBeLessThanOrEqual(length);
      expect(clear).toBeGreaterThan(12);
    },
  );

  it('hides the sun for the cloudy share of the time', () => {
    const dayStart = Date.parse('2026-07-15T06:00:00Z') / 1000;
    const clear = dailySunshine(33.45, -112.07, dayStart, 0);
    expect(dailySunshine(33.45, -112.07, dayStart, 0.5)).toBeCloseTo(clear / 2, 6);
    expect(dailySunshine(33.45, -112.07, dayStart, 1)).toBe(0);
  });

  it('gives every hour of a polar day and none of a polar night', () => {
    const june = Date.parse('2026-06-21T00:00:00Z') / 1000;
    expect(dailySunshine(80, 0, june, 0)).toBeCloseTo(24, 6);
    expect(dailySunshine(-80, 0, june, 0)).toBe(0);
  });

  it('counts part of the hour the sun rises in', () => {
    const events = sunEvents(Date.parse('2026-07-15T00:00:00Z') / 1000, 33.45, -112.07);
    if (events.kind !== 'normal') throw new Error('Phoenix has a sunrise');
    const sun = sunTracker(33.45, -112.07);
    const elevationAt = (t: number) => sun(t).elevation;
    const firstSunny = events.sunrise + 30 * 60;
    const share = sunshineHours(elevationAt, firstSunny, 0);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(1);
    expect(sunshineHours(elevationAt, events.sunrise - hour, 0)).toBe(0);
    expect(sunshineHours(elevationAt, events.solarNoon, 0)).toBe(1);
  });
});
