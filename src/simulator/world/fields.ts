import { createNoise4D, type NoiseFunction4D } from 'simplex-noise';
import { seededRandom } from './random';

/**
 * Smooth random fields over the globe and time that drift with the prevailing winds.
 *
 * Longitude is mapped onto a circle so the field is continuous across the date line. Each field
 * is sampled in two drift regimes — westerlies poleward of ~35° and easterly trades in the
 * tropics — and blended by latitude. Blending fields rather than bending coordinates keeps
 * features from being sheared without limit as time runs on.
 */

export interface FieldScale {
  /** Typical feature size in degrees. */
  degrees: number;
  /** Hours for a feature to evolve substantially in place. */
  hours: number;
  /**
   * For slow fields: evaluate on a fixed global grid of this many hours and interpolate between.
   * Every caller sees the same values, and a time series pays for each grid point once.
   */
  anchorHours?: number;
}

/** Drift in radians of longitude per hour: ~10 m/s westerlies, ~5 m/s easterly trades. */
const westerlyDrift = (0.42 * Math.PI) / 180;
const tradeDrift = (-0.17 * Math.PI) / 180;

/**
 * Each regime's drift angle depends on the time alone, so its cos and sin are shared by every
 * field and every place sampled at the same hour: a lightning scan asks hundreds of cells at
 * each grid time, and a sample asks seven fields at one. Kept for the last hours asked, by slot.
 */
const driftSlots = 512;
const driftHours = new Float64Array(driftSlots).fill(Number.NaN);
const westerlyCos = new Float64Array(driftSlots);
const westerlySin = new Float64Array(driftSlots);
const tradeCos = new Float64Array(driftSlots);
const tradeSin = new Float64Array(driftSlots);

function driftSlot(hours: number): number {
  // Quarter hours apart, grid times fall in different slots.
  const slot = Math.floor(hours * 4) & (driftSlots - 1);
  if (driftHours[slot] !== hours) {
    driftHours[slot] = hours;
    westerlyCos[slot] = Math.cos(westerlyDrift * hours);
    westerlySin[slot] = Math.sin(westerlyDrift * hours);
    tradeCos[slot] = Math.cos(tradeDrift * hours);
    tradeSin[slot] = Math.sin(tradeDrift * hours);
  }
  return slot;
}

export interface Field {
  /** The field at one place as a function of time, with everything about the place worked out once. */
  at(lat: number, lon: number): (unixSeconds: number) => number;
}

export function createField(seed: number, scale: FieldScale): Field {
  const noise: NoiseFunction4D = createNoise4D(seededRandom(seed));
  const radius = 360 / scale.degrees / (2 * Math.PI);

  /** One drift regime at a place given as radius·cos(lon), radius·sin(lon) and scaled latitude. */
  const regime = (
    rc: number,
    rs: number,
    z: number,
    w: number,
    cosDrift: number,
    sinDrift: number,
  ) =>
    // radius · cos(lon − drift·h) and radius · sin(lon − drift·h) by the angle-difference identity.
    noise(rc * cosDrift + rs * sinDrift, rs * cosDrift - rc * sinDrift, z, w);

  // Plain numbers in and out: this runs tens of thousands of times per lightning scan, so it
  // allocates nothing.
  const evaluate = (
    rc: number,
    rs: number,
    z: number,
    westerlyWeight: number,
    unixSeconds: number,
  ) => {
    const hours = unixSeconds / 3600;
    const w = hours / scale.hours;
    const slot = driftSlot(hours);
    if (westerlyWeight >= 1)
      return regime(rc, rs, z, w, westerlyCos[slot] as number, westerlySin[slot] as number);
    if (westerlyWeight <= 0)
      return regime(rc, rs, z, w, tradeCos[slot] as number, tradeSin[slot] as number);
    return (
      westerlyWeight *
        regime(rc, rs, z, w, westerlyCos[slot] as number, westerlySin[slot] as number) +
      (1 - westerlyWeight) *
        regime(rc, rs, z, w, tradeCos[slot] as number, tradeSin[slot] as number)
    );
  };

  const anchorSeconds = (scale.anchorHours ?? 0) * 3600;

  const at = (lat: number, lon: number) => {
    const radians = (lon * Math.PI) / 180;
    const rc = radius * Math.cos(radians);
    const rs = radius * Math.sin(radians);
    const z = lat / scale.degrees;
    const weight = smoothstep(20, 35, Math.abs(lat));
    if (anchorSeconds === 0) {
      return (unixSeconds: number) => evaluate(rc, rs, z, weight, unixSeconds);
    }
    // The last two grid times and their values: a series stepping forward reuses them, whatever
    // its step. A typed array holds them without boxing a number at each step.
    const grid = Float64Array.of(Number.NaN, 0, Number.NaN, 0);
    const gridValue = (anchor: number) => {
      if (anchor === grid[0]) return grid[1] as number;
      if (anchor === grid[2]) return grid[3] as number;
      const value = evaluate(rc, rs, z, weight, anchor);
      grid[0] = grid[2] as number;
      grid[1] = grid[3] as number;
      grid[2] = anchor;
      grid[3] = value;
      return value;
    };
    // Linear interpolation between the grid times either side of t; on a grid time, just its value.
    return (unixSeconds: number) => {
      const anchor = Math.floor(unixSeconds / anchorSeconds) * anchorSeconds;
      const before = gridValue(anchor);
      if (unixSeconds === anchor) return before;
      const after = gridValue(anchor + anchorSeconds);
      return before + ((after - before) * (unixSeconds - anchor)) / anchorSeconds;
    };
  };

  return { at };
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}
