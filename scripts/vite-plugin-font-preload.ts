import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The font file the first screen's text is set in: Inter's Latin subset, as @fontsource-variable
 * names it (src/client/main.tsx imports the font, styles/base.css sets it on the page).
 */
export const firstScreenFont = /(^|\/)inter-latin-wght-normal-[\w-]+\.woff2$/;

/** The preload tags for the build's files that match `font`. */
export function fontPreloadTags(
  files: readonly string[],
  base: string,
  font: RegExp,
): HtmlTagDescriptor[] {
  return files
    .filter((file) => font.test(file))
    .map((file) => ({
      tag: 'link',
      attrs: {
        rel: 'preload',
        as: 'font',
        type: 'font/woff2',
        crossorigin: true,
        href: `${base}${file}`,
      },
      injectTo: 'head',
    }));
}

/**
 * Preloads the first screen's font from index.html. The stylesheet names it, so without a
 * preload its download starts only once the stylesheet has come and the text is laid out: a
 * round trip later on a slow link, the text meanwhile drawn in a fallback font.
 */
export function fontPreload(): Plugin {
  let base = '/';
  return {
    name: 'skydeck-font-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        // The public status page (public-status.html) is set in the system's font: no Inter.
        if (!context.path.endsWith('/index.html')) return [];
        const tags = fontPreloadTags(Object.keys(context.bundle ?? {}), base, firstScreenFont);
        // A renamed font would otherwise lose its preload without a word.
        if (tags.length !== 1)
          throw new Error(
            `font preload: ${tags.length} build files match ${firstScreenFont}, not 1`,
          );
        return tags;
      },
    },
  };
}
