import { describe, expect, it, vi } from 'vitest';
import * as displayKeys from '../lib/url-state/display-keys';
import { linkReader, rewriteLink } from '../lib/url-state/link';
import type * as UrlKeys from '../lib/url-state/url-key';
import type { AnyUrlKey } from '../lib/url-state/url-key';
import { defineSkydeckLink, linkKeys } from './link';

/**
 * Every key a feature declares is one the link writes (`linkKeys` in app/link.ts). A key left
 * out of it is still read from a shared link, and then dropped from the address on first load
 * (the app writes the address back without what the link does not know), so the next copy of
 * the link has lost it. The list stays written out, in the order links have always been written
 * in: gathering the keys from the features' modules instead costs the first screen 0.8 kB gzip.
 */

function isUrlKey(value: unknown): value is AnyUrlKey {
  if (typeof value !== 'object' || value === null) return false;
  const key = value as Partial<Record<keyof AnyUrlKey, unknown>>;
  return (
    typeof key.name === 'string' &&
    typeof key.parse === 'function' &&
    typeof key.fallback === 'function' &&
    typeof key.omit === 'function'
  );
}

/** The name of every key url-key's builders make, exported by its feature or not. */
const built = vi.hoisted(() => new Set<string>());

vi.mock('../lib/url-state/url-key', async (importOriginal) => {
  const real = await importOriginal<typeof UrlKeys>();
  return Object.fromEntries(
    Object.entries(real).map(([name, value]) => {
      if (typeof value !== 'function') return [name, value];
      const recording = (...args: unknown[]) => {
        const made: unknown = (value as (...args: unknown[]) => unknown)(...args);
        if (isUrlKey(made)) built.add(made.name);
        return made;
      };
      return [name, recording];
    }),
  );
});

// Importing app/link.ts above has loaded every feature's keys that it lists; these find the rest.
type Exports = Record<string, unknown>;
const featureStates = import.meta.glob<Exports>('../features/*/url-state.ts');
const featureLinkModules = async (): Promise<(readonly [string, Exports])[]> => [
  ['../lib/url-state/display-keys.ts', displayKeys],
  ...(await Promise.all(
    Object.entries(featureStates).map(async ([path, load]) => [path, await load()] as const),
  )),
];

describe('the keys of the link', () => {
  it('include every key a feature exports', async () => {
    const listed = new Set<unknown>(linkKeys);
    const missing = (await featureLinkModules()).flatMap(([path, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => isUrlKey(value) && !listed.has(value))
        .map(([name]) => `${name} (${path}): add it to linkKeys in app/link.ts`),
    );
    expect(missing).toEqual([]);
  });

  it('name every key a feature makes, exported or not, each once', async () => {
    await featureLinkModules();
    const names = linkKeys.map((key) => key.name);
    expect(
      [...built].filter((name) => !names.includes(name)),
      'keys made but not in linkKeys (app/link.ts)',
    ).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('are what a link keeps on first load: a key not among them is read, then dropped', async () => {
    const { flagKey } = await vi.importActual<typeof UrlKeys>('../lib/url-state/url-key');
    const unlisted = flagKey('unlisted');
    defineSkydeckLink();
    const link = '?v=3&z=3&unlisted=1';
    expect(linkReader(link)(unlisted)).toBe(true);
    // What the app does to the address on first load (app.tsx).
    expect(rewriteLink(link, () => undefined, true)).toBe('?v=3&z=3');
  });
});
