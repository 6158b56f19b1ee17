// What other features may use of the watch: which of the app's views is open, and what the
// alarms build on (the sites and their stream, the signed-in operator, the board's order, the
// watch's links, fields and level badges, how times are read).
export { alarmKey, openSite, setWatchView } from './url-state';
export { sitesQueryOptions } from './api/sites-query';
export { useIsAdmin, useOperator } from './hooks/use-operator';
export { useWatchReading } from './hooks/use-watch-reading';
export { useWatchStream } from './hooks/use-watch-stream';
export { boardLevels, boardOrder } from './lib/board-order';
export type { Board } from './lib/stream-cache';
/** The link's reading outside React, loaded when needed: the alarms run on the first screen. */
export const loadLinkReading = () =>
  import('./lib/watch-reading').then((module) => module.linkReading);
export { testSite } from './lib/test-sites';
export { useStreamMode } from './stores/stream-store';
export { ConfirmDelete } from './components/confirm-delete';
export { LevelBadge } from './components/level-badge';
export { FormError, WatchField } from './components/watch-field';
export { WatchLink } from './components/watch-link';
