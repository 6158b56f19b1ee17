import { bisectRising } from '../../shared/math/bisect';

/**
 * Outdoor wet bulb globe temperature estimated from standard weather data by Liljegren's model:
 * J. C. Liljegren, R. A. Carhart, P. Lawday, S. Tschopp and R. Sharp (2008), "Modeling the Wet
 * Bulb Globe Temperature Using Standard Meteorological Measurements", J. Occup. Environ. Hyg.
 * 5(10), 645–655, as coded in Argonne's wbgt.c (v1.1). The globe and the natural wet bulb are
 * each the temperature at which their heat balance closes; WBGT = 0.7 Tnwb + 0.2 Tg + 0.1 Ta.
 *
 * Where the C code iterates with damping until two steps differ by less than 0.02 K, this
 * brackets each balance and bisects it to a micro-kelvin: the same roots, without the C code's
 * non-convergence failures (-9999) at its edges.
 */

export interface WbgtInput {
  /** Air (dry bulb) temperature, °C. */
  temperatureC: number;
  relativeHumidityPercent: number;
  /** Wind speed, m/s, measured `windHeightM` above the ground. */
  windSpeedMs: number;
  /** Height of the wind measurement, m: 10 for a standard surface observation (the default). */
  windHeightM?: number;
  /** Station pressure (not sea-level), hPa. */
  pressureHpa: number;
  /** Global horizontal solar irradiance reaching the ground, W/m². */
  solarWm2: number;
  /** The sun's elevation above the horizon, degrees (negative at night). */
  solarElevationDeg: number;
  /**
   * Share of `solarWm2` that comes in the direct beam, 0…1. Without one, Liljegren's estimate
   * from how clear the sky is (the irradiance over that at the top of the atmosphere).
   */
  directFraction?: number;
  /**
   * Urban or rural exponents for the 10 m → 2 m wind profile. Unknown: both are tried and the
   * higher WBGT kept, the screening choice the lwbgt package documents for unknown terrain.
   */
  urban?: boolean;
  /**
   * At night, whether the air warms with height (an inversion, the stable case). Unknown: both
   * are tried and the higher WBGT kept, as for the terrain.
   */
  nightInversion?: boolean;
}

export interface WbgtEstimate {
  wbgtC: number;
  /** Temperature of a 2-inch (5.08 cm) black globe. */
  globeC: number;
  /** Temperature of a naturally ventilated wetted wick in the sun. */
  naturalWetBulbC: number;
}

export function wbgtEstimate(input: WbgtInput): WbgtEstimate {
  const sun = sunlight(input.solarWm2, input.solarElevationDeg, input.directFraction);
  const terrains = input.urban === undefined ? [false, true] : [input.urban];
  const lapses = input.nightInversion === undefined ? [false, true] : [input.nightInversion];
  const estimates = terrains.flatMap((urban) =>
    lapses.map((inversion) => balance(input, sun, windAtTwoMetres(input, sun, urban, inversion))),
  );
  return estimates.reduce((best, next) => (next.wbgtC > best.wbgtC ? next : best));
}

// Constants of wbgt.c, SI units.
const stefanBoltzmann = 5.6696e-8;
const solarConstant = 1367;
const specificHeat = 1003.5;
const molarMassAir = 28.97;
const molarMassWater = 18.015;
const gasConstantAir = 8314.34 / molarMassAir;
const prandtl = specificHeat / (specificHeat + 1.25 * gasConstantAir);
const wick = { emissivity: 0.95, albedo: 0.4, diameter: 0.007, length: 0.0254 };
const globe = { emissivity: 0.95, albedo: 0.05, diameter: 0.0508 };
const ground = { emissivity: 0.999, albedo: 0.45 };
/** Below this cosine of the zenith (sun under 0.5°) the beam is not told apart from the sky. */
const minimumCosZenith = 0.00873;
/** Clearness above which measured irradiance is taken as sensor error. */
const maximumClearness = 0.85;
/** Anemometers stall below this; the convection formulas need some flow. */
const minimumSpeed = 0.13;
const referenceHeight = 2;

interface Sunlight {
  solar: number;
  directFraction: number;
  cosZenith: number;
}

/**
 * The irradiance as wbgt.c uses it: capped at 85 % of the top-of-atmosphere value (taken at
 * the mean Earth–Sun distance; the true one moves it by ±3.4 %), with Liljegren's direct share
 * where none is given. With the sun at the horizon the beam counts as diffuse sky: the globe's
 * beam term grows as 1 / cos z.
 */
function sunlight(solarWm2: number, elevationDeg: number, given: number | undefined): Sunlight {
  const cosZenith = Math.sin((elevationDeg * Math.PI) / 180);
  if (cosZenith < minimumCosZenith) return { solar: solarWm2, directFraction: 0, cosZenith };
  const topOfAtmosphere = solarConstant * cosZenith;
  const clearness = Math.min(solarWm2 / topOfAtmosphere, maximumClearness);
  const directFraction =
    given !== undefined
      ? Math.min(1, Math.max(0, given))
      : clearness > 0
        ? Math.min(0.9, Math.max(0, Math.exp(3 - 1.34 * clearness - 1.65 / clearness)))
        : 0;
  return { solar: clearness * topOfAtmosphere, directFraction, cosZenith };
}

