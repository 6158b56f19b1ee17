import { describe, expect, it } from 'vitest';
import { bisectRising } from './bisect';

describe('bisectRising', () => {
  it('finds √2 as the root of x² − 2 between 0 and 2', () => {
    expect(bisectRising((x) => x * x - 2, 0, 2)).toBeCloseTo(Math.SQRT2, 6);
  });

  it('stops within the tolerance asked', () => {
    const root = bisectRising((x) => x - 0.3, 0, 1, 0.01);
    expect(Math.abs(root - 0.3)).toBeLessThanOrEqual(0.01);
    expect(root).not.toBeCloseTo(0.3, 6);
  });
});
