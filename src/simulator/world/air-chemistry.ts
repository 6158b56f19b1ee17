import type { Concentrations } from '../../shared/weather/aqi';

export interface ChemistryInputs {
  /** 0–1 from the aerosol field: regional haze, smoke and dust loading. */
  aerosol: number;
  /** 0–1: how built-up the surroundings are (traffic and industry). */
  urban: number;
  temperature: number;
  relativeHumidity: number;
  windSpeed: number;
  precipRate: number;
  cloudFraction: number;
  sunElevation: number;
  /** Local solar hour, 0–24. */
  solarHour: number;
}

/**
 * Surface pollutant concentrations (µg/m³) with their textbook daily cycles: traffic gases peak
 * in the morning and evening rush, ozone builds in afternoon sunshine and heat, particles are
 * washed out by rain and dispersed by wind.
 */
export function concentrations(input: ChemistryInputs): Concentrations {
  const dispersion = 1 / (1 + input.windSpeed / 6);
  const washout = 1 / (1 + 0.5 * input.precipRate);
  const rush =
    0.35 +
    Math.exp(-(((input.solarHour - 8) / 1.6) ** 2)) +
    0.8 * Math.exp(-(((input.solarHour - 18.5) / 2) ** 2));
  const nightInversion = input.sunElevation < 0 ? 1.25 : 1;

  const pm25 =
    (4 + 30 * input.aerosol ** 2 + 14 * input.urban * rush) * dispersion * washout * nightInversion;
  const dryness = Math.max(0, 1 - input.relativeHumidity / 100);
  const pm10 =
    pm25 * (1.4 + 0.8 * dryness) + 25 * dryness * Math.max(0, input.windSpeed - 8) * washout;

  const sunshine =
    Math.max(0, Math.sin((input.sunElevation * Math.PI) / 180)) * (1 - 0.6 * input.cloudFraction);
  const warmth = Math.min(1.3, Math.max(0, (input.temperature - 8) / 20));
  const no2 = (6 + 55 * input.urban * rush) * dispersion * nightInversion;
  // NO titrates ozone in cities, most at night and in the rush hours.
  const o3 = Math.max(4, 40 + 70 * sunshine * warmth - 0.35 * no2 + 10 * input.aerosol);
  const so2 = (1.5 + 9 * input.urban * (0.6 + 0.4 * input.aerosol)) * dispersion;
  const co = (180 + 650 * input.urban * rush) * dispersion * nightInversion;

  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    pm25: round(pm25),
    pm10: round(pm10),
    o3: round(o3),
    no2: round(no2),
    so2: round(so2),
    co: round(co),
  };
}
