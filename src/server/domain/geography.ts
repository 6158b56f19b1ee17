import { createRequire } from 'node:module';
import { type Gazetteer, loadGazetteer } from '../../shared/geo/gazetteer';
import { type LandMask, loadLandMask } from '../../shared/geo/land-mask';

/**
 * The BFF's own geography for the places API, which is Skydeck's and not the provider's: it
 * answers in live mode as in demo mode, from the same packages the simulator names places from
 * (in demo mode both share one index; see `loadGazetteer`). Each is read on first use.
 */
const load = createRequire(import.meta.url);
let loadedGazetteer: Gazetteer | undefined;
let loadedLand: LandMask | undefined;

export function gazetteer(): Gazetteer {
  loadedGazetteer ??= loadGazetteer(load);
  return loadedGazetteer;
}

export function isLand(lat: number, lon: number): boolean {
  loadedLand ??= loadLandMask(load);
  return loadedLand.isLand(lat, lon);
}
