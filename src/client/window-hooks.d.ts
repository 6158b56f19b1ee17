import type { QueryClient } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  interface Window {
    /** The MapLibre map, for end-to-end tests and console debugging. */
    __skydeckMap?: MapLibreMap;
    /** The query cache, for end-to-end tests that refresh on demand. */
    __skydeckQueries?: QueryClient;
    /** Render counts by component, when a test asks for them (lib/render-count). */
    __skydeckRenders?: Record<string, number>;
  }
}
