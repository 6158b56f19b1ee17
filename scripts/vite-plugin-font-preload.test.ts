import { describe, expect, it } from 'vitest';
import { fontPreloadTags } from './vite-plugin-font-preload';

describe('the font preload', () => {
  it('preloads the build files that match, from the base path, as CORS fonts', () => {
    const files = [
      'assets/index-abc.js',
      'assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
      'assets/inter-latin-ext-wght-normal-DO1Apj_S.woff2',
    ];
    expect(fontPreloadTags(files, '/', /(^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/)).toEqual([
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          as: 'font',
          type: 'font/woff2',
          crossorigin: true,
          href: '/assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
        },
        injectTo: 'head',
      },
    ]);
  });
});
