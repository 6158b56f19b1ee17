import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm ci` refuses a lock file that lists an optional dependency without its own entry, and an
// install run with a platform filter (or through a symlinked node_modules) writes exactly that:
// only this machine's native bindings. CI then fails in two seconds, before any test runs, so
// the check lives here, where a developer's `npm test` sees it first.
interface LockEntry {
  optionalDependencies?: Record<string, string>;
  dependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Node's lookup: the package's own node_modules, then each parent's, up to the root. */
function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (candidate in lock.packages) return true;
    if (base === '') return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency, for every platform', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolves(path, name)) missing.push(`${path || '(root)'} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
