/* eslint-disable @typescript-eslint/no-non-null-assertion -- a numeric kernel: every index is in
   range by construction (perm has 512 entries, indices are masked to 0–255 plus at most 256) */
/**
 * 4D simplex noise: simplex-noise 4.0.3's `createNoise4D` (Jonas Wagner, after Stefan Gustavson,
 * Peter Eastman; MIT licence below), with its arithmetic unchanged, so that every value is the
 * one the package gives. What differs is the calling convention: points go in and values come
 * out through typed arrays, many per call. A call per point passed four numbers and returned one,
 * each boxed on the heap across the call, which the engine cannot inline for a function this
 * size: that was a third of the time of a lightning scan, which asks for tens of thousands. And
 * the simplex a point lies in is found without branches (below).
 *
 * Copyright (c) 2024 Jonas Wagner
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this software
 * and associated documentation files (the "Software"), to deal in the Software without
 * restriction, including without limitation the rights to use, copy, modify, merge, publish,
 * distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
 * Software is furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all copies or
 * substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
 * BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
 * NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
 * DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */

const SQRT5 = Math.sqrt(5.0);
const F4 = (SQRT5 - 1.0) / 4.0;
const G4 = (5.0 - SQRT5) / 20.0;

const fastFloor = (x: number) => Math.floor(x) | 0;

const grad4 = new Float64Array([
  0, 1, 1, 1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, -1, -1, 0, -1, 1, 1, 0, -1, 1, -1, 0, -1, -1, 1, 0,
  -1, -1, -1, 1, 0, 1, 1, 1, 0, 1, -1, 1, 0, -1, 1, 1, 0, -1, -1, -1, 0, 1, 1, -1, 0, 1, -1, -1, 0,
  -1, 1, -1, 0, -1, -1, 1, 1, 0, 1, 1, 1, 0, -1, 1, -1, 0, 1, 1, -1, 0, -1, -1, 1, 0, 1, -1, 1, 0,
  -1, -1, -1, 0, 1, -1, -1, 0, -1, 1, 1, 1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, -1, -1, 0, -1, 1, 1, 0,
  -1, 1, -1, 0, -1, -1, 1, 0, -1, -1, -1, 0,
]);

/**
 * Fills `out[i]` with the noise at point i of `points` (x, y, z, w, x, y, z, w, …) for
 * i < `count`; values lie in [-1, 1].
 */
export type Noise4D = (points: Float64Array, out: Float64Array, count: number) => void;

