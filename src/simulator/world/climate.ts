/**
 * Climatology: the temperature a place would have with no weather systems, from latitude,
 * season and time of day.
 */

const tropicalYear = 365.2422;
/** Day of year (from 1 Jan) of the northern hemisphere's coldest day on average. */
const coldestDay = 18;

/** Annual mean near-surface temperature (°C) by latitude: ~27 °C at the equator, -25 °C at the poles. */
export function annualMeanTemperature(lat: number): number {
  return 27 - 52 * (Math.abs(lat) / 90) ** 1.9;
}

/** Half the summer-winter difference (°C), growing with latitude. */
export function seasonalAmplitude(lat: number): number {
  return 1.5 + 22 * (Math.abs(lat) / 90) ** 1.1;
}

/** -1 at midwinter, +1 at midsummer for the hemisphere of `lat`. */
export function seasonPhase(unixSeconds: number, lat: number): number {
  const dayOfYear = (unixSeconds / 86400) % tropicalYear;
  const northern = -Math.cos((2 * Math.PI * (dayOfYear - coldestDay)) / tropicalYear);
  return lat >= 0 ? northern : -northern;
}

/**
 * Diurnal departure (°C) from the daily mean: warmest about three hours after solar noon,
 * coolest before dawn, damped by cloud.
 */
export function diurnalDeparture(hourAngle: number, cloudFraction: number, lat: number): number {
  const amplitude = (2.5 + 4.5 * (1 - cloudFraction)) * (1 - 0.4 * (Math.abs(lat) / 90));
  return amplitude * Math.cos(((hourAngle - 45) * Math.PI) / 180);
}
