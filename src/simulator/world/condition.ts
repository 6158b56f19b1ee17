import type { ConditionCode } from './condition-codes';

export interface ConditionInputs {
  temperature: number;
  /** Liquid-equivalent precipitation rate, mm/h. */
  precipRate: number;
  /** Share of the precipitation from convection, 0–1. */
  convectiveShare: number;
  /** Thunderstorm strength, 0–1; lightning occurs above `thunderThreshold`. */
  storm: number;
  cloudFraction: number;
  visibilityKm: number;
  relativeHumidity: number;
  pm25: number;
}

export const thunderThreshold = 0.15;

/** The provider's condition code that best names the sampled weather. */
export function conditionCode(state: ConditionInputs): ConditionCode {
  const { temperature, precipRate, storm } = state;
  if (storm > thunderThreshold) {
    if (storm > 0.85 && temperature > 12) return 233;
    if (precipRate >= 7.6) return 202;
    if (precipRate >= 2.5) return 201;
    return 200;
  }
  if (precipRate >= 0.1) {
    if (temperature <= 0.5) {
      if (state.convectiveShare > 0.5) return precipRate >= 2 ? 622 : 621;
      if (precipRate < 0.3) return 623;
      return precipRate >= 2.5 ? 602 : precipRate >= 1 ? 601 : 600;
    }
    if (temperature <= 2) return precipRate >= 2.5 ? 612 : 610;
    if (state.convectiveShare > 0.5) return precipRate >= 7.6 ? 522 : precipRate >= 2.5 ? 521 : 520;
    if (precipRate < 0.5 && state.relativeHumidity > 0.9) return precipRate < 0.25 ? 300 : 301;
    return precipRate >= 7.6 ? 502 : precipRate >= 2.5 ? 501 : 500;
  }
  if (state.visibilityKm < 1) return temperature < 0 ? 751 : 741;
  if (state.pm25 > 55) return 721;
  if (state.visibilityKm < 5 && state.relativeHumidity > 0.9) return 700;
  const clouds = state.cloudFraction;
  if (clouds < 0.12) return 800;
  if (clouds < 0.3) return 801;
  if (clouds < 0.55) return 802;
  if (clouds < 0.85) return 803;
  return 804;
}