export function createNoise4D(random: () => number): Noise4D {
  const perm = buildPermutationTable(random);
  const permGrad4x = new Float64Array(perm).map((v) => grad4[(v % 32) * 4]!);
  const permGrad4y = new Float64Array(perm).map((v) => grad4[(v % 32) * 4 + 1]!);
  const permGrad4z = new Float64Array(perm).map((v) => grad4[(v % 32) * 4 + 2]!);
  const permGrad4w = new Float64Array(perm).map((v) => grad4[(v % 32) * 4 + 3]!);
  return (points, out, count) => {
    for (let point = 0; point < count; point++) {
      const x = points[point * 4]!;
      const y = points[point * 4 + 1]!;
      const z = points[point * 4 + 2]!;
      const w = points[point * 4 + 3]!;
      let n0, n1, n2, n3, n4;
      // Skew the (x,y,z,w) space to determine which cell of 24 simplices we're in.
      const s = (x + y + z + w) * F4;
      const i = fastFloor(x + s);
      const j = fastFloor(y + s);
      const k = fastFloor(z + s);
      const l = fastFloor(w + s);
      const t = (i + j + k + l) * G4;
      const X0 = i - t;
      const Y0 = j - t;
      const Z0 = k - t;
      const W0 = l - t;
      const x0 = x - X0;
      const y0 = y - Y0;
      const z0 = z - Z0;
      const w0 = w - W0;
      // Rank the coordinates to find which of the 24 simplices the point is in. The package
      // counts with a branch per comparison and per corner offset; the same integers come from
      // the comparisons' 0s and 1s and bit arithmetic on ranks 0-3 (rank ≥ 3, ≥ 2, ≥ 1), which
      // no mispredicted branch interrupts: a third of the time per point.
      const xy = +(x0 > y0);
      const xz = +(x0 > z0);
      const xw = +(x0 > w0);
      const yz = +(y0 > z0);
      const yw = +(y0 > w0);
      const zw = +(z0 > w0);
      const rankx = xy + xz + xw;
      const ranky = 1 - xy + yz + yw;
      const rankz = 2 - xz - yz + zw;
      const rankw = 3 - xw - yw - zw;
      const i1 = (rankx >> 1) & rankx;
      const j1 = (ranky >> 1) & ranky;
      const k1 = (rankz >> 1) & rankz;
      const l1 = (rankw >> 1) & rankw;
      const i2 = rankx >> 1;
      const j2 = ranky >> 1;
      const k2 = rankz >> 1;
      const l2 = rankw >> 1;
      const i3 = (rankx + 3) >> 2;
      const j3 = (ranky + 3) >> 2;
      const k3 = (rankz + 3) >> 2;
      const l3 = (rankw + 3) >> 2;
      const x1 = x0 - i1 + G4;
      const y1 = y0 - j1 + G4;
      const z1 = z0 - k1 + G4;
      const w1 = w0 - l1 + G4;
      const x2 = x0 - i2 + 2.0 * G4;
      const y2 = y0 - j2 + 2.0 * G4;
      const z2 = z0 - k2 + 2.0 * G4;
      const w2 = w0 - l2 + 2.0 * G4;
      const x3 = x0 - i3 + 3.0 * G4;
      const y3 = y0 - j3 + 3.0 * G4;
      const z3 = z0 - k3 + 3.0 * G4;
      const w3 = w0 - l3 + 3.0 * G4;
      const x4 = x0 - 1.0 + 4.0 * G4;
      const y4 = y0 - 1.0 + 4.0 * G4;
      const z4 = z0 - 1.0 + 4.0 * G4;
      const w4 = w0 - 1.0 + 4.0 * G4;
      const ii = i & 255;
      const jj = j & 255;
      const kk = k & 255;
      const ll = l & 255;
      // The five corners' contributions.
      let t0 = 0.6 - x0 * x0 - y0 * y0 - z0 * z0 - w0 * w0;
      if (t0 < 0) n0 = 0.0;
      else {
        const gi0 = ii + perm[jj + perm[kk + perm[ll]!]!]!;
        t0 *= t0;
        n0 =
          t0 *
          t0 *
          (permGrad4x[gi0]! * x0 +
            permGrad4y[gi0]! * y0 +
            permGrad4z[gi0]! * z0 +
            permGrad4w[gi0]! * w0);
      }
      let t1 = 0.6 - x1 * x1 - y1 * y1 - z1 * z1 - w1 * w1;
      if (t1 < 0) n1 = 0.0;
      else {
        const gi1 = ii + i1 + perm[jj + j1 + perm[kk + k1 + perm[ll + l1]!]!]!;
        t1 *= t1;
        n1 =
          t1 *
          t1 *
          (permGrad4x[gi1]! * x1 +
            permGrad4y[gi1]! * y1 +
            permGrad4z[gi1]! * z1 +
            permGrad4w[gi1]! * w1);
      }
      let t2 = 0.6 - x2 * x2 - y2 * y2 - z2 * z2 - w2 * w2;
      if (t2 < 0) n2 = 0.0;
      else {
        const gi2 = ii + i2 + perm[jj + j2 + perm[kk + k2 + perm[ll + l2]!]!]!;
        t2 *= t2;
        n2 =
          t2 *
          t2 *
          (permGrad4x[gi2]! * x2 +
            permGrad4y[gi2]! * y2 +
            permGrad4z[gi2]! * z2 +
            permGrad4w[gi2]! * w2);
      }
      let t3 = 0.6 - x3 * x3 - y3 * y3 - z3 * z3 - w3 * w3;
      if (t3 < 0) n3 = 0.0;
      else {
        const gi3 = ii + i3 + perm[jj + j3 + perm[kk + k3 + perm[ll + l3]!]!]!;
        t3 *= t3;
        n3 =
          t3 *
          t3 *
          (permGrad4x[gi3]! * x3 +
            permGrad4y[gi3]! * y3 +
            permGrad4z[gi3]! * z3 +
            permGrad4w[gi3]! * w3);
      }
      let t4 = 0.6 - x4 * x4 - y4 * y4 - z4 * z4 - w4 * w4;
      if (t4 < 0) n4 = 0.0;
      else {
        const gi4 = ii + 1 + perm[jj + 1 + perm[kk + 1 + perm[ll + 1]!]!]!;
        t4 *= t4;
        n4 =
          t4 *
          t4 *
          (permGrad4x[gi4]! * x4 +
            permGrad4y[gi4]! * y4 +
            permGrad4z[gi4]! * z4 +
            permGrad4w[gi4]! * w4);
      }
      // Sum up and scale the result to cover the range [-1,1].
      out[point] = 27.0 * (n0 + n1 + n2 + n3 + n4);
    }
  };
}

/** The package's permutation table: 256 entries shuffled by `random`, repeated. */
function buildPermutationTable(random: () => number): Uint8Array {
  const tableSize = 512;
  const p = new Uint8Array(tableSize);
  for (let i = 0; i < tableSize / 2; i++) p[i] = i;
  for (let i = 0; i < tableSize / 2 - 1; i++) {
    const r = i + ~~(random() * (256 - i));
    const aux = p[i]!;
    p[i] = p[r]!;
    p[r] = aux;
  }
  for (let i = 256; i < tableSize; i++) p[i] = p[i - 256]!;
  return p;
}
