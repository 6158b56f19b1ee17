import { describe, expect, it } from 'vitest';
import { firstScreenFont, fontPreloadTags } from './vite-plugin-font-preload';

describe('the font preload', () => {
  it('preloads the Latin subset alone (not latin-ext), from the base path, as a CORS font', () => {
    const files = [
      'assets/index-abc.js',
      'assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
      'assets/inter-latin-ext-wght-normal-DO1Apj_S.woff2',
    ];
    expect(fontPreloadTags(files, '/app/', firstScreenFont)).toEqual([
      {
        tag: 'link',
        attrs: {
          rel: 'preload',
          as: 'font',
          type: 'font/woff2',
          crossorigin: true,
          href: '/app/assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
        },
        injectTo: 'head',
      },
    ]);
  });
});
