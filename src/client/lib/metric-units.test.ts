import { describe, expect, it } from 'vitest';
import {
  fromMetric,
  metricFromShown,
  metricTextIn,
  metricUnits,
  quantityText,
  shownRange,
  shownUnit,
  shownValue,
  toMetric,
} from './metric-units';
import { unitSystems } from '../../shared/weather/units';

describe('metric quantities under a unit system', () => {
  it('converts each metric unit there and back', () => {
    for (const unit of metricUnits) {
      for (const value of [12.9, -3.5]) {
        for (const units of unitSystems) {
          expect(toMetric(units, unit, fromMetric(units, unit, value))).toBeCloseTo(value, 9);
        }
      }
    }
    expect(fromMetric('I', '°C', 100)).toBeCloseTo(212, 9);
    expect(fromMetric('I', 'm/s', 10)).toBeCloseTo(22.36936, 5);
  });

  it('writes quantities in the unit system’s units', () => {
    expect(quantityText('M', 'm/s', 20.1)).toBe('20.1 m/s');
    expect(quantityText('I', 'm/s', 20.1)).toBe('45 mph');
    expect(quantityText('I', '°C', 35.2)).toBe('95.4 °F');
    expect(quantityText('I', 'km', 12.9)).toBe('8 mi');
    expect(quantityText('S', '°C', 0)).toBe('273.1 K');
  });

  it('keeps a value shown and left unchanged exactly', () => {
    expect(shownValue('I', 'km', 12.9)).toBe('8');
    expect(metricFromShown('I', 'km', 8, [12.9])).toBe(12.9);
    expect(metricFromShown('I', 'km', 8)).toBe(12.875);
    expect(metricFromShown('M', 'km', 8, [12.9])).toBe(8);
  });

  it('shows a range rounded inwards', () => {
    expect(shownRange('I', { min: 1, max: 75, unit: 'km' })).toEqual({
      min: 0.7,
      max: 46.6,
      unit: 'mi',
    });
    expect(shownRange('M', { min: 1, max: 75, unit: 'km' })).toEqual({
      min: 1,
      max: 75,
      unit: 'km',
    });
    expect(shownRange('I', { min: 1, max: 500 })).toEqual({ min: 1, max: 500 });
  });

  it('reads the metric quantities in a written text in the unit system’s units', () => {
    const reason = 'lightning: strike 6.2 km SW at 14:32:10Z inside the 12.9 km stop ring';
    expect(metricTextIn('I', reason)).toBe(
      'lightning: strike 3.9 mi SW at 14:32:10Z inside the 8.0 mi stop ring',
    );
    expect(metricTextIn('I', 'wind: gust 20.1 m/s ≥ caution 15 m/s')).toBe(
      'wind: gust 45.0 mph ≥ caution 33.6 mph',
    );
    // A whole-number limit is read to tenths too, so a value under it never reads as reaching it.
    expect(metricTextIn('I', 'wind: gust 20.0 m/s ≥ stop 20 m/s')).toBe(
      'wind: gust 44.7 mph ≥ stop 44.7 mph',
    );
    expect(metricTextIn('I', 'heat: estimated WBGT 31.2 °C (red flag)')).toBe(
      'heat: estimated WBGT 88.2 °F (red flag)',
    );
    expect(metricTextIn('I', 'storm at 7.6 km/h')).toBe('storm at 4.7 mph');
    expect(metricTextIn('M', reason)).toBe(reason);
    expect(metricTextIn('S', 'heat index 30.0 °C, 10 km')).toBe('heat index 303.1 K, 10 km');
  });

  it('finds every metric unit in a text, not only those written out above', () => {
    for (const unit of metricUnits) {
      expect(metricTextIn('I', `rate 10.0 ${unit}.`)).toBe(
        `rate ${fromMetric('I', unit, 10).toFixed(1)} ${shownUnit('I', unit)}.`,
      );
    }
  });
});
