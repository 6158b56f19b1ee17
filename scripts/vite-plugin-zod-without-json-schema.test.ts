import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { zodWithoutJsonSchema } from './vite-plugin-zod-without-json-schema';

const zodCore = join(
  dirname(createRequire(import.meta.url).resolve('zod/package.json')),
  'v4/core',
);
const folder = mkdtempSync(join(tmpdir(), 'zod-stub-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The stub the plugin gives the browser build for one of zod's generator modules, loaded. */
async function stubOf(name: string): Promise<Record<string, unknown>> {
  const plugin = zodWithoutJsonSchema();
  const load = plugin.load as (id: string) => string | null;
  const code = load.call({}, join(zodCore, `${name}.js`));
  expect(code).toBeTypeOf('string');
  const file = join(folder, `${name}.mjs`);
  writeFileSync(file, code as string);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

describe('zod without its JSON Schema generator in the browser build', () => {
  it.each(['to-json-schema', 'json-schema-processors', 'json-schema-generator'])(
    'stubs %s with every export the real module has, each refusing',
    async (name) => {
      const real = (await import(pathToFileURL(join(zodCore, `${name}.js`)).href)) as Record<
        string,
        unknown
      >;
      const stub = await stubOf(name);
      expect(Object.keys(stub).sort()).toEqual(Object.keys(real).sort());
      for (const [exported, value] of Object.entries(stub)) {
        if (exported === 'allProcessors') continue;
        const call = exported.startsWith('create')
          ? () => (value as () => () => unknown)()()
          : () => (value as () => unknown)();
        expect(call, exported).toThrow(/left out of the browser build/);
      }
    },
  );

  it('leaves every other module, and the dev server and tests, alone', () => {
    const plugin = zodWithoutJsonSchema();
    expect(plugin.apply).toBe('build');
    const load = plugin.load as (id: string) => string | null;
    expect(load.call({}, join(zodCore, 'schemas.js'))).toBeNull();
  });
});
