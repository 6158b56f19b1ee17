import { useSyncExternalStore } from 'react';
import { parseViewState, serializeViewState, type ViewState } from './view-state';

/**
 * The URL as an external store: components read the view from it and write changes back with
 * `replaceState`, so panning and clicking never pile up history entries.
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

export function updateViewState(change: (current: ViewState) => ViewState): void {
  const next = serializeViewState(change(snapshot()), window.location.search);
  if (next === window.location.search) return;
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${next}${window.location.hash}`,
  );
  window.dispatchEvent(new Event(changeEvent));
}
