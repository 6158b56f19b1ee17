// What other features may use of lightning: the search settings, switching to a day of history,
// and the watched sites the card judges a point by (published by the watch).
export { type LightningSearch, searchView, setHistoryDay } from './url-state';
export { publishWatchedSites } from './stores/watched-sites-store';
