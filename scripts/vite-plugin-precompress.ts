import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|mjs|css|json|svg|html)$/;
const minimumBytes = 1024;

/**
 * Writes .br and .gz beside every compressible build file, once, at build time, so the BFF
 * serves compressed assets without spending CPU per request (serveStatic's `precompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'skydeck-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const path = join(dir, file);
            const content = await readFile(path);
            if (content.byteLength < minimumBytes) return;
            const [br, gz] = await Promise.all([
              brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
              gzipAsync(content, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}
