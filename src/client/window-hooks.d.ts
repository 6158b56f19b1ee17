import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    /** The MapLibre map, for end-to-end tests and console debugging. */
    __skydeckMap?: MapLibreMap;
  }
}
