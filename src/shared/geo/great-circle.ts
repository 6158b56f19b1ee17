/** Great-circle distance and bearing on a spherical Earth (mean radius 6,371 km). */
const earthRadiusKm = 6371.0088;
const rad = Math.PI / 180;

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial bearing from the first point to the second, degrees clockwise from north, [0, 360). */
export function bearingDegrees(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const phi1 = lat1 * rad;
  const phi2 = lat2 * rad;
  const dLon = (lon2 - lon1) * rad;
  const y = Math.sin(dLon) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

export const kilometresPerMile = 1.609344;

/** The point `distanceKm` from a start along an initial bearing (degrees from north). */
export function destination(
  lat: number,
  lon: number,
  bearing: number,
  distance: number,
): { lat: number; lon: number } {
  const angular = distance / earthRadiusKm;
  const theta = bearing * rad;
  const phi1 = lat * rad;
  const lambda1 = lon * rad;
  const phi2 = Math.asin(
    Math.sin(phi1) * Math.cos(angular) + Math.cos(phi1) * Math.sin(angular) * Math.cos(theta),
  );
  const lambda2 =
    lambda1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(angular) * Math.cos(phi1),
      Math.cos(angular) - Math.sin(phi1) * Math.sin(phi2),
    );
  return { lat: phi2 / rad, lon: ((((lambda2 / rad + 180) % 360) + 360) % 360) - 180 };
}
