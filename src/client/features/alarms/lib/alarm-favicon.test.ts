import { describe, expect, it } from 'vitest';
import { faviconUrl, plainFavicon } from './alarm-favicon';

const svgOf = (url: string) => decodeURIComponent(url.replace('data:image/svg+xml,', ''));

describe('the favicon', () => {
  it('is the plain icon without a level', () => {
    expect(faviconUrl(undefined)).toBe(plainFavicon);
  });

  it('is the icon with a badge in the level’s colour, as an offline data URL', () => {
    const url = faviconUrl('#e5484d');
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = svgOf(url);
    // The icon's own shapes, then the badge drawn over them, in one SVG.
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
    expect(svg).toContain('fill="#f6c343"');
    expect(svg).toMatch(/<circle [^>]*fill="#e5484d"[^>]*\/><\/svg>\s*$/);
    expect(svg.match(/<svg/g)).toHaveLength(1);
  });
});
