import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * src/shared is the contract between runtimes, so a module there must be used by two of them:
 * one that only the BFF uses (as the WBGT and the storm tracker were) reads as if the browser
 * ran it too, and a newcomer looks for it in the wrong place. ESLint's zones say which way
 * imports may flow; this says where a module belongs. Counted by what each runtime's own code
 * reaches (through other shared modules too), never its tests: a test may import what it checks.
 */

const root = resolve(import.meta.dirname, '..');
const shared = join(root, 'src/shared');
const codeFile = /\.(ts|tsx|mjs)$/;
const testFile = /\.(test|bench)\.tsx?$|\.d\.ts$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && codeFile.test(entry.name) && !testFile.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

const importCache = new Map<string, string[]>();
function importsOf(file: string): string[] {
  let found = importCache.get(file);
  if (!found) {
    // Static imports, re-exports and import() alike.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    found = importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName) ?? []);
    importCache.set(file, found);
  }
  return found;
}

const inside = (folder: string) => (file: string) => file.startsWith(`${folder}/`);

/**
 * The runtimes and the code each runs. The build counts: its basemap plugin writes the tiles the
 * browser reads, and the format module both sides share is a contract like any other. The BFF's
 * demo loader reaches the simulator by import(), so each runtime's walk stays in its own folder.
 */
const runtimes = [
  { name: 'client', roots: filesUnder(join(root, 'src/client')), within: inside('src/client') },
  {
    name: 'server',
    roots: filesUnder(join(root, 'src/server')).filter(
      (file) => !inside(join(root, 'src/server/testing'))(file),
    ),
    within: inside('src/server'),
  },
  {
    name: 'simulator',
    roots: filesUnder(join(root, 'src/simulator')),
    within: inside('src/simulator'),
  },
  {
    name: 'build',
    roots: [join(root, 'vite.config.ts')],
    within: (path: string) => !path.startsWith('src/client/') && !path.startsWith('src/server/'),
  },
].map(({ name, roots, within }) => ({
  name,
  roots,
  within: (file: string) => inside(shared)(file) || within(relative(root, file)),
}));

/** Each shared module and the runtimes whose code reaches it. */
function sharedUse(): Map<string, Set<string>> {
  const use = new Map(filesUnder(shared).map((file) => [relative(root, file), new Set<string>()]));
  for (const runtime of runtimes) {
    const seen = new Set<string>();
    const stack = [...runtime.roots];
    for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
      if (seen.has(file) || !runtime.within(file)) continue;
      seen.add(file);
      use.get(relative(root, file))?.add(runtime.name);
      stack.push(...importsOf(file));
    }
  }
  return use;
}

describe('src/shared', () => {
  const use = sharedUse();

  it('sees each runtime’s imports (the walk is not empty)', () => {
    expect([...(use.get('src/shared/safety/site-policy.ts') ?? [])].sort()).toEqual([
      'client',
      'server',
    ]);
    expect(use.get('src/shared/geo/place-tiles.ts')).toEqual(new Set(['client', 'build']));
    expect(use.get('src/shared/math/bisect.ts')).toEqual(new Set(['server', 'simulator']));
  });

  it('holds only modules two runtimes use', () => {
    const lonely = [...use]
      .filter(([, runtimes]) => runtimes.size < 2)
      .map(([file, runtimes]) => `${file}: ${[...runtimes].join(', ') || 'nobody'}`);
    // Move each to the runtime that uses it (src/server/…, src/simulator/…, src/client/lib or
    // its feature), with its test, or delete it if nobody does.
    expect(lonely).toEqual([]);
  });
});
