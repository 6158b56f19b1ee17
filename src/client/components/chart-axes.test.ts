import { describe, expect, it } from 'vitest';
import { niceScale } from '../lib/chart-scale';
import { amountAxis, fixedAxis, precipitationAxis, temperatureAxis } from './chart-axes';

function ticksOf(axis: ReturnType<typeof amountAxis>, maxTicks: number) {
  return niceScale(axis.min, axis.max, maxTicks, axis.options);
}

describe('chart axes', () => {
  it('shows hourly sun hours, fractions of an hour, with decimals', () => {
    // The axis used to forbid decimals, so 0.4 and 0.9 drew against ticks of 0 and 1 alone.
    const sun = amountAxis('sun', 'Sun hours', [0, 0, 0.4, 0.9, 0.75]);
    expect(ticksOf(sun, 5).labels).toEqual(['0', '0.25', '0.5', '0.75', '1']);
    expect(ticksOf(sun, 3).labels).toEqual(['0', '0.5', '1']);
  });

  it('starts amounts at zero and keeps a calm spell off the floor', () => {
    expect(amountAxis('wind', 'Wind', [0, 0, 0])).toMatchObject({ min: 0, max: 1 });
    expect(amountAxis('wind', 'Wind', [3.2, 11.7, null])).toMatchObject({ min: 0, max: 11.7 });
    expect(precipitationAxis('Rate', [0, 0.2], 'M')).toMatchObject({ id: 'precip', max: 2 });
    expect(precipitationAxis('Rate', [0, 0.02], 'I')).toMatchObject({ max: 0.1 });
    expect(amountAxis('strikes', 'Strikes', [0, 3, 1], { integer: true }).options).toEqual({
      integer: true,
      extend: true,
    });
  });

  it('gives temperatures a degree of room and whole-degree ticks inside it', () => {
    const axis = temperatureAxis('°C', [17.4, 36.6, 23]);
    expect(axis).toMatchObject({ title: 'Temperature (°C)', min: 16, max: 38 });
    expect(ticksOf(axis, 4).ticks).toEqual([20, 25, 30, 35]);
    expect(ticksOf(axis, 3).ticks).toEqual([20, 30]);
    expect(temperatureAxis('°F', [-3.5, -0.5])).toMatchObject({ min: -5, max: 1 });
  });

  it('keeps fixed ends where they are', () => {
    const aqi = fixedAxis('aqi', 'AQI (US EPA)', 0, 150);
    expect(ticksOf(aqi, 5)).toMatchObject({ domain: [0, 150], ticks: [0, 50, 100, 150] });
    // The UV index to 11 ("extreme"): ticks inside, not a scale stretched out to 15 or 20.
    const uv = fixedAxis('uv', 'UV index', 0, 11);
    expect(ticksOf(uv, 3)).toMatchObject({ domain: [0, 11], ticks: [0, 5, 10] });
  });
});
