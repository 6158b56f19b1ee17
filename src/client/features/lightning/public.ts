// What other features may use of lightning: the search settings, switching to a day of history,
// the strike layer's look and clock for a view that draws strikes of its own (a site's page), and
// the watched sites the card judges a point by (published by the watch).
export { type LightningSearch, searchView, setHistoryDay } from './url-state';
export { useStrikeClock } from './hooks/use-strike-clock';
export { syncSourceData } from './lib/source-data';
export { strikeLayerId, type StrikeProperties } from './lib/strike-features';
export { strikeLayerLayout, strikeLayerStyle } from './lib/strike-style';
export { publishWatchedSites } from './stores/watched-sites-store';
