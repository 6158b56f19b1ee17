import type { Concentrations } from '../../shared/weather/aqi';
import type { ConditionCode } from '../../shared/weather/condition-codes';
import { concentrations } from './air-chemistry';
import { annualMeanTemperature, diurnalDeparture, seasonalAmplitude, seasonPhase } from './climate';
import { conditionCode, thunderThreshold } from './condition';
import { createField, smoothstep } from './fields';
import { irradiance } from './radiation';
import { type SunPosition, sunPosition } from './solar';
import { apparentTemperature, dewPoint, relativeHumidity, stationPressure } from './thermo';

/**
 * One deterministic atmosphere. Every endpoint samples it, so a place and an instant always give
 * the same weather, and views of the same hour agree. All values are metric (°C, m/s, mm, km,
 * mb); endpoints convert units at the edge.
 */
export interface AtmosphereSample {
  unixSeconds: number;
  lat: number;
  lon: number;
  sun: SunPosition;
  partOfDay: 'd' | 'n';
  temperature: number;
  dewPoint: number;
  /** Percent. */
  relativeHumidity: number;
  apparentTemperature: number;
  seaLevelPressure: number;
  pressure: number;
  windSpeed: number;
  /** Degrees the wind blows from. */
  windDirection: number;
  gust: number;
  /** Percent. */
  clouds: number;
  /** Low, middle and high cloud cover, percent. */
  cloudLayers: { low: number; mid: number; high: number };
  /** Liquid-equivalent rate, mm/h. */
  precipRate: number;
  /** Snowfall rate, mm/h of snow. */
  snowRate: number;
  visibility: number;
  uv: number;
  ghi: number;
  dni: number;
  dhi: number;
  solarRad: number;
  /** Total ozone column, Dobson units. */
  ozone: number;
  /** µg/m³; the AQI is derived from them where it is reported (aqiFromConcentrations). */
  pollutants: Concentrations;
  /** Thunderstorm strength 0–1 (lightning above the thunder threshold). */
  storm: number;
  code: ConditionCode;
}

export interface World {
  sample(lat: number, lon: number, unixSeconds: number): AtmosphereSample;
  /** Thunderstorm strength alone: the cheap path for scanning an area for lightning. */
  storm(lat: number, lon: number, unixSeconds: number): number;
}

/** What lies under a point: how much is land, how high it is, how built-up. */
export interface Surface {
  /** 0 open sea … 1 inland. */
  land: number;
  /** Metres above sea level. */
  elevation: number;
  /** 0 wilderness … 1 city centre. */
  urban: number;
}

export type SurfaceLookup = (lat: number, lon: number) => Surface;

/** Sea-level land with a little town: enough for tests that load no geographic data. */
export const plainSurface: SurfaceLookup = () => ({ land: 1, elevation: 0, urban: 0.3 });

export const defaultWorldSeed = 20240815;

export interface WorldOptions {
  seed?: number;
  surface?: SurfaceLookup;
}

