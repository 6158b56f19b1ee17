import { describe, expect, it } from 'vitest';
import { heatIndexC } from './heat-index';

const fahrenheit = (celsius: number) => celsius * 1.8 + 32;
const celsius = (fahrenheit: number) => (fahrenheit - 32) / 1.8;
const heatIndexF = (temperatureF: number, rh: number) =>
  fahrenheit(heatIndexC(celsius(temperatureF), rh));

/**
 * The NWS heat index chart (weather.gov/safety/heat-index, Steadman's values as NOAA publishes
 * them, reproduced e.g. at rfcafe.com/references/general/heat-index.htm): rows 80–110 °F, columns
 * 40, 45 … 100 % relative humidity, as far as the chart goes.
 */
const nwsChart: Record<number, number[]> = {
  110: [136],
  108: [130, 137],
  106: [124, 130, 137],
  104: [119, 124, 131, 137],
  102: [114, 119, 124, 130, 137],
  100: [109, 114, 118, 124, 129, 136],
  98: [105, 109, 113, 117, 123, 128, 134],
  96: [101, 104, 108, 112, 116, 121, 126, 132],
  94: [97, 100, 102, 106, 110, 114, 119, 124, 129, 136],
  92: [94, 96, 99, 101, 105, 108, 112, 116, 121, 126, 131],
  90: [91, 93, 95, 97, 100, 103, 106, 109, 113, 117, 122, 127, 132],
  88: [88, 89, 91, 93, 95, 98, 100, 103, 106, 110, 113, 117, 121],
  86: [85, 87, 88, 89, 91, 93, 95, 97, 100, 102, 105, 108, 112],
  84: [83, 84, 85, 86, 88, 89, 90, 92, 94, 96, 98, 100, 103],
  82: [81, 82, 83, 84, 84, 85, 86, 88, 89, 90, 91, 93, 95],
  80: [80, 80, 81, 81, 82, 82, 83, 84, 84, 85, 86, 86, 87],
};

/** Where the WPC procedure adds its humid adjustment, which the chart's cells do not follow. */
const humidAdjusted = (temperatureF: number, rh: number) =>
  rh > 85 && temperatureF >= 80 && temperatureF <= 87;

describe('NWS heat index', () => {
  it('matches every chart cell to within the regression’s published ±1.3 °F (Rothfusz, SR 90-23)', () => {
    const off: string[] = [];
    let cells = 0;
    for (const [row, values] of Object.entries(nwsChart)) {
      values.forEach((chart, column) => {
        const rh = 40 + 5 * column;
        if (humidAdjusted(Number(row), rh)) return;
        cells += 1;
        const value = heatIndexF(Number(row), rh);
        if (Math.abs(value - chart) > 1.3) off.push(`${row} °F ${rh} %: ${value} vs ${chart}`);
      });
    }
    expect(off).toEqual([]);
    // 135 cells, less the 12 of 80–86 °F above 85 %.
    expect(cells).toBe(123);
  });

  // Hand-derived from the WPC page (wpc.ncep.noaa.gov/html/heatindex_equation.shtml): the
  // regression's value, then its adjustment.
  it('adds the humid adjustment, [(RH−85)/10]·[(87−T)/5], at 80–87 °F above 85 %', () => {
    // 80 °F, 95 %: regression 86.398, plus (10/10)·(7/5) = 1.4.
    expect(heatIndexF(80, 95)).toBeCloseTo(87.798, 2);
    // 84 °F, 90 %: regression 98.043, plus (5/10)·(3/5) = 0.3.
    expect(heatIndexF(84, 90)).toBeCloseTo(98.343, 2);
  });

  it('subtracts the dry adjustment, [(13−RH)/4]·√{[17−|T−95|]/17}, at 80–112 °F below 13 %', () => {
    // 100 °F, 10 %: regression 94.753, less (3/4)·√(12/17) = 0.630.
    expect(heatIndexF(100, 10)).toBeCloseTo(94.122, 2);
  });

  it('uses Steadman’s simple formula where it averages with the temperature below 80 °F', () => {
    // 70 °F, 50 %: 0.5·(70 + 61 + 2·1.2 + 50·0.094) = 69.05; (69.05 + 70)/2 < 80.
    expect(heatIndexF(70, 50)).toBeCloseTo(69.05, 6);
    // 79 °F, 40 %: 0.5·(79 + 61 + 11·1.2 + 3.76) = 78.48, averaging 78.74 with 79.
    expect(heatIndexF(79, 40)).toBeCloseTo(78.48, 6);
  });

  it('takes and gives °C: 32.2 °C (90 °F) at 70 % reads 106 °F, 41.1 °C, on the chart', () => {
    expect(Math.abs(heatIndexC(celsius(90), 70) - 41.1)).toBeLessThan(1.3 / 1.8);
  });
});
