import { createRequire } from 'node:module';
import { type LandMask, loadLandMask } from '../../shared/geo/land-mask';

let mask: LandMask | undefined;

/** Natural Earth's 1:50m land, read on first use. */
export function isLand(lat: number, lon: number): boolean {
  mask ??= loadLandMask(createRequire(import.meta.url));
  return mask.isLand(lat, lon);
}
