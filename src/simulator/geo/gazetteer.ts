import { createRequire } from 'node:module';
import { type Gazetteer, loadGazetteer } from '../../shared/geo/gazetteer';

let loaded: Gazetteer | undefined;

/** The gazetteer the simulator names places from; loads once per process (about 150 ms). */
export function gazetteer(): Gazetteer {
  loaded ??= loadGazetteer(createRequire(import.meta.url));
  return loaded;
}