/**
 * Power-law profile exponents by Pasquill stability class A–F, EPA-454/5-99-005 §6.2.5, as in
 * wbgt.c's est_wind_speed.
 */
const profileExponents = {
  urban: [0.15, 0.15, 0.2, 0.25, 0.3, 0.3],
  rural: [0.07, 0.07, 0.1, 0.15, 0.35, 0.55],
} as const;

function windAtTwoMetres(
  input: WbgtInput,
  sun: Sunlight,
  urban: boolean,
  inversion: boolean,
): number {
  const height = input.windHeightM ?? 10;
  if (height === referenceHeight) return input.windSpeedMs;
  const stability = stabilityClass(sun.cosZenith > 0, input.windSpeedMs, sun.solar, inversion);
  const exponent = profileExponents[urban ? 'urban' : 'rural'][stability - 1] ?? 0;
  return Math.max(input.windSpeedMs * (referenceHeight / height) ** exponent, minimumSpeed);
}

/**
 * Stability class 1–6 (A–F) by the solar radiation / delta-T method, EPA-454/5-99-005 §6.2.5:
 * by day from sunshine and wind, by night from the lapse (inversion or not) and wind.
 */
function stabilityClass(daytime: boolean, speed: number, solar: number, inversion: boolean) {
  if (daytime) {
    const sunColumn = solar >= 925 ? 0 : solar >= 675 ? 1 : solar >= 175 ? 2 : 3;
    const windRow = speed >= 6 ? 4 : speed >= 5 ? 3 : speed >= 3 ? 2 : speed >= 2 ? 1 : 0;
    return daytimeClasses[windRow]?.[sunColumn] ?? 4;
  }
  if (speed >= 2.5) return 4;
  return inversion ? 6 : 5;
}

/** Rows: wind < 2, 2–3, 3–5, 5–6, ≥ 6 m/s; columns: sun ≥ 925, ≥ 675, ≥ 175, < 175 W/m². */
const daytimeClasses = [
  [1, 1, 2, 4],
  [1, 2, 3, 4],
  [2, 2, 3, 4],
  [3, 3, 4, 4],
  [3, 4, 4, 4],
] as const;

/** What the globe and the wick both sit in. */
interface Surroundings {
  /** K. */
  air: number;
  /** hPa. */
  vapour: number;
  /** Longwave from sky and ground, W/m², before the sensor's emissivity. */
  longwave: number;
  pressure: number;
  /** At 2 m. */
  speed: number;
  sun: Sunlight;
}

function balance(input: WbgtInput, sun: Sunlight, speed: number): WbgtEstimate {
  const air = input.temperatureC + 273.15;
  const vapour = (input.relativeHumidityPercent / 100) * saturationPressure(air);
  // Half the view is sky, half ground at air temperature.
  const longwave =
    0.5 * (skyEmissivity(vapour) * air ** 4 + ground.emissivity * air ** 4) * stefanBoltzmann;
  const around = { air, vapour, longwave, pressure: input.pressureHpa, speed, sun };
  const globeC = globeTemperature(around) - 273.15;
  const naturalWetBulbC = naturalWetBulb(around) - 273.15;
  return {
    wbgtC: 0.7 * naturalWetBulbC + 0.2 * globeC + 0.1 * input.temperatureC,
    globeC,
    naturalWetBulbC,
  };
}

/** K: where sunshine and longwave in balance radiation and convection out. */
function globeTemperature({ air, longwave, pressure, speed, sun }: Surroundings): number {
  // A sphere catches the beam on its cross-section, a quarter of its surface.
  const sunshine =
    ((1 - globe.albedo) / 2) *
    sun.solar *
    (sun.directFraction * (1 / (2 * sun.cosZenith) - 1) + 1 + ground.albedo);
  return root((tg) => {
    const h = sphereConvection((tg + air) / 2, pressure, speed);
    return globe.emissivity * (stefanBoltzmann * tg ** 4 - longwave) + h * (tg - air) - sunshine;
  }, air);
}

