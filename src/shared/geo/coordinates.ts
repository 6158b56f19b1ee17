/** A point on the globe, in degrees. */
export interface LatLon {
  lat: number;
  lon: number;
}

/**
 * Coordinates are kept to 4 decimals (about 11 m): links, requests and cache keys all round the
 * same way, so one place is one cache entry however it was picked.
 */
export const coordinateDigits = 4;

export function roundCoordinate(value: number): string {
  return String(Number(value.toFixed(coordinateDigits)));
}

/** Wraps a longitude into [-180, 180], as the map reports positions past the antimeridian. */
export function wrapLongitude(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/** Whether two points are the same place, to the rounding links keep. */
export function samePlace(a: LatLon, b: LatLon): boolean {
  return Math.abs(a.lat - b.lat) < 1e-4 && Math.abs(a.lon - b.lon) < 1e-4;
}
