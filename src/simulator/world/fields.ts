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
}

/** Drift in degrees of longitude per hour: ~10 m/s westerlies, ~5 m/s easterly trades. */
const westerlyDrift = 0.42;
const tradeDrift = -0.17;

export type Field = (lat: number, lon: number, unixSeconds: number) => number;

export function createField(seed: number, scale: FieldScale): Field {
  const noise: NoiseFunction4D = createNoise4D(seededRandom(seed));
  const radius = 360 / scale.degrees / (2 * Math.PI);
  const sample = (lat: number, lon: number, hours: number, drift: number) => {
    const angle = ((lon - drift * hours) * Math.PI) / 180;
    return noise(
      radius * Math.cos(angle),
      radius * Math.sin(angle),
      lat / scale.degrees,
      hours / scale.hours,
    );
  };
  return (lat, lon, unixSeconds) => {
    const hours = unixSeconds / 3600;
    const westerlyWeight = smoothstep(20, 35, Math.abs(lat));
    if (westerlyWeight >= 1) return sample(lat, lon, hours, westerlyDrift);
    if (westerlyWeight <= 0) return sample(lat, lon, hours, tradeDrift);
    return (
      westerlyWeight * sample(lat, lon, hours, westerlyDrift) +
      (1 - westerlyWeight) * sample(lat, lon, hours, tradeDrift)
    );
  };
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}
