/** 16-point compass names, as the provider's `wind_cdir` and `bearing_cardinal` use them. */
export const compassPoints = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;
export type CompassPoint = (typeof compassPoints)[number];

/** The 16-point sector a bearing falls in; sectors are centred on their point (N is ±11.25°). */
export function compassSector(bearingDegrees: number): number {
  const normalised = ((bearingDegrees % 360) + 360) % 360;
  return Math.round(normalised / 22.5) % 16;
}

export function compassPoint(bearingDegrees: number): CompassPoint {
  return compassPoints[compassSector(bearingDegrees)] as CompassPoint;
}
