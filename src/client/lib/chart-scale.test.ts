import { describe, expect, it } from 'vitest';
import { formatTick, niceScale, ticksForLength } from './chart-scale';

/** Whether `step` is 1, 2, 2.5 or 5 times a power of ten. */
function isNiceStep(step: number): boolean {
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  return [1, 2, 2.5, 5, 10].some((nice) => Math.abs(mantissa - nice) < 1e-9);
}

describe('nice value scales', () => {
  it('spaces ticks evenly at a nice step where the old domain gave 0, 3, 6, 11', () => {
    // The UV axis ran to a fixed 11 split into equal parts; now it ends on a tick.
    const uv = niceScale(0, 11, 5, { integer: true });
    expect(uv.ticks).toEqual([0, 5, 10, 15]);
    expect(uv.domain).toEqual([0, 15]);
  });

  it('labels the top of an amount axis with a tick, never with the data maximum', () => {
    // The precipitation axis used to print its top as 8.02.
    const rain = niceScale(0, 8.02, 3);
    expect(rain.ticks).toEqual([0, 5, 10]);
    expect(rain.labels).toEqual(['0', '5', '10']);
  });

  it('shows decimals for small ranges: hourly sun hours of 0 to 1', () => {
    const sun = niceScale(0, 1, 5);
    expect(sun.ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(sun.labels).toEqual(['0', '0.25', '0.5', '0.75', '1']);
    expect(niceScale(0, 0.6, 4).labels).toEqual(['0', '0.2', '0.4', '0.6']);
  });

  it('keeps counts to whole numbers however few there are', () => {
    expect(niceScale(0, 3, 8, { integer: true }).ticks).toEqual([0, 1, 2, 3]);
    expect(niceScale(0, 1, 5, { integer: true }).ticks).toEqual([0, 1]);
    expect(niceScale(0, 7, 3, { integer: true }).ticks).toEqual([0, 5, 10]);
  });

  it('keeps fixed ends and puts the ticks inside them when asked not to extend', () => {
    const temperature = niceScale(15, 39, 4, { integer: true, extend: false });
    expect(temperature.domain).toEqual([15, 39]);
    expect(temperature.ticks).toEqual([20, 30]);
    expect(niceScale(0, 150, 5, { extend: false }).ticks).toEqual([0, 50, 100, 150]);
    expect(niceScale(-7.5, 4, 6, { extend: false }).ticks).toEqual([-6, -4, -2, 0, 2, 4]);
  });

  it('gives a constant series a scale of one unit', () => {
    expect(niceScale(0, 0, 3).domain).toEqual([0, 1]);
    expect(niceScale(-3, -3, 3, { integer: true }).ticks).toEqual([-3, -2]);
  });

  it('holds for any range: even nice steps, within the tick budget, covering the data', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let run = 0; run < 500; run += 1) {
      const min = (random() - 0.5) * 10 ** Math.floor(random() * 8 - 3);
      const max = min + random() * 10 ** Math.floor(random() * 8 - 3);
      const maxTicks = 2 + Math.floor(random() * 7);
      const extend = random() < 0.5;
      const scale = niceScale(min, max, maxTicks, { extend });
      expect(scale.ticks.length).toBeLessThanOrEqual(maxTicks);
      expect(isNiceStep(scale.step)).toBe(true);
      scale.ticks.forEach((tick, index) => {
        if (index > 0) expect(tick - scale.ticks[index - 1]!).toBeCloseTo(scale.step, 9);
      });
      // Within a billionth of a step: rounding may not open a gap a pixel could show.
      const slack = scale.step * 1e-9;
      if (extend) {
        expect(scale.domain[0]).toBeLessThanOrEqual(min + slack);
        expect(scale.domain[1]).toBeGreaterThanOrEqual(max - slack);
      } else {
        expect(scale.ticks.every((tick) => tick >= min - slack && tick <= max + slack)).toBe(true);
      }
    }
  });

  it('refuses ranges it cannot draw, naming the parameter', () => {
    expect(() => niceScale(Number.NaN, 1, 5)).toThrow(/min must be finite/);
    expect(() => niceScale(2, 1, 5)).toThrow(/min \(2\) must not exceed max \(1\)/);
    expect(() => niceScale(0, 1, 1)).toThrow(/maxTicks must be a whole number from 2 to 50/);
  });

  it('prints ticks as short as their value allows', () => {
    expect(formatTick(0.5, 2)).toBe('0.5');
    expect(formatTick(-0.0001, 2)).toBe('0');
    expect(formatTick(12000, 0)).toBe('12000');
  });
});

describe('ticks for an axis length', () => {
  it('gives a phone fewer ticks than a desk, within the bounds', () => {
    expect(ticksForLength(60, 22)).toBe(3);
    expect(ticksForLength(200, 22)).toBe(8);
    expect(ticksForLength(10, 22)).toBe(2);
    expect(ticksForLength(-5, 22)).toBe(2);
    expect(() => ticksForLength(100, 0)).toThrow(/spacingPx must be above 0/);
  });
});
