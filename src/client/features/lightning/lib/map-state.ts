import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * MapLibre refuses global state while its style is being updated ('Style is not done
 * loading'); isStyleLoaded() is no guide, as it is also false while a source loads new data.
 * So: try, and report whether it took.
 */
export function setMapState(map: MapLibreMap, name: string, value: number): boolean {
  try {
    map.setGlobalStateProperty(name, value);
    return true;
  } catch {
    return false;
  }
}

/** Sets a global state value now, or once the map has settled if refused; returns a cancel. */
export function pushMapState(map: MapLibreMap, name: string, value: number): () => void {
  let stopped = false;
  const attempt = () => {
    if (!stopped && !setMapState(map, name, value)) map.once('idle', attempt);
  };
  attempt();
  return () => {
    stopped = true;
  };
}
