// The BFF as one JavaScript file, dist/server/main.js, so `npm start` runs plain Node with no
// TypeScript loader in the process. Dependencies stay in node_modules (better-sqlite3 is native;
// the geography packages find their data files relative to themselves).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

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

function* files(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else if (!/\.(test|bench)\.tsx?$/.test(path)) {
    yield path;
  }
}

function serverInputsHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(file.slice(root.length));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

export async function buildServer() {
  const wanted = serverInputsHash();
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
  if (current === serverInputsHash() && existsSync(outFile)) {
    console.error('skydeck: the server build is up to date');
    return;
  }
  console.error(
    current ? 'skydeck: sources changed, rebuilding the server' : 'skydeck: building the server',
  );
  await buildServer();
}

// `node scripts/build-server.mjs` (part of `npm run build`) always builds.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
