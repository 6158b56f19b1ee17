import type { QueryClient } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';

declare global {
  /** Whether the page sets the handles below for tests (vite.config.ts). */
  const __SKYDECK_TEST_HOOKS__: boolean;
  interface Window {
    /** The MapLibre map, for end-to-end tests and console debugging (dev and test builds). */
    __skydeckMap?: MapLibreMap;
    /** The query cache, for end-to-end tests that refresh on demand (dev and test builds). */
    __skydeckQueries?: QueryClient;
    /** Render counts by component, when a test asks for them (lib/render-count). */
    __skydeckRenders?: Record<string, number>;
  }
}