export function createWorld({
  seed = defaultWorldSeed,
  surface = plainSurface,
}: WorldOptions = {}): World {
  const pressureField = createField(seed + 1, { degrees: 22, hours: 60 });
  const moistureField = createField(seed + 2, { degrees: 16, hours: 40 });
  const airMassField = createField(seed + 3, { degrees: 26, hours: 90 });
  const convectionField = createField(seed + 4, { degrees: 0.8, hours: 2.5 });
  const aerosolField = createField(seed + 5, { degrees: 10, hours: 30 });
  // Thunderstorms come in organised clusters and lines, not scattered evenly over warm air.
  const organisationField = createField(seed + 6, { degrees: 4, hours: 8 });

  const seaLevelPressureAt = (lat: number, lon: number, t: number) =>
    1013.25 + 13 * pressureField(lat, lon, t) * (0.35 + 0.65 * smoothstep(10, 45, Math.abs(lat)));

  /** The slowly varying state the rest of the sample builds on. */
  const largeScale = (lat: number, lon: number, t: number, ground: Surface) => {
    const absLat = Math.abs(lat);
    const moisture = moistureField(lat, lon, t);
    const airMass = airMassField(lat, lon, t);
    // Land heats and cools faster than water, and air cools with height (6.5 K/km).
    const continentality = 0.45 + 0.55 * ground.land;
    const midLatitude = smoothstep(15, 40, absLat);
    // Fronts are where one air mass gives way to another: the zero line of the air-mass field.
    const front = Math.exp(-((airMass / 0.16) ** 2)) * midLatitude;
    const synopticAmplitude = 2 + 6 * smoothstep(15, 50, absLat);
    const dailyMean =
      annualMeanTemperature(lat) +
      seasonalAmplitude(lat) * continentality * seasonPhase(t, lat) -
      0.0065 * ground.elevation +
      synopticAmplitude * Math.tanh(1.6 * airMass);
    const instability =
      sigmoid((dailyMean - 19) / 3.5) * Math.min(1, (moisture + 1) / 2 + 0.25 + 0.3 * front);
    return { moisture, front, dailyMean, instability };
  };

  const stormFrom = (
    lat: number,
    lon: number,
    t: number,
    convection: number,
    instability: number,
  ) => {
    const organisation = smoothstep(0.05, 0.45, organisationField(lat, lon, t));
    const threshold = 0.99 - 0.42 * instability * organisation;
    return Math.max(0, (convection - threshold) / (1 - threshold));
  };

  return {
    storm(lat, lon, t) {
      const convection = convectionField(lat, lon, t);
      // Below the lowest possible threshold there is no storm, whatever the air mass.
      if (convection <= 0.57) return 0;
      return stormFrom(
        lat,
        lon,
        t,
        convection,
        largeScale(lat, lon, t, surface(lat, lon)).instability,
      );
    },

    sample(lat, lon, t) {
      const ground = surface(lat, lon);
      const sun = sunPosition(t, lat, lon);
      const pressureNoise = pressureField(lat, lon, t);
      const { moisture, front, dailyMean, instability } = largeScale(lat, lon, t, ground);
      const itczLatitude = 6 * seasonPhase(t, 1);
      const itcz = Math.exp(-(((lat - itczLatitude) / 7) ** 2));

      let cloudFraction = sigmoid(
        3.2 * (0.9 * moisture - 0.75 * pressureNoise + 0.9 * front + 0.6 * itcz - 0.1),
      );
      const convection = convectionField(lat, lon, t);
      const storm = convection <= 0.57 ? 0 : stormFrom(lat, lon, t, convection, instability);
      if (storm > 0) cloudFraction = Math.max(cloudFraction, 0.6 + 0.4 * Math.min(1, storm * 2));

      const temperature =
        dailyMean +
        diurnalDeparture(sun.hourAngle, cloudFraction, lat) * (0.35 + 0.65 * ground.land) -
        (storm > thunderThreshold ? 4 * storm : 0);

      // Warm air holds more water (Clausius–Clapeyron, ~6% per kelvin).
      const waterCapacity = clamp(Math.exp(0.06 * (dailyMean - 15)), 0.05, 1.6);
      const stratiform =
        cloudFraction > 0.8 && moisture > 0
          ? 5 * ((cloudFraction - 0.8) / 0.2) ** 2 * moisture * (1 + front) * waterCapacity
          : 0;
      const convective = 32 * storm ** 1.5 * waterCapacity;
      const precipRate = round(Math.max(0, stratiform) + convective, 2);
      const convectiveShare = precipRate > 0 ? convective / precipRate : 0;

      const meanHumidity = clamp(
        0.52 + 0.25 * moisture + 0.2 * cloudFraction + 0.12 * itcz,
        0.1,
        0.97,
      );
      let dew = dewPoint(dailyMean, meanHumidity);
      if (precipRate >= 0.1) dew = Math.max(dew, temperature - 1.5 + Math.min(1.4, precipRate / 5));
      dew = Math.min(dew, temperature);
      const humidity = relativeHumidity(temperature, dew);

      const slp = seaLevelPressureAt(lat, lon, t);
      const wind = surfaceWind(lat, lon, t, slp, seaLevelPressureAt);
      const windSpeed = Math.min(32, wind.speed * (1 + 0.8 * storm));
      // Gustiness rises with convective overturning, which the convection field already measures.
      const gust = windSpeed * (1.3 + 0.25 * (convection + 1)) + 18 * storm;

      const pollutants = concentrations({
        aerosol: (aerosolField(lat, lon, t) + 1) / 2,
        urban: ground.urban,
        temperature,
        relativeHumidity: humidity * 100,
        windSpeed,
        precipRate,
        cloudFraction,
        sunElevation: sun.elevation,
        solarHour: (((12 + sun.hourAngle / 15) % 24) + 24) % 24,
      });

      let visibility = 24 / (1 + 0.6 * precipRate ** 0.8) / (1 + pollutants.pm25 / 80);
      if (humidity >= 0.97 && windSpeed < 3 && precipRate < 0.1) {
        visibility = Math.min(visibility, 0.15 + 20 * (1 - humidity));
      }

      const radiation = irradiance(sun.elevation, cloudFraction);
      const snowing = temperature <= 0.5 && precipRate > 0;
      const roundedHumidity = Math.round(humidity * 100);

      return {
        unixSeconds: t,
        lat,
        lon,
        sun,
        partOfDay: sun.elevation > -0.833 ? 'd' : 'n',
        temperature,
        dewPoint: dew,
        relativeHumidity: roundedHumidity,
        apparentTemperature: apparentTemperature(temperature, roundedHumidity, windSpeed),
        seaLevelPressure: slp,
        pressure: stationPressure(slp, ground.elevation),
        windSpeed,
        windDirection: wind.direction,
        gust,
        clouds: Math.round(cloudFraction * 100),
        cloudLayers: cloudLayers(cloudFraction, storm, front, moisture),
        precipRate,
        snowRate: snowing ? round(precipRate * 10, 2) : 0,
        visibility,
        uv: radiation.uv,
        ghi: radiation.ghi,
        dni: radiation.dni,
        dhi: radiation.dhi,
        solarRad: radiation.solarRad,
        ozone: ozoneColumn(lat, t, pressureNoise),
        pollutants,
        storm,
        code: conditionCode({
          temperature,
          precipRate,
          convectiveShare,
          storm,
          cloudFraction,
          visibilityKm: visibility,
          relativeHumidity: humidity,
          pm25: pollutants.pm25,
        }),
      };
    },
  };
}

