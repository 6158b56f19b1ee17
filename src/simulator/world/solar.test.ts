import * as SunCalc from 'suncalc';
import { describe, expect, it } from 'vitest';
import { sunEvents, sunPosition, sunTracker } from './solar';

const places = [
  { name: 'Raleigh', lat: 35.78, lon: -78.64 },
  { name: 'Tokyo', lat: 35.68, lon: 139.69 },
  { name: 'Sydney', lat: -33.87, lon: 151.21 },
  { name: 'Quito', lat: -0.18, lon: -78.47 },
  { name: 'Reykjavik', lat: 64.15, lon: -21.94 },
  { name: 'Suva (east of the date line)', lat: -18.14, lon: 178.44 },
  { name: 'Apia (west of the date line)', lat: -13.83, lon: -171.76 },
];
const instants = [
  '2026-01-15T03:00:00Z',
  '2026-03-20T12:00:00Z',
  '2026-06-21T18:30:00Z',
  '2026-11-21T09:45:00Z',
];

describe('sunPosition', () => {
  for (const place of places) {
    for (const instant of instants) {
      it(`agrees with SunCalc for ${place.name} at ${instant}`, () => {
        const date = new Date(instant);
        const ours = sunPosition(date.getTime() / 1000, place.lat, place.lon);
        const reference = SunCalc.getPosition(date, place.lat, place.lon);
        // SunCalc 2 reports apparent altitude (with up to ~0.6° of refraction) and azimuth
        // from north, both in degrees; ours are geometric.
        expect(Math.abs(ours.elevation - reference.altitude)).toBeLessThan(0.65);
        if (ours.elevation > -80 && ours.elevation < 80) {
          const difference = Math.abs(((ours.azimuth - reference.azimuth + 540) % 360) - 180);
          expect(difference).toBeLessThan(0.5);
        }
      });
    }
  }

  it('puts the sun near the zenith at the subsolar point at an equinox noon', () => {
    const position = sunPosition(Date.parse('2026-03-20T12:07:00Z') / 1000, 0, 0);
    expect(position.elevation).toBeGreaterThan(89);
    expect(Math.abs(position.hourAngle)).toBeLessThan(1);
  });

  it('gives a negative hour angle in the morning and a positive one in the afternoon', () => {
    const morning = sunPosition(Date.parse('2026-06-01T13:00:00Z') / 1000, 35.78, -78.64);
    const afternoon = sunPosition(Date.parse('2026-06-01T20:00:00Z') / 1000, 35.78, -78.64);
    expect(morning.hourAngle).toBeLessThan(0);
    expect(afternoon.hourAngle).toBeGreaterThan(0);
  });
});

describe('sunEvents', () => {
  for (const place of places) {
    it(`matches SunCalc's sunrise and sunset within two minutes for ${place.name}`, () => {
      const day = Date.parse('2026-11-21T00:00:00Z') / 1000;
      const events = sunEvents(day, place.lat, place.lon);
      expect(events.kind).toBe('normal');
      if (events.kind !== 'normal') return;
      const reference = SunCalc.getTimes(new Date(events.solarNoon * 1000), place.lat, place.lon);
      expect(Math.abs(events.sunrise - (reference.sunrise as Date).getTime() / 1000)).toBeLessThan(
        120,
      );
      expect(Math.abs(events.sunset - (reference.sunset as Date).getTime() / 1000)).toBeLessThan(
        120,
      );
    });
  }

  it('knows polar night and polar day at Longyearbyen', () => {
    expect(sunEvents(Date.parse('2026-12-21T00:00:00Z') / 1000, 78.22, 15.65).kind).toBe(
      'polar-night',
    );
    expect(sunEvents(Date.parse('2026-06-21T00:00:00Z') / 1000, 78.22, 15.65).kind).toBe(
      'polar-day',
    );
  });
});

describe('sunTracker', () => {
  it('matches the exact position to a hundredth of a degree through a year, hour by hour', () => {
    for (const place of places) {
      const track = sunTracker(place.lat, place.lon);
      const start = Date.parse('2026-01-01T00:00:00Z') / 1000;
      for (let t = start; t < start + 365 * 86_400; t += 3600 + 17) {
        const exact = sunPosition(t, place.lat, place.lon);
        const tracked = track(t);
        expect(Math.abs(tracked.elevation - exact.elevation)).toBeLessThan(0.01);
        expect(Math.abs(tracked.hourAngle - exact.hourAngle)).toBeLessThan(0.01);
      }
    }
  });
});
