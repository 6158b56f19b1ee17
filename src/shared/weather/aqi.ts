/** US EPA Air Quality Index (reference.md's categories; breakpoints of the 2024 revision). */
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

type Breakpoints = readonly (readonly [low: number, high: number])[];
const indexBands: Breakpoints = [
  [0, 50],
  [51, 100],
  [101, 150],
  [151, 200],
  [201, 300],
  [301, 500],
];

/** Concentration breakpoints per pollutant, in the units EPA states them. */
const concentrationBands = {
  /** µg/m³, 24-hour. */
  pm25: [
    [0, 9.0],
    [9.1, 35.4],
    [35.5, 55.4],
    [55.5, 125.4],
    [125.5, 225.4],
    [225.5, 325.4],
  ],
  /** µg/m³, 24-hour. */
  pm10: [
    [0, 54],
    [55, 154],
    [155, 254],
    [255, 354],
    [355, 424],
    [425, 604],
  ],
  /** ppb, 8-hour. */
  o3: [
    [0, 54],
    [55, 70],
    [71, 85],
    [86, 105],
    [106, 200],
  ],
  /** ppb, 1-hour. */
  no2: [
    [0, 53],
    [54, 100],
    [101, 360],
    [361, 649],
    [650, 1249],
    [1250, 2049],
  ],
  /** ppb, 1-hour. */
  so2: [
    [0, 35],
    [36, 75],
    [76, 185],
    [186, 304],
    [305, 604],
    [605, 1004],
  ],
  /** ppm, 8-hour. */
  co: [
    [0, 4.4],
    [4.5, 9.4],
    [9.5, 12.4],
    [12.5, 15.4],
    [15.5, 30.4],
    [30.5, 50.4],
  ],
} as const satisfies Record<string, Breakpoints>;

/** Decimal places EPA truncates each concentration to before looking it up. */
const truncation = { pm25: 1, pm10: 0, o3: 0, no2: 0, so2: 0, co: 1 } as const;

export type Pollutant = keyof typeof concentrationBands;

/** The pollutants the air-quality products report, in the order they are shown. */
export const pollutants = [
  'pm25',
  'pm10',
  'o3',
  'no2',
  'so2',
  'co',
] as const satisfies readonly Pollutant[];

export const pollutantNames: Record<Pollutant, string> = {
  pm25: 'PM2.5',
  pm10: 'PM10',
  o3: 'O₃',
  no2: 'NO₂',
  so2: 'SO₂',
  co: 'CO',
};

/** The AQI sub-index of one pollutant by linear interpolation between breakpoints. */
export function subIndex(pollutant: Pollutant, concentration: number): number {
  const factor = 10 ** truncation[pollutant];
  const value = Math.floor(Math.max(0, concentration) * factor) / factor;
  const bands = concentrationBands[pollutant];
  for (let band = 0; band < bands.length; band++) {
    const [cLow, cHigh] = bands[band] as readonly [number, number];
    const [iLow, iHigh] = indexBands[band] as readonly [number, number];
    if (value <= cHigh) {
      const within = Math.max(value, cLow);
      return Math.round(((iHigh - iLow) / (cHigh - cLow)) * (within - cLow) + iLow);
    }
  }
  return 500;
}

/** Molar masses (g/mol) for converting µg/m³ to mixing ratios at 25 °C and 1 atm. */
const molarMass = { o3: 48.0, no2: 46.01, so2: 64.07, co: 28.01 };
const molarVolume = 24.45;

export interface Concentrations {
  /** All in µg/m³, as the provider reports them. */
  pm25: number;
  pm10: number;
  o3: number;
  no2: number;
  so2: number;
  co: number;
}

/**
 * The overall AQI: the highest sub-index. Hourly concentrations stand in for EPA's averaging
 * periods, as a forecast product must.
 */
export function aqiFromConcentrations(c: Concentrations): number {
  const ppb = (value: number, gas: keyof typeof molarMass) =>
    (value * molarVolume) / molarMass[gas];
  return Math.max(
    subIndex('pm25', c.pm25),
    subIndex('pm10', c.pm10),
    subIndex('o3', ppb(c.o3, 'o3')),
    subIndex('no2', ppb(c.no2, 'no2')),
    subIndex('so2', ppb(c.so2, 'so2')),
    subIndex('co', ppb(c.co, 'co') / 1000),
  );
}
