import { describe, expect, it } from 'vitest';
import { heatFlag, heatFlagThresholds } from './heat-flag';
import { heatFlags } from '../../shared/safety/site-policy';

const celsius = (fahrenheit: number) => (fahrenheit - 32) / 1.8;

/**
 * TB MED 507's heat categories as the Army and Air Force publish them: Irwin Army Community
 * Hospital's WBGT table (categories 1–5 at 78–81.9, 82–84.9, 85–87.9, 88–89.9, ≥ 90 °F), the
 * Kestrel 4400 manual's copy of the TB MED 507 work/rest table (2 green, 3 yellow, 4 red,
 * 5 black) and Maxwell AFB's flag conditions (white 78 to 81.9).
 */
describe('TB MED 507 heat flags', () => {
  it('publishes the thresholds of the table, in °F and °C', () => {
    expect(heatFlagThresholds.map(({ category, flag, fromF }) => [category, flag, fromF])).toEqual([
      [1, 'white', 78],
      [2, 'green', 82],
      [3, 'yellow', 85],
      [4, 'red', 88],
      [5, 'black', 90],
    ]);
    // 78 °F = 25.56 °C, 82 = 27.78, 85 = 29.44, 88 = 31.11, 90 = 32.22.
    expect(heatFlagThresholds.map(({ fromC }) => Math.round(fromC * 100) / 100)).toEqual([
      25.56, 27.78, 29.44, 31.11, 32.22,
    ]);
  });

  it('flies each flag across its whole published range', () => {
    const cases: [number, number, string][] = [
      [60, 0, 'none'],
      [77.9, 0, 'none'],
      [78, 1, 'white'],
      [81.9, 1, 'white'],
      [82, 2, 'green'],
      [84.9, 2, 'green'],
      [85, 3, 'yellow'],
      [87.9, 3, 'yellow'],
      [88, 4, 'red'],
      [89.9, 4, 'red'],
      [90, 5, 'black'],
      [104, 5, 'black'],
    ];
    for (const [wbgtF, category, flag] of cases) {
      expect(heatFlag(celsius(wbgtF)), `${wbgtF} °F`).toEqual({ category, flag });
    }
  });

  it('names flags as the site policy does, the category being the rank', () => {
    for (const { category, flag } of heatFlagThresholds) expect(heatFlags[category]).toBe(flag);
    expect(heatFlags[heatFlag(0).category]).toBe('none');
  });

  it('refuses a WBGT that is not a number rather than call it safe', () => {
    expect(() => heatFlag(Number.NaN)).toThrow(RangeError);
  });
});
