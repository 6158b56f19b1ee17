import { describe, expect, it } from 'vitest';
import { aqiFromConcentrations } from '../../shared/weather/aqi';
import { isThunderstorm } from './condition-codes';
import { thunderThreshold } from './condition';
import { seededRandom } from './random';
import { relativeHumidity } from './thermo';
import { type AtmosphereSample, createWorld } from './world';

const hour = 3600;
const start = Date.parse('2026-01-01T00:00:00Z') / 1000;

function randomSamples(count: number) {
  const world = createWorld();
  const random = seededRandom(7);
  return Array.from({ length: count }, () => {
    const lat = random() * 170 - 85;
    const lon = random() * 360 - 180;
    const t = start + Math.floor(random() * 365 * 24) * hour;
    return world.sample(lat, lon, t);
  });
}

describe('the world model', () => {
  /** What a sample works out only when read. */
  const derived = (sample: AtmosphereSample) => ({
    code: sample.code,
    visibility: sample.visibility,
    pollutants: sample.pollutants,
    apparentTemperature: sample.apparentTemperature,
    cloudLayers: sample.cloudLayers,
    ozone: sample.ozone,
  });

  it('is deterministic: the same place and hour give the same weather in any world instance', () => {
    const a = createWorld().sample(35.78, -78.64, start + 5 * hour);
    const b = createWorld().sample(35.78, -78.64, start + 5 * hour);
    expect(b).toEqual(a);
    expect(derived(b)).toEqual(derived(a));
  });

  it('derives the same quantities whenever and in whatever order they are read', () => {
    // Read as a series goes, hour by hour, code first (it needs the pollutants)...
    const at = createWorld().at(29.73, -95.17);
    const asRead = Array.from({ length: 72 }, (_, h) => derived(at(start + h * hour)));
    // ...and only after a whole series was sampled, backwards, pollutants first.
    const sampler = createWorld().at(29.73, -95.17);
    const series = Array.from({ length: 72 }, (_, h) => sampler(start + h * hour));
    const late = series.reverse().map((sample) => {
      const pollutants = sample.pollutants;
      return { ...derived(sample), pollutants };
    });
    expect(late.reverse()).toEqual(asRead);
  });

  it('varies between places and hours', () => {
    const world = createWorld();
    const temperatures = new Set(
      [0, 6, 12, 18].map((h) =>
        world.sample(35.78, -78.64, start + h * hour).temperature.toFixed(2),
      ),
    );
    expect(temperatures.size).toBe(4);
  });

  const samples = randomSamples(3000);

  it('never has a dew point above the temperature, and humidity agrees with both', () => {
    for (const s of samples) {
      expect(s.dewPoint).toBeLessThanOrEqual(s.temperature);
      expect(
        Math.abs(s.relativeHumidity - 100 * relativeHumidity(s.temperature, s.dewPoint)),
      ).toBeLessThanOrEqual(0.5);
    }
  });

  it('keeps values in physical ranges', () => {
    for (const s of samples) {
      expect(s.temperature).toBeGreaterThan(-75);
      expect(s.temperature).toBeLessThan(55);
      expect(s.seaLevelPressure).toBeGreaterThan(960);
      expect(s.seaLevelPressure).toBeLessThan(1060);
      expect(s.windSpeed).toBeGreaterThanOrEqual(0);
      expect(s.gust).toBeGreaterThanOrEqual(s.windSpeed);
      expect(s.clouds).toBeGreaterThanOrEqual(0);
      expect(s.clouds).toBeLessThanOrEqual(100);
      expect(s.windDirection).toBeGreaterThanOrEqual(0);
      expect(s.windDirection).toBeLessThan(360);
      const aqi = aqiFromConcentrations(s.pollutants);
      expect(aqi).toBeGreaterThanOrEqual(0);
      expect(aqi).toBeLessThanOrEqual(500);
      expect(s.visibility).toBeGreaterThan(0);
      expect(s.visibility).toBeLessThanOrEqual(24);
    }
  });

  it('has daylight only when the sun is up', () => {
    for (const s of samples) {
      expect(s.partOfDay).toBe(s.sun.elevation > -0.833 ? 'd' : 'n');
      if (s.sun.elevation <= 0) expect(s.ghi + s.dni + s.dhi + s.solarRad + s.uv).toBe(0);
      expect(s.solarRad).toBeLessThanOrEqual(s.ghi + 1e-9);
    }
  });

  it('snows only when it is cold enough, and thunders only in storms', () => {
    for (const s of samples) {
      if (s.snowRate > 0) expect(s.temperature).toBeLessThanOrEqual(0.5);
      expect(isThunderstorm(s.code)).toBe(s.storm > thunderThreshold);
    }
  });

  it('has seasons: Raleigh is warmer in July than in January, Sydney the other way round', () => {
    const world = createWorld();
    const monthMean = (lat: number, lon: number, month: number) => {
      let sum = 0;
      const first = Date.UTC(2026, month, 1) / 1000;
      for (let h = 0; h < 24 * 28; h += 5)
        sum += world.sample(lat, lon, first + h * hour).temperature;
      return sum / Math.ceil((24 * 28) / 5);
    };
    expect(monthMean(35.78, -78.64, 6)).toBeGreaterThan(monthMean(35.78, -78.64, 0) + 8);
    expect(monthMean(-33.87, 151.21, 0)).toBeGreaterThan(monthMean(-33.87, 151.21, 6) + 5);
  });

  it('changes smoothly from hour to hour', () => {
    const world = createWorld();
    let previous = world.sample(51.5, -0.12, start);
    for (let h = 1; h < 24 * 30; h++) {
      const next = world.sample(51.5, -0.12, start + h * hour);
      expect(Math.abs(next.temperature - previous.temperature)).toBeLessThan(8);
      expect(Math.abs(next.seaLevelPressure - previous.seaLevelPressure)).toBeLessThan(4);
      previous = next;
    }
  });

  it('is continuous across the date line', () => {
    const world = createWorld();
    const west = world.sample(-17, 179.999, start);
    const east = world.sample(-17, -179.999, start);
    expect(Math.abs(west.seaLevelPressure - east.seaLevelPressure)).toBeLessThan(0.1);
    expect(Math.abs(west.temperature - east.temperature)).toBeLessThan(0.5);
  });
});