/** K: where evaporation from the wick balances the heat that convection and radiation bring. */
function naturalWetBulb({ air, vapour, longwave, pressure, speed, sun }: Surroundings): number {
  const zenith = Math.acos(Math.max(-1, Math.min(1, sun.cosZenith)));
  // The wick is an upright cylinder: the beam strikes its side as tan z and its top end.
  const endShare = (0.25 * wick.diameter) / wick.length;
  const sunshine =
    (1 - wick.albedo) *
    sun.solar *
    ((1 - sun.directFraction) * (1 + endShare) +
      sun.directFraction * (Math.tan(zenith) / Math.PI + endShare) +
      ground.albedo);
  const psychrometricRatio = specificHeat * (molarMassAir / molarMassWater);
  return root((tw) => {
    const reference = (tw + air) / 2;
    const h = cylinderConvection(reference, pressure, speed);
    const radiation = wick.emissivity * (longwave - stefanBoltzmann * tw ** 4) + sunshine;
    const density = (pressure * 100) / (gasConstantAir * reference);
    const schmidt = viscosity(reference) / (density * diffusivity(reference, pressure));
    const wickVapour = saturationPressure(tw);
    const evaporation =
      (latentHeat(reference) / psychrometricRatio) *
      ((wickVapour - vapour) / (pressure - wickVapour)) *
      (prandtl / schmidt) ** 0.56;
    return tw - (air - evaporation + radiation / h);
  }, air);
}

/**
 * The root of an increasing `excess` near `guess` (K): widen a bracket until it changes sign,
 * then bisect. Both balances rise with the surface temperature (it radiates, convects and, for
 * the wick, evaporates more), so the root is unique.
 */
function root(excess: (kelvin: number) => number, guess: number): number {
  const low = widen(excess, guess, -1);
  const high = widen(excess, guess, 1);
  return bisectRising(excess, low, high);
}

/** The first of guess ± 10, 20, 40 … 160 K on the far side of the root in `direction`. */
function widen(excess: (kelvin: number) => number, guess: number, direction: 1 | -1): number {
  for (let step = 10; step <= 160; step *= 2) {
    const kelvin = guess + direction * step;
    if (Math.sign(excess(kelvin)) === direction) return kelvin;
  }
  throw new RangeError(`no heat balance within 160 K of the air temperature (${guess} K)`);
}

/** Saturation vapour pressure over water, hPa, Buck (1981) with the moist-air factor 1.004. */
function saturationPressure(kelvin: number): number {
  return 1.004 * 6.1121 * Math.exp((17.502 * (kelvin - 273.15)) / (kelvin - 32.18));
}

/** Clear-sky emissivity from the vapour pressure (hPa), Oke (1987), p. 373. */
function skyEmissivity(vapourHpa: number): number {
  return 0.575 * vapourHpa ** 0.143;
}

/** Dynamic viscosity of air, kg/(m s), Bird, Stewart & Lightfoot p. 23. */
function viscosity(kelvin: number): number {
  const sigma = 3.617;
  const omega = ((kelvin / 97 - 2.9) / 0.4) * -0.034 + 1.048;
  return (2.6693e-6 * Math.sqrt(molarMassAir * kelvin)) / (sigma * sigma * omega);
}

/** Thermal conductivity of air, W/(m K), BSL p. 257. */
function conductivity(kelvin: number): number {
  return (specificHeat + 1.25 * gasConstantAir) * viscosity(kelvin);
}

/** Diffusivity of water vapour in air, m²/s, BSL p. 505. */
function diffusivity(kelvin: number, pressureHpa: number): number {
  const criticalPressure = Math.cbrt(36.4 * 218);
  const criticalTemperature = 132 * 647.3;
  const molar = Math.sqrt(1 / molarMassAir + 1 / molarMassWater);
  return (
    ((3.64e-4 *
      (kelvin / Math.sqrt(criticalTemperature)) ** 2.334 *
      criticalPressure *
      criticalTemperature ** (5 / 12) *
      molar) /
      (pressureHpa / 1013.25)) *
    1e-4
  );
}

/** Latent heat of evaporation, J/kg, for 283–313 K, Van Wylen & Sonntag table A.1.1. */
function latentHeat(kelvin: number): number {
  return ((313.15 - kelvin) / 30) * -71100 + 2.4073e6;
}

function reynolds(kelvin: number, pressureHpa: number, speed: number, diameter: number): number {
  const density = (pressureHpa * 100) / (gasConstantAir * kelvin);
  return (Math.max(speed, minimumSpeed) * density * diameter) / viscosity(kelvin);
}

/** Convective coefficient of a sphere, W/(m² K), BSL p. 409. */
function sphereConvection(kelvin: number, pressureHpa: number, speed: number): number {
  const re = reynolds(kelvin, pressureHpa, speed, globe.diameter);
  const nusselt = 2 + 0.6 * Math.sqrt(re) * prandtl ** 0.3333;
  return (nusselt * conductivity(kelvin)) / globe.diameter;
}

/** Convective coefficient of a long cylinder across the flow, W/(m² K), Bedingfield & Drew. */
function cylinderConvection(kelvin: number, pressureHpa: number, speed: number): number {
  const re = reynolds(kelvin, pressureHpa, speed, wick.diameter);
  const nusselt = 0.281 * re ** 0.6 * prandtl ** 0.44;
  return (nusselt * conductivity(kelvin)) / wick.diameter;
}
