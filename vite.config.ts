/// <reference types="vitest/config" />
import prefresh from '@prefresh/vite';
import { defineConfig } from 'vite';
import { basemap } from './scripts/vite-plugin-basemap';
import { fontPreload } from './scripts/vite-plugin-font-preload';
import { precompress } from './scripts/vite-plugin-precompress';

const bffPort = process.env.PORT ?? '8080';

/**
 * The code is written and type-checked against React's API, and runs on Preact (preact/compat):
 * React DOM weighs 67 kB gzip on the first screen, Preact with its compat layer 10 kB, and the
 * first screen's JavaScript besides MapLibre is held to 120 kB. The same aliases serve the
 * build, the dev server and Vitest, so what is tested is what ships. react-is is recharts'
 * check for fragments, which React 19's react-is does not recognise in Preact's elements.
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-$1runtime' },
  { find: /^(react|react-dom|react-is)$/, replacement: 'preact/compat' },
];

export default defineConfig({
  // Prefresh is Preact's fast refresh: components keep their state across edits in dev.
  plugins: [prefresh(), basemap(), fontPreload(), precompress()],
  resolve: { alias: preactAliases },
  // One copy of Preact in dev: Prefresh's runtime imports 'preact' itself, and must reach the
  // copy that the pre-bundled compat layer renders with.
  optimizeDeps: { include: ['preact', 'preact/hooks', 'preact/compat', 'preact/compat/client'] },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // MapLibre alone is ~1 MB minified; it is one cacheable chunk, not a warning.
    chunkSizeWarningLimit: 1200,
    // The weather icons are files of their own, fetched when a panel shows one, not data URLs
    // inlined into the first screen's script (all 60 of them, 138 kB, for the one or two shown).
    assetsInlineLimit: (file) => (file.includes('/@bybas/weather-icons/') ? false : undefined),
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (id.includes('/node_modules/maplibre-gl/')) return 'maplibre';
          // React's map bindings go with the map, which loads after the first paint.
          if (/\/node_modules\/(react-map-gl|@vis\.gl)\//.test(id)) return 'react-map-gl';
          if (id.includes('/node_modules/preact/')) return 'preact';
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
    // Vitest loads node_modules with Node's own resolution, which knows no aliases: the React
    // bindings that tests reach are inlined so that they import preact/compat, as in the build
    // (a test that reaches react-map-gl or Recharts adds it here).
    server: { deps: { inline: [/\/node_modules\/(@tanstack\/react-query|zustand)\//] } },
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
