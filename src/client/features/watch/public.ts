// What other features may use of the watch: which of the app's views is open.
export { viewKey, type WatchView } from './url-state';
