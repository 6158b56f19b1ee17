import { createNoise4D as packageNoise4D } from 'simplex-noise';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './random';
import { createNoise4D } from './simplex-noise-4d';

describe('4D simplex noise', () => {
  it('gives the simplex-noise package’s values bit for bit, one point or many per call', () => {
    const reference = packageNoise4D(seededRandom(42));
    const noise = createNoise4D(seededRandom(42));
    const random = seededRandom(7);
    // Coordinates as the fields use them: ±radius across the globe, latitude scaled, hours scaled.
    const count = 50_000;
    const points = new Float64Array(count * 4);
    for (let index = 0; index < points.length; index += 4) {
      points[index] = (random() - 0.5) * 150;
      points[index + 1] = (random() - 0.5) * 150;
      points[index + 2] = (random() - 0.5) * 230;
      points[index + 3] = random() * 500_000;
    }
    const many = new Float64Array(count);
    noise(points, many, count);
    const one = new Float64Array(1);
    const mismatches: number[] = [];
    for (let index = 0; index < count; index++) {
      const point = points.subarray(index * 4, index * 4 + 4);
      const expected = reference(point[0]!, point[1]!, point[2]!, point[3]!);
      noise(point, one, 1);
      if (!Object.is(many[index], expected) || !Object.is(one[0], expected)) mismatches.push(index);
    }
    expect(mismatches).toEqual([]);
  });
});
