import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// MapLibre 6 is ESM-only: a bundler must be told where the worker file ended up.
setWorkerUrl(workerUrl);
