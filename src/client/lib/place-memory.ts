import { useSyncExternalStore } from 'react';

/** A place the user went to or kept: enough to go back there and to name it. */
export interface RememberedPlace {
  name: string;
  lat: number;
  lon: number;
}

const recentKey = 'skydeck:recent-places';
const savedKey = 'skydeck:saved-places';
const recentLimit = 8;
const savedLimit = 30;
const changeEvent = 'skydeck:places-change';

/**
 * Recent and saved places, kept in this browser (localStorage), shared by every component that
 * shows them. Storage that is full, disabled or corrupt degrades to empty lists, never an error.
 */
function read(key: string): RememberedPlace[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter(isPlace) : [];
  } catch {
    return [];
  }
}

function write(key: string, places: RememberedPlace[]): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(places));
  } catch {
    // Private windows and full storage: the lists just do not persist.
  }
  cached = undefined;
  window.dispatchEvent(new Event(changeEvent));
}

function isPlace(value: unknown): value is RememberedPlace {
  const place = value as RememberedPlace;
  return (
    typeof place === 'object' &&
    place !== null &&
    typeof place.name === 'string' &&
    Number.isFinite(place.lat) &&
    Number.isFinite(place.lon)
  );
}

const samePlace = (a: RememberedPlace, b: { lat: number; lon: number }) =>
  Math.abs(a.lat - b.lat) < 1e-3 && Math.abs(a.lon - b.lon) < 1e-3;

export function rememberRecent(place: RememberedPlace): void {
  const others = read(recentKey).filter((entry) => !samePlace(entry, place));
  write(recentKey, [place, ...others].slice(0, recentLimit));
}

export function toggleSaved(place: RememberedPlace): void {
  const saved = read(savedKey);
  write(
    savedKey,
    saved.some((entry) => samePlace(entry, place))
      ? saved.filter((entry) => !samePlace(entry, place))
      : [...saved, place].slice(-savedLimit),
  );
}

export function isSaved(saved: readonly RememberedPlace[], point: { lat: number; lon: number }) {
  return saved.some((entry) => samePlace(entry, point));
}

let cached: { recent: RememberedPlace[]; saved: RememberedPlace[] } | undefined;

function snapshot() {
  cached ??= { recent: read(recentKey), saved: read(savedKey) };
  return cached;
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    // Another tab changed the lists.
    if (event.key === recentKey || event.key === savedKey) {
      cached = undefined;
      onChange();
    }
  };
  window.addEventListener(changeEvent, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(changeEvent, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function usePlaceMemory() {
  return useSyncExternalStore(subscribe, snapshot);
}