/**
 * Splits total cover into layers: fronts and storms bring deep cloud, moist quiet weather low
 * stratus, dry weather mostly high cirrus.
 */
function cloudLayers(total: number, storm: number, front: number, moisture: number) {
  const deep = Math.min(1, front + storm);
  const low = total * clamp(0.45 + 0.35 * moisture + 0.3 * deep, 0, 1);
  const mid = total * clamp(0.3 + 0.5 * deep, 0, 1);
  const high = total * clamp(0.55 - 0.3 * moisture + 0.3 * deep, 0, 1);
  return { low: Math.round(low * 100), mid: Math.round(mid * 100), high: Math.round(high * 100) };
}

/**
 * Total ozone: ~260 DU in the tropics rising towards the poles, highest in each hemisphere's
 * late winter and spring, and higher under low pressure.
 */
function ozoneColumn(lat: number, t: number, pressureNoise: number): number {
  const poleward = (Math.abs(lat) / 90) ** 1.5;
  const spring = -seasonPhase(t - 60 * 86400, lat);
  return Math.round(262 + 120 * poleward * (1 + 0.3 * spring) - 18 * pressureNoise);
}

/**
 * Near-surface wind from the pressure field: geostrophic balance (low pressure to the left of
 * the flow in the northern hemisphere), turned 25° toward low pressure by surface friction,
 * plus the prevailing westerlies or trades.
 */
function surfaceWind(
  lat: number,
  lon: number,
  t: number,
  pressure: number,
  pressureAt: (lat: number, lon: number, t: number) => number,
): { speed: number; direction: number } {
  // Forward differences over ~80 km: systems are ~2,000 km across, so this is smooth enough and
  // costs two field samples instead of four.
  const step = 0.75;
  const cosLat = Math.max(0.2, Math.cos((lat * Math.PI) / 180));
  const dPdx = (pressureAt(lat, lon + step, t) - pressure) / (step * cosLat);
  const dPdy = (pressureAt(lat + step, lon, t) - pressure) / step;
  const coriolis = Math.sign(lat || 1) * Math.max(0.3, Math.abs(Math.sin((lat * Math.PI) / 180)));
  // m/s per (hPa per degree), for surface wind at about 60% of the geostrophic speed.
  const gain = 3.2 / coriolis;
  const friction = Math.tan((25 * Math.PI) / 180) * Math.abs(gain);
  let u = -gain * dPdy - friction * dPdx;
  let v = gain * dPdx - friction * dPdy;
  const absLat = Math.abs(lat);
  u += 3 * smoothstep(25, 40, absLat) * (1 - smoothstep(60, 75, absLat));
  u -= 4 * (1 - smoothstep(15, 30, absLat));
  v += -Math.sign(lat) * 1.5 * (1 - smoothstep(10, 30, absLat));
  const speed = Math.max(0.2, Math.hypot(u, v));
  const direction = ((Math.atan2(-u, -v) * 180) / Math.PI + 360) % 360;
  return { speed, direction };
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
