import type { ServerConfig } from '../config';
import type { FetchLike } from '../upstream/provider-client';

/**
 * The one door from the BFF to the simulator, open in demo mode only. The simulator is loaded
 * here with import() when demo mode asks for it, so a live server never loads it (its world
 * model, its geography, its quota book): lint refuses any other import of src/simulator in
 * src/server, and a test boots the live server and checks that no simulator module was loaded.
 */

/** The simulator's `fetch`, answering in-process; it is loaded from the moment this is called. */
export function embeddedSimulator(config: Pick<ServerConfig, 'now' | 'forwardFaults'>): FetchLike {
  const simulator = import('../../simulator/app').then(({ createSimulator }) =>
    createSimulator({ now: config.now, faults: config.forwardFaults }),
  );
  // Until a request comes there is nobody to tell; the first request is told (a failed call).
  simulator.catch(() => undefined);
  return async (url, init) => (await simulator).fetch(new Request(url, init));
}

/** Loads the simulator's geography now (about half a second) rather than in the first request. */
export async function preloadDemoGeography(): Promise<void> {
  const { preloadGeography } = await import('../../simulator/geo/surface');
  preloadGeography();
}
