import type { HeatFlagName } from '../../shared/safety/site-policy';

/**
 * The US Army's heat categories by WBGT (TB MED 507, Heat Stress Control and Heat Casualty
 * Management): 1 (white) 78–81.9 °F, 2 (green) 82–84.9, 3 (yellow) 85–87.9, 4 (red) 88–89.9,
 * 5 (black) 90 and above; below 78 °F no flag. Each category runs from its threshold up to the
 * next one's, so the tenths the table leaves between 81.9 and 82 belong to the lower.
 */

export type HeatCategory = 0 | 1 | 2 | 3 | 4 | 5;

export interface HeatFlag {
  category: HeatCategory;
  flag: HeatFlagName;
}

export interface HeatFlagThreshold {
  category: Exclude<HeatCategory, 0>;
  flag: Exclude<HeatFlagName, 'none'>;
  /** The WBGT from which the category applies, °F as the table gives it. */
  fromF: number;
  /** The same, °C. */
  fromC: number;
}

const fahrenheitToCelsius = (fahrenheit: number) => (fahrenheit - 32) / 1.8;

/** Lowest first: a WBGT flies the last flag whose threshold it reaches. */
export const heatFlagThresholds: readonly HeatFlagThreshold[] = (
  [
    [1, 'white', 78],
    [2, 'green', 82],
    [3, 'yellow', 85],
    [4, 'red', 88],
    [5, 'black', 90],
  ] as const
).map(([category, flag, fromF]) => ({
  category,
  flag,
  fromF,
  fromC: fahrenheitToCelsius(fromF),
}));

/**
 * The flag a WBGT (°C) flies. A WBGT that is not a number has none, and saying "none" would read
 * as safe: that throws.
 */
export function heatFlag(wbgtC: number): HeatFlag {
  if (!Number.isFinite(wbgtC)) throw new RangeError(`WBGT must be a number, not ${wbgtC}`);
  let reached: HeatFlag = { category: 0, flag: 'none' };
  // Compared in °C against thresholds converted the same way, a WBGT of exactly 82 °F given in
  // °C lands on its threshold, not a rounding error below it.
  for (const threshold of heatFlagThresholds) {
    if (wbgtC >= threshold.fromC) reached = { category: threshold.category, flag: threshold.flag };
  }
  return reached;
}
