import { bisectRising } from '../../shared/math/bisect';
import { heatIndexC } from '../../shared/safety/heat-index';
/** Moist thermodynamics and comfort indices, each from its published formula. */

// Magnus coefficients over water (Alduchov & Eskridge 1996).
const magnusB = 17.625;
const magnusC = 243.04;

export function dewPoint(temperature: number, relativeHumidity: number): number {
  const rh = Math.min(1, Math.max(0.01, relativeHumidity));
  const gamma = Math.log(rh) + (magnusB * temperature) / (magnusC + temperature);
  // Saturated air would otherwise come out a rounding error warmer than itself.
  return Math.min(temperature, (magnusC * gamma) / (magnusB - gamma));
}

export function relativeHumidity(temperature: number, dewPointTemperature: number): number {
  const saturation = (t: number) => Math.exp((magnusB * t) / (magnusC + t));
  return Math.min(1, saturation(dewPointTemperature) / saturation(temperature));
}

/**
 * Psychrometric wet-bulb temperature, °C, of air at `temperature` with dew point
 * `dewPointTemperature` under `pressure` mb: the Tw solving e = es(Tw) − A·p·(T − Tw), with the
 * WMO coefficient of a ventilated psychrometer, A = 6.53e-4 (1 + 0.000944 Tw) per kelvin. Both
 * vapour pressures are over water, as the dew point is, also below 0 °C (the WMO convention for
 * reported humidity): that keeps dew point ≤ wet bulb ≤ temperature everywhere. Stull's (2011)
 * fit, valid only for -20…50 °C and 5…99 %, does not, and neither would an ice bulb in air
 * supersaturated over ice (it warms above the air temperature).
 */
export function wetBulb(
  temperature: number,
  dewPointTemperature: number,
  pressure = 1013.25,
): number {
  const dew = Math.min(dewPointTemperature, temperature);
  const vapour = saturationPressure(dew);
  const excess = (tw: number) =>
    saturationPressure(tw) - 6.53e-4 * (1 + 0.000944 * tw) * pressure * (temperature - tw) - vapour;
  // `excess` rises with Tw, is ≤ 0 at the dew point and ≥ 0 at the air temperature: bisect.
  return bisectRising(excess, dew, temperature);
}

/** Saturation vapour pressure over water, mb, with the Magnus coefficients above. */
function saturationPressure(temperature: number): number {
  return 6.1094 * Math.exp((magnusB * temperature) / (magnusC + temperature));
}

/** North American wind chill index (2001), temperature °C and wind m/s at 10 m. */
export function windChill(temperature: number, windSpeed: number): number {
  const v = (windSpeed * 3.6) ** 0.16;
  return 13.12 + 0.6215 * temperature - 11.37 * v + 0.3965 * temperature * v;
}

/** Feels-like: heat index when hot and humid enough, wind chill when cold and windy. */
export function apparentTemperature(
  temperature: number,
  relativeHumidityPercent: number,
  windSpeed: number,
): number {
  if (temperature >= 26.7 && relativeHumidityPercent >= 40) {
    return Math.max(temperature, heatIndexC(temperature, relativeHumidityPercent));
  }
  if (temperature <= 10 && windSpeed * 3.6 > 4.8) {
    return Math.min(temperature, windChill(temperature, windSpeed));
  }
  return temperature;
}

/** Station pressure from sea-level pressure at an elevation (ICAO standard atmosphere). */
export function stationPressure(seaLevelPressure: number, elevationMetres: number): number {
  return seaLevelPressure * (1 - (0.0065 * elevationMetres) / 288.15) ** 5.255;
}
