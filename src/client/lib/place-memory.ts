import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

/** A place the user went to or kept: enough to go back there and to name it. */
export interface RememberedPlace {
  name: string;
  lat: number;
  lon: number;
}

interface PlaceLists {
  recent: RememberedPlace[];
  saved: RememberedPlace[];
}

const storageKey = 'skydeck:places';
/** Where the lists lived before this store, one key each; read once, so nothing is lost. */
const legacyKeys = { recent: 'skydeck:recent-places', saved: 'skydeck:saved-places' } as const;
const recentLimit = 8;
const savedLimit = 30;

/**
 * Recent and saved places, kept in this browser (localStorage) and in step across its tabs.
 * Storage that is full, disabled or corrupt degrades to empty lists, never an error.
 */
const safeStorage: StateStorage = {
  getItem: (name) => {
    try {
      const stored = window.localStorage.getItem(name);
      if (stored !== null) return stored;
      // First start after the upgrade: the lists as the old keys held them, as version 0.
      const legacy = (key: string) => JSON.parse(window.localStorage.getItem(key) ?? '[]');
      return JSON.stringify({
        state: { recent: legacy(legacyKeys.recent), saved: legacy(legacyKeys.saved) },
        version: 0,
      });
    } catch {
      return null;
    }
  },
  setItem: (name, value) => {
    try {
      window.localStorage.setItem(name, value);
    } catch {
      // Private windows and full storage: the lists just do not persist.
    }
  },
  removeItem: (name) => {
    try {
      window.localStorage.removeItem(name);
    } catch {
      // As above.
    }
  },
};

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

/** Whatever storage held, as lists of real places within their limits. */
function clean(value: unknown): PlaceLists {
  const lists = (value ?? {}) as Partial<Record<keyof PlaceLists, unknown>>;
  const places = (list: unknown, limit: number) =>
    (Array.isArray(list) ? list.filter(isPlace) : []).slice(0, limit);
  return { recent: places(lists.recent, recentLimit), saved: places(lists.saved, savedLimit) };
}

const usePlaceStore = create<PlaceLists>()(
  persist((): PlaceLists => ({ recent: [], saved: [] }), {
    name: storageKey,
    version: 1,
    storage: createJSONStorage(() => safeStorage),
    migrate: (persisted) => clean(persisted),
    // Hand-edited or corrupt storage is cleaned on every read, not only on a version change.
    merge: (persisted, current) => ({ ...current, ...clean(persisted) }),
  }),
);

// Another tab changed the lists: read them again.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey) void usePlaceStore.persist.rehydrate();
  });
}

const samePlace = (a: RememberedPlace, b: { lat: number; lon: number }) =>
  Math.abs(a.lat - b.lat) < 1e-3 && Math.abs(a.lon - b.lon) < 1e-3;

export function rememberRecent(place: RememberedPlace): void {
  usePlaceStore.setState((lists) => ({
    recent: [place, ...lists.recent.filter((entry) => !samePlace(entry, place))].slice(
      0,
      recentLimit,
    ),
  }));
}

export function toggleSaved(place: RememberedPlace): void {
  usePlaceStore.setState(({ saved }) => ({
    saved: saved.some((entry) => samePlace(entry, place))
      ? saved.filter((entry) => !samePlace(entry, place))
      : [...saved, place].slice(-savedLimit),
  }));
}

export function isSaved(saved: readonly RememberedPlace[], point: { lat: number; lon: number }) {
  return saved.some((entry) => samePlace(entry, point));
}

export const useRecentPlaces = () => usePlaceStore((lists) => lists.recent);
export const useSavedPlaces = () => usePlaceStore((lists) => lists.saved);

/** Both lists as they are now, outside React. */
export const placeLists = (): PlaceLists => usePlaceStore.getState();
