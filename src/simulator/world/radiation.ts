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
  const zenith = ((90 - elevationDegrees) * Math.PI) / 180;
  const cosZenith = Math.cos(zenith);
  // Clear-sky global horizontal irradiance, Haurwitz (1945).
  const ghi = 1098 * cosZenith * Math.exp(-0.057 / cosZenith);
  // Direct normal irradiance, Meinel & Meinel (1976), with Kasten & Young's (1989) air mass.
  const airMass = 1 / (cosZenith + 0.50572 * (elevationDegrees + 6.07995) ** -1.6364);
  const dni = Math.min(1353 * 0.7 ** (airMass ** 0.678), ghi / Math.max(cosZenith, 1e-3));
  const dhi = Math.max(0, ghi - dni * cosZenith);
  // Cloud attenuation of global radiation, Kasten & Czeplak (1980).
  const solarRad = ghi * (1 - 0.75 * cloudFraction ** 3.4);
  // Clear-sky UV index ≈ 12.5 μ^2.42 (Madronich 2007), reduced by cloud.
  const uv = 12.5 * cosZenith ** 2.42 * (1 - 0.6 * cloudFraction ** 2);
  return { ghi, dni, dhi, solarRad, uv };
}
