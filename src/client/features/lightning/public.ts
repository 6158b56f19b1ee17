// What other features may use of lightning: the search settings and switching to a day of history.
export { type LightningSearch, searchView, setHistoryDay } from './url-state';
