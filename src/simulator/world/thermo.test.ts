import { describe, expect, it } from 'vitest';
import {
  apparentTemperature,
  dewPoint,
  relativeHumidity,
  stationPressure,
  wetBulb,
  windChill,
} from './thermo';

describe('moist thermodynamics', () => {
  it('inverts: the dew point of a humidity gives that humidity back', () => {
    for (const temperature of [-30, -5, 0, 12, 25, 40]) {
      for (const humidity of [0.1, 0.45, 0.8, 1]) {
        const dew = dewPoint(temperature, humidity);
        expect(dew).toBeLessThanOrEqual(temperature + 1e-9);
        expect(relativeHumidity(temperature, dew)).toBeCloseTo(humidity, 6);
      }
    }
  });

  it('gives the Environment Canada value for -10 °C in a 30 km/h wind (-19.5 °C)', () => {
    expect(windChill(-10, 30 / 3.6)).toBeCloseTo(-19.5, 1);
  });

  it('uses heat index only when hot and humid, wind chill only when cold and windy', () => {
    expect(apparentTemperature(20, 90, 10)).toBe(20);
    expect(apparentTemperature(32, 60, 2)).toBeGreaterThan(32);
    expect(apparentTemperature(-5, 50, 8)).toBeLessThan(-5);
    expect(apparentTemperature(-5, 50, 0.5)).toBe(-5);
  });

  it('lowers station pressure with elevation (about 12 mb per 100 m near sea level)', () => {
    expect(stationPressure(1013.25, 0)).toBeCloseTo(1013.25, 6);
    expect(stationPressure(1013.25, 100)).toBeCloseTo(1001.3, 0);
    expect(stationPressure(1013.25, 1600)).toBeCloseTo(835, -1);
  });

  it('puts the wet bulb between the dew point and the air temperature, frozen or dry or saturated', () => {
    const outside: string[] = [];
    let checked = 0;
    for (let temperature = -60; temperature <= 50; temperature += 0.5) {
      for (let humidity = 1; humidity <= 100; humidity += 1) {
        const dew = dewPoint(temperature, humidity / 100);
        for (const pressure of [1013.25, 850, 600]) {
          const bulb = wetBulb(temperature, dew, pressure);
          if (!(dew <= bulb && bulb <= temperature)) {
            outside.push(`${temperature} °C, ${humidity} %, ${pressure} mb: ${bulb} (dew ${dew})`);
          }
          checked += 1;
        }
      }
    }
    expect(outside).toEqual([]);
    expect(checked).toBe(221 * 100 * 3);
  });

  it('gives the psychrometric chart values at sea level', () => {
    // 20 °C at 50 % reads 13.8 °C wet bulb; 30 °C at 30 % reads 18.1 °C.
    expect(wetBulb(20, dewPoint(20, 0.5))).toBeCloseTo(13.8, 1);
    expect(wetBulb(30, dewPoint(30, 0.3))).toBeCloseTo(18.1, 1);
    // Saturated air cannot cool by evaporation.
    expect(wetBulb(-25, -25)).toBeCloseTo(-25, 5);
    // Thinner air carries the heat of evaporation away less: the bulb cools further.
    expect(wetBulb(30, 10, 700)).toBeLessThan(wetBulb(30, 10, 1013.25));
  });
});
