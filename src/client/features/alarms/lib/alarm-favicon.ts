import favicon from '../../../../../public/favicon.svg?raw';

/**
 * The favicon with a badge in the worst level's colour, as an SVG data URL: drawn from the
 * bundled icon's own text (public/favicon.svg), so it needs no request and works offline.
 */
const closing = favicon.lastIndexOf('</svg>');

/** The address index.html names: the favicon without a badge. */
export const plainFavicon = '/favicon.svg';

export function faviconUrl(colour: string | undefined): string {
  if (colour === undefined) return plainFavicon;
  // A badge big enough to read at 16 px, ringed in the icon's ground so it stands off the cloud.
  const badge = `<circle cx="46" cy="46" r="17" fill="${colour}" stroke="#0b1d2e" stroke-width="4"/>`;
  const svg = `${favicon.slice(0, closing)}${badge}${favicon.slice(closing)}`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Points the page's icon link at `href`, adding the link if the page has none. */
export function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) {
    link.type = 'image/svg+xml';
    link.href = href;
  }
}
