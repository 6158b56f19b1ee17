// The BFF as one JavaScript file, dist/server/main.js, so `npm start` runs plain Node with no
// TypeScript loader in the process. Dependencies stay in node_modules (better-sqlite3 is native;
// the geography packages find their data files relative to themselves).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';
import { inputsHash } from './build-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist', 'server');
const outFile = join(outDir, 'main.js');
const stampPath = join(outDir, '.build-inputs');

const inputs = [
  'src/server',
  'src/shared',
  'src/simulator',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'scripts/build-server.mjs',
];

export async function buildServer(wanted = inputsHash(root, inputs)) {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.node.json',
    // Stack traces in production logs should point at the TypeScript sources.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // esbuild keeps a helper process running; under `npm start` it would sit beside the server.
  await stop();
  writeFileSync(stampPath, `${wanted}\n`);
}

/** Builds the server unless dist/server/main.js was built from the sources as they are now. */
export async function ensureServerBuild() {
  const current = existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : '';
  const wanted = inputsHash(root, inputs);
  if (current === wanted && existsSync(outFile)) {
    console.error('skydeck: the server build is up to date');
    return;
  }
  console.error(
    current ? 'skydeck: sources changed, rebuilding the server' : 'skydeck: building the server',
  );
  await buildServer(wanted);
}

// `node scripts/build-server.mjs` (part of `npm run build`) always builds.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
