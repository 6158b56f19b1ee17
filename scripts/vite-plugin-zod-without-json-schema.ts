import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * zod's JSON Schema generator, out of the browser bundle. zod 4 hangs `toJSONSchema()` and the
 * Standard Schema `jsonSchema` hooks on every schema's prototype, so no bundler can drop the
 * ~65 kB of generator behind them (about 6 kB gzip on the first screen), yet the dashboard only
 * ever parses with its schemas. In the client build those modules become stubs with the same
 * exports that throw if anything asks for a JSON Schema; the server and the tests keep zod whole
 * (this plugin applies to `vite build` only).
 */
const generatorModules =
  /\/node_modules\/zod\/v4\/core\/(to-json-schema|json-schema-processors|json-schema-generator)\.js$/;

const refusal = 'zod JSON Schema output is left out of the browser build';

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'skydeck-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (!generatorModules.test(file)) return null;
      const source = readFileSync(file, 'utf8');
      const names = new Set<string>();
      for (const match of source.matchAll(/^export (?:function|const|class|let) (\w+)/gm))
        if (match[1]) names.add(match[1]);
      const aliases = [...source.matchAll(/^export \{ (\w+) as (\w+) \};/gm)];
      const fail = `function refuse() { throw new Error(${JSON.stringify(refusal)}); }`;
      const lines = [fail];
      for (const name of names)
        lines.push(
          // The two method factories run when a schema's `~standard` is read (form libraries
          // and TanStack tools do), so they hand back a refusing method instead of throwing.
          name.startsWith('create')
            ? `export const ${name} = () => refuse;`
            : name === 'allProcessors'
              ? `export const ${name} = {};`
              : `export const ${name} = refuse;`,
        );
      for (const [, local, exported] of aliases) lines.push(`export { ${local} as ${exported} };`);
      return lines.join('\n');
    },
  };
}
