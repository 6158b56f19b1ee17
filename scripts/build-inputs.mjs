// The files each production build depends on, hashed, so `npm start` rebuilds only when needed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const clientInputs = [
  'index.html',
  'public-status.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'public',
  'scripts/basemap-data.ts',
  'scripts/vite-plugin-basemap.ts',
  'scripts/vite-plugin-font-preload.ts',
  'scripts/vite-plugin-precompress.ts',
  'src/client',
  'src/shared',
  'src/simulator/geo',
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

/** The SPA's inputs. */
export function buildInputsHash(root) {
  return inputsHash(root, clientInputs);
}

/** A hash of the files under `inputs` (paths relative to `root`), tests and benchmarks left out. */
export function inputsHash(root, inputs) {
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
