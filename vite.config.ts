/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { basemap } from './scripts/vite-plugin-basemap';
import { fontPreload } from './scripts/vite-plugin-font-preload';
import { precompress } from './scripts/vite-plugin-precompress';
import { zodWithoutJsonSchema } from './scripts/vite-plugin-zod-without-json-schema';

const bffPort = process.env.PORT ?? '8080';

/**
 * The page's handles for end-to-end tests and benchmarks (`window.__skydeckMap`,
 * `window.__skydeckQueries`): set in the dev server, and in the build that
 * `scripts/ensure-build.mjs --test-hooks` makes for them into its own folder; the production
 * bundle has neither (`__SKYDECK_TEST_HOOKS__` is false there, and the code setting them is
 * dropped).
 */
const testHooks = process.env.SKYDECK_TEST_HOOKS === '1';

export default defineConfig({
  // React's fast refresh: components keep their state across edits in dev.
  plugins: [react(), basemap(), fontPreload(), precompress(), zodWithoutJsonSchema()],
  define: { __SKYDECK_TEST_HOOKS__: JSON.stringify(testHooks) },
  build: {
    outDir: testHooks ? 'dist/client-test' : 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // MapLibre alone is ~1 MB minified; it is one cacheable chunk, not a warning.
    chunkSizeWarningLimit: 1200,
    // The weather icons are files of their own, fetched when a panel shows one, not data URLs
    // inlined into the first screen's script (all 60 of them, 138 kB, for the one or two shown).
    assetsInlineLimit: (file) => (file.includes('/@bybas/weather-icons/') ? false : undefined),
    rollupOptions: {
      // The dashboard, and the public status page (/s/<token>), an entry of its own so a phone
      // opening a shared link loads none of the dashboard's code.
      input: { main: 'index.html', 'public-status': 'public-status.html' },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (id.includes('/node_modules/maplibre-gl/')) return 'maplibre';
          // React's map bindings go with the map, which loads after the first paint.
          if (/\/node_modules\/(react-map-gl|@vis\.gl)\//.test(id)) return 'react-map-gl';
          if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          // Recharts and what it brings (d3 pieces, its store): loaded only when a chart opens.
          if (
            /\/node_modules\/(recharts|d3-[\w-]+|victory-vendor|@reduxjs|redux|reselect|immer|decimal\.js-light|eventemitter3|es-toolkit|internmap|tiny-invariant|use-sync-external-store)\//.test(
              id,
            )
          )
            return 'charts';
          return undefined;
        },
      },
      onwarn(warning, warn) {
        // zod's sources carry /*#__PURE__*/ notes Rollup cannot place; they are harmless.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        // TanStack Query's files open with "use client" (for React Server Components), which a
        // client bundle has no use for, and Rollup drops it with a warning per file; once
        // dropped, the line and column of the directive no longer map through the file's source
        // map, and Rollup warns again for it. Both are about that one line, not the code.
        if (
          (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) ||
          (warning.code === 'SOURCEMAP_ERROR' && warning.id?.includes('/node_modules/@tanstack/'))
        )
          return;
        warn(warning);
      },
    },
  },
  server: {
    host: '127.0.0.1',
    // The BFF answers the API and, with BASEMAP_PMTILES, the basemap archive.
    proxy: {
      '/api': `http://127.0.0.1:${bffPort}`,
      '/basemap': `http://127.0.0.1:${bffPort}`,
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    benchmark: { include: ['src/**/*.bench.ts'] },
    environment: 'node',
    // Bounds for a hang, not for speed. With both cores busy (two `yes` loops and other test
    // runs, load average 10 to 13) the slowest test took up to 26 s (the watch's simulated
    // hours), and the standalone simulator 4.5 s to start.
    testTimeout: 60_000,
    // Integration files start servers and processes in their hooks, some several at once.
    hookTimeout: 60_000,
    // Vitest's default leaves one core idle on a 2-core machine, and the integration files spend
    // much of their time waiting on loopback servers and child processes: three files at once
    // keep two cores busy (measured on 2 cores: 152 s with one, 92 s with two, 80 s with three).
    maxWorkers: 3,
    // One throwaway PostgreSQL server for the run; each test file makes its own databases.
    globalSetup: ['src/server/testing/postgres-global-setup.ts'],
  },
});
