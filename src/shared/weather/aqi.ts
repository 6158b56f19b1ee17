/** US EPA Air Quality Index categories (reference.md). */
export const aqiCategories = [
  { max: 50, name: 'Good', color: '#00e400' },
  { max: 100, name: 'Moderate', color: '#ffff00' },
  { max: 150, name: 'Unhealthy for Sensitive Groups', color: '#ff7e00' },
  { max: 200, name: 'Unhealthy', color: '#ff0000' },
  { max: 300, name: 'Very Unhealthy', color: '#8f3f97' },
  { max: 500, name: 'Hazardous', color: '#7e0023' },
] as const;

export type AqiCategory = (typeof aqiCategories)[number];

export function aqiCategory(aqi: number): AqiCategory {
  return aqiCategories.find((category) => aqi <= category.max) ?? aqiCategories[5];
}

/** EPA breakpoints for 24-hour PM2.5 in µg/m³ (2024 revision). */
const pm25Breakpoints: readonly (readonly [number, number, number, number])[] = [
  [0, 9.0, 0, 50],
  [9.1, 35.4, 51, 100],
  [35.5, 55.4, 101, 150],
  [55.5, 125.4, 151, 200],
  [125.5, 225.4, 201, 300],
  [225.5, 325.4, 301, 500],
];

/** The AQI sub-index of a PM2.5 concentration by linear interpolation between EPA breakpoints. */
export function aqiFromPm25(concentration: number): number {
  const truncated = Math.floor(Math.max(0, concentration) * 10) / 10;
  for (const [cLow, cHigh, iLow, iHigh] of pm25Breakpoints) {
    if (truncated <= cHigh) {
      const within = Math.max(truncated, cLow);
      return Math.round(((iHigh - iLow) / (cHigh - cLow)) * (within - cLow) + iLow);
    }
  }
  return 500;
}
