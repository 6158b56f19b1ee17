/**
 * Solar position by NOAA's General Solar Position algorithm (the NOAA Solar Calculator's
 * equations after Meeus), accurate to well under a minute of time and a tenth of a degree for
 * dates within a few centuries of 2000.
 */

const rad = Math.PI / 180;
const deg = 180 / Math.PI;
const minutesPerDay = 1440;

interface SunTerms {
  declination: number;
  /** Equation of time in minutes. */
  equationOfTime: number;
}

function sunTerms(unixSeconds: number): SunTerms {
  const julianDay = unixSeconds / 86400 + 2440587.5;
  const t = (julianDay - 2451545) / 36525;
  const meanLongitude = (280.46646 + t * (36000.76983 + t * 0.0003032)) % 360;
  const meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t);
  const eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const m = meanAnomaly * rad;
  const centre =
    Math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * m) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * m) * 0.000289;
  const omega = (125.04 - 1934.136 * t) * rad;
  const apparentLongitude = meanLongitude + centre - 0.00569 - 0.00478 * Math.sin(omega);
  const meanObliquity =
    23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const obliquity = meanObliquity + 0.00256 * Math.cos(omega);
  const declination =
    Math.asin(Math.sin(obliquity * rad) * Math.sin(apparentLongitude * rad)) * deg;
  const y = Math.tan((obliquity / 2) * rad) ** 2;
  const l0 = meanLongitude * rad;
  const equationOfTime =
    4 *
    deg *
    (y * Math.sin(2 * l0) -
      2 * eccentricity * Math.sin(m) +
      4 * eccentricity * y * Math.sin(m) * Math.cos(2 * l0) -
      0.5 * y * y * Math.sin(4 * l0) -
      1.25 * eccentricity * eccentricity * Math.sin(2 * m));
  return { declination, equationOfTime };
}

export interface SunPosition {
  /** Degrees above the horizon, geometric (no refraction). */
  elevation: number;
  /** Degrees clockwise from north. */
  azimuth: number;
  /** Hour angle in degrees: negative before solar noon, positive after. */
  hourAngle: number;
  declination: number;
}

export function sunPosition(unixSeconds: number, lat: number, lon: number): SunPosition {
  const { declination, equationOfTime } = sunTerms(unixSeconds);
  return positionFrom(declination, equationOfTime, unixSeconds, placeOf(lat, lon));
}

interface SunPlace {
  lat: number;
  lon: number;
  sinPhi: number;
  cosPhi: number;
}

const placeOf = (lat: number, lon: number): SunPlace => ({
  lat,
  lon,
  sinPhi: Math.sin(lat * rad),
  cosPhi: Math.cos(lat * rad),
});

/**
 * The sun's position at one place through time, for series: the declination and equation of
 * time are computed at each UTC midnight and interpolated between (they move less than half a
 * degree and half a minute a day, so the error is far below 0.01°); the geometry is exact.
 */
export function sunTracker(lat: number, lon: number): (unixSeconds: number) => SunPosition {
  const place = placeOf(lat, lon);
  let day = Number.NaN;
  let start: SunTerms = { declination: 0, equationOfTime: 0 };
  let end: SunTerms = start;
  return (unixSeconds) => {
    const today = Math.floor(unixSeconds / 86_400);
    if (today !== day) {
      start = today === day + 1 ? end : sunTerms(today * 86_400);
      end = sunTerms((today + 1) * 86_400);
      day = today;
    }
    const fraction = unixSeconds / 86_400 - today;
    return positionFrom(
      start.declination + (end.declination - start.declination) * fraction,
      start.equationOfTime + (end.equationOfTime - start.equationOfTime) * fraction,
      unixSeconds,
      place,
    );
  };
}

function positionFrom(
  declination: number,
  equationOfTime: number,
  unixSeconds: number,
  place: SunPlace,
): SunPosition {
  const { lat, lon, sinPhi, cosPhi } = place;
  const minutesUtc = (((unixSeconds / 60) % minutesPerDay) + minutesPerDay) % minutesPerDay;
  const trueSolarTime =
    (((minutesUtc + equationOfTime + 4 * lon) % minutesPerDay) + minutesPerDay) % minutesPerDay;
  const hourAngle = trueSolarTime / 4 < 0 ? trueSolarTime / 4 + 180 : trueSolarTime / 4 - 180;
  const delta = declination * rad;
  const sinDelta = Math.sin(delta);
  const cosZenith = clamp(
    sinPhi * sinDelta + cosPhi * Math.cos(delta) * Math.cos(hourAngle * rad),
    -1,
    1,
  );
  const zenith = Math.acos(cosZenith);
  const elevation = 90 - zenith * deg;
  const denominator = cosPhi * Math.sin(zenith);
  let azimuth: number;
  if (Math.abs(denominator) < 1e-9) {
    // At a pole or with the sun overhead the azimuth is undefined; due south (north) is the
    // convention for the northern (southern) hemisphere.
    azimuth = lat >= 0 ? 180 : 0;
  } else {
    const a = Math.acos(clamp((sinPhi * cosZenith - sinDelta) / denominator, -1, 1)) * deg;
    azimuth = hourAngle > 0 ? (a + 180) % 360 : (540 - a) % 360;
  }
  return { elevation, azimuth, hourAngle, declination };
}

export type SunEvents =
  | { kind: 'normal'; sunrise: number; sunset: number; solarNoon: number }
  | { kind: 'polar-day' | 'polar-night'; solarNoon: number };

/**
 * Sunrise, solar noon and sunset (Unix seconds) for the UTC calendar day `dayStartUnix`
 * starts, using the standard 90.833° zenith (refraction and the sun's radius).
 */
export function sunEvents(dayStartUnix: number, lat: number, lon: number): SunEvents {
  const noonGuess = dayStartUnix + (720 - 4 * lon) * 60;
  const noonTerms = sunTerms(noonGuess);
  const solarNoon = dayStartUnix + (720 - 4 * lon - noonTerms.equationOfTime) * 60;
  const halfDay = (terms: SunTerms) => {
    const phi = lat * rad;
    const delta = terms.declination * rad;
    return (Math.cos(90.833 * rad) / (Math.cos(phi) * Math.cos(delta)) -
      Math.tan(phi) * Math.tan(delta)) as number;
  };
  const cosHalf = halfDay(sunTerms(solarNoon));
  if (cosHalf > 1) return { kind: 'polar-night', solarNoon };
  if (cosHalf < -1) return { kind: 'polar-day', solarNoon };
  const halfDayMinutes = Math.acos(cosHalf) * deg * 4;
  return {
    kind: 'normal',
    sunrise: Math.round(solarNoon - halfDayMinutes * 60),
    sunset: Math.round(solarNoon + halfDayMinutes * 60),
    solarNoon,
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
