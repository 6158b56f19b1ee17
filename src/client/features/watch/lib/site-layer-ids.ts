/**
 * The sites' map layers. On their own, so the map can name the clickable one (a marker opens the
 * site's page) without loading the watch.
 */
export const sitePointLayerId = 'watch-sites';
export const siteRingLayerId = 'watch-site-rings';
export const siteLabelLayerId = 'watch-site-labels';
