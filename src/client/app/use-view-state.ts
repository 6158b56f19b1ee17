import { useSyncExternalStore } from 'react';
import { parseViewState, serializeViewState, type ViewState } from './view-state';

/**
 * The URL as an external store: components read the view from it and write changes back with
 * `replaceState` (or `pushState` for navigation), so panning never piles up history entries.
 */
const changeEvent = 'skydeck:urlchange';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(changeEvent, onChange);
  };
}

let cachedSearch: string | undefined;
let cachedState: ViewState | undefined;

function snapshot(): ViewState {
  const search = window.location.search;
  if (search !== cachedSearch || !cachedState) {
    cachedSearch = search;
    cachedState = parseViewState(search);
  }
  return cachedState;
}

export function useViewState(): ViewState {
  return useSyncExternalStore(subscribe, snapshot);
}

/**
 * Writes a change of view into the URL. Map movement and small adjustments replace the current
 * entry; a user's navigation (opening a panel) pushes one, so Back returns to where they were.
 */
export function updateViewState(
  change: (current: ViewState) => ViewState,
  options: { history?: 'replace' | 'push'; dropUnknown?: boolean } = {},
): void {
  const next = serializeViewState(
    change(snapshot()),
    options.dropUnknown ? '' : window.location.search,
  );
  if (next === window.location.search) return;
  const url = `${window.location.pathname}${next}${window.location.hash}`;
  if (options.history === 'push') window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(changeEvent));
}
