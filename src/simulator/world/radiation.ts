/** Solar radiation at the surface from the sun's elevation and cloud cover. */

export interface Irradiance {
  ghi: number;
  dni: number;
  dhi: number;
  solarRad: number;
  uv: number;
}

const none: Irradiance = { ghi: 0, dni: 0, dhi: 0, solarRad: 0, uv: 0 };

export function irradiance(elevationDegrees: number, cloudFraction: number): Irradiance {
  if (elevationDegrees <= 0) return none;
  const cosZenith = cosineOfZenith(elevationDegrees);
  // Clear-sky global horizontal irradiance, Haurwitz (1945).
  const ghi = 1098 * cosZenith * Math.exp(-0.057 / cosZenith);
  const dni = Math.min(clearSkyDni(elevationDegrees), ghi / Math.max(cosZenith, 1e-3));
  const dhi = Math.max(0, ghi - dni * cosZenith);
  // Cloud attenuation of global radiation, Kasten & Czeplak (1980).
  const solarRad = ghi * (1 - 0.75 * cloudFraction ** 3.4);
  // Clear-sky UV index ≈ 12.5 μ^2.42 (Madronich 2007), reduced by cloud.
  const uv = 12.5 * cosZenith ** 2.42 * (1 - 0.6 * cloudFraction ** 2);
  return { ghi, dni, dhi, solarRad, uv };
}

/** Direct normal irradiance, Meinel & Meinel (1976), with Kasten & Young's (1989) air mass. */
function clearSkyDni(elevationDegrees: number): number {
  if (elevationDegrees <= 0) return 0;
  const cosZenith = cosineOfZenith(elevationDegrees);
  const airMass = 1 / (cosZenith + 0.50572 * (elevationDegrees + 6.07995) ** -1.6364);
  return 1353 * 0.7 ** (airMass ** 0.678);
}

function cosineOfZenith(elevationDegrees: number): number {
  return Math.cos(((90 - elevationDegrees) * Math.PI) / 180);
}

/** WMO sunshine: the sun shines while direct normal irradiance exceeds 120 W/m² (CIMO guide). */
export const sunshineThreshold = 120;

/**
 * The sun's elevation (degrees) at which clear-sky DNI reaches the sunshine threshold, about
 * 2.5°: below it even a cloudless sky records no sunshine, as a recorder's card burns none just
 * after sunrise.
 */
export const sunshineElevation = (() => {
  let low = 0;
  let high = 30;
  while (high - low > 1e-6) {
    const middle = (low + high) / 2;
    if (clearSkyDni(middle) > sunshineThreshold) high = middle;
    else low = middle;
  }
  return high;
})();

/** Five-minute steps: sunshine edges land within 2.5 minutes of sunrise and sunset. */
const sunshineSteps = 12;

/**
 * Hours of sunshine (WMO: direct normal irradiance above 120 W/m²) in the hour centred on
 * `unixSeconds`, the instant an hourly sample stands for. The clear sky gives the part of the
 * hour with the sun high enough; cloud hides the sun for the cloudy share of the time, the
 * chance that a random cloud field covers the line of sight, so relative sunshine is about
 * 1 − cover, as station records show (overcast gives none).
 */
export function sunshineHours(
  elevationAt: (unixSeconds: number) => number,
  unixSeconds: number,
  cloudFraction: number,
): number {
  let sunny = 0;
  for (let step = 0; step < sunshineSteps; step += 1) {
    const t = unixSeconds + ((step + 0.5) / sunshineSteps - 0.5) * 3600;
    if (elevationAt(t) > sunshineElevation) sunny += 1;
  }
  return (sunny / sunshineSteps) * (1 - Math.min(1, Math.max(0, cloudFraction)));
}
