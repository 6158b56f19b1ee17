import { create } from 'zustand';
import type { WatchedSite } from '../lib/watched-site';

/**
 * The watch's sites as the lightning card needs them, published by the watch (which owns the
 * query) so this feature never reaches into it. `loading` until the first answer: the card waits
 * for it rather than judge a watched site by the standard rule for a moment.
 */
export type WatchedSites =
  { state: 'loading' } | { state: 'ready'; sites: readonly WatchedSite[] } | { state: 'failed' };

const useWatchedSitesStore = create<{ known: WatchedSites }>()(() => ({
  known: { state: 'loading' },
}));

export const useWatchedSites = () => useWatchedSitesStore((state) => state.known);
export const publishWatchedSites = (known: WatchedSites) =>
  useWatchedSitesStore.setState({ known });
