import { useSyncExternalStore } from 'react';
import type { AnyUrlKey, Read, SetKey, UrlKey } from './url-key';

/**
 * The shareable link as the app's one home for view state. Features declare their keys
 * (`url-key.ts`); the app lists them once, in the order links are written, with the link's
 * version and the upgrades that keep older links working. Components subscribe to single keys
 * or small derived views, so a pan re-renders only what shows the map's position.
 */
export interface LinkDefinition {
  /** The version this app writes (`v`). */
  version: number;
  /** From version n to n + 1, applied one step at a time to an older link before it is read. */
  upgrades: Record<number, (params: URLSearchParams) => void>;
  /** Every key, in the order a link is written. */
  keys: readonly AnyUrlKey[];
}

let definition: LinkDefinition = { version: 1, upgrades: {}, keys: [] };
let keysByName = new Map<string, AnyUrlKey>();

export function defineLink(link: LinkDefinition): void {
  definition = link;
  keysByName = new Map(link.keys.map((key) => [key.name, key]));
}

/** The version a link states, if this app reads it (absent: 1, the links before versions). */
function statedVersion(params: URLSearchParams): number | undefined {
  const stated = Number(params.get('v') ?? 1);
  return Number.isInteger(stated) && stated >= 1 && stated <= definition.version
    ? stated
    : undefined;
}

export function upgradeLink(search: string): URLSearchParams {
  const params = new URLSearchParams(search);
  // A version from the future, or nonsense, is read as the current one: best effort (noticed).
  const current = definition.version;
  let version = statedVersion(params) ?? current;
  while (version < current) {
    definition.upgrades[version]?.(params);
    version += 1;
  }
  params.delete('v');
  return params;
}

/** Reads one link: each key parsed once, on demand, with the keys its rule depends on. */
export function linkReader(search: string): Read {
  const params = upgradeLink(search);
  const values = new Map<object, unknown>();
  const reading = new Set<object>();
  const read: Read = <T>(key: UrlKey<T>): T => {
    if (values.has(key)) return values.get(key) as T;
    if (reading.has(key)) throw new Error(`the link key "${key.name}" depends on itself`);
    reading.add(key);
    const raw = params.get(key.name);
    const parsed = raw === null ? undefined : (key.parse(raw, read) ?? key.salvage?.(raw, read));
    const value = parsed === undefined ? key.fallback(read) : parsed;
    reading.delete(key);
    values.set(key, value);
    return value;
  };
  return read;
}

export type LinkChange = (set: SetKey, read: Read) => void;

/**
 * The link after a change, written canonically: our keys in their order, defaults left out,
 * parameters we do not own kept (unless dropped), the version first.
 */
export function rewriteLink(search: string, change?: LinkChange, dropUnknown = false): string {
  const before = linkReader(search);
  const changed = new Map<object, unknown>();
  change?.((key, value) => changed.set(key, value), before);
  const after: Read = <T>(key: UrlKey<T>): T =>
    changed.has(key) ? (changed.get(key) as T) : before(key);
  const params = dropUnknown ? new URLSearchParams() : upgradeLink(search);
  for (const key of definition.keys) params.delete(key.name);
  for (const key of definition.keys) {
    const value = after(key as UrlKey<unknown>) as never;
    if (!key.omit(value, after)) params.set(key.name, key.write(value, after));
  }
  if (params.size === 0) return '';
  // The version leads, so whoever reads the link reads it first.
  const versioned = new URLSearchParams([['v', String(definition.version)], ...params]);
  const query = versioned
    .toString()
    .replaceAll('%2C', ',')
    .replaceAll('%3A', ':')
    .replaceAll('%3B', ';');
  return `?${query}`;
}

/** A link as this version writes it. */
export function canonicalLink(search: string): string {
  return rewriteLink(search);
}

/**
 * The parts of a link Skydeck could not use, in words for the notice it shows: the view opens
 * with them ignored rather than failing.
 */
export function linkNotices(search: string): string[] {
  const notices: string[] = [];
  const given = new URLSearchParams(search);
  const { version } = definition;
  if (statedVersion(given) === undefined)
    notices.push(
      `“v=${shorten(given.get('v') ?? '')}” is not a link version this Skydeck reads (1 to ${version}): it was read as version ${version}`,
    );
  const params = upgradeLink(search);
  const read = linkReader(search);
  for (const [name, raw] of params) {
    const key = keysByName.get(name);
    if (!key) {
      notices.push(`“${name}” is not a Skydeck setting`);
      continue;
    }
    if (key.parse(raw, read) === undefined)
      notices.push(
        `“${name}=${shorten(raw)}” is not valid: ${name} must be ${key.allowed(read, raw)}`,
      );
  }
  for (const key of definition.keys) {
    const raw = params.get(key.name);
    if (!key.needs || raw === null) continue;
    const other = params.get(key.needs);
    if (other === null) notices.push(`“${key.name}” needs “${key.needs}” too`);
    // A valid half of a pair whose other half is not is dropped with it: said, not silently.
    else if (
      key.parse(raw, read) !== undefined &&
      keysByName.get(key.needs)?.parse(other, read) === undefined
    )
      notices.push(
        `“${key.name}=${shorten(raw)}” was ignored too: it needs a valid “${key.needs}”`,
      );
  }
  return notices;
}

/** A value quoted in a notice, cut short: a link can carry anything. */
function shorten(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

// The URL as an external store: read through one cached reader per address.
const changeEvent = 'skydeck:urlchange';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(changeEvent, onChange);
  };
}

/** Subscribes outside React (the map following the link without re-rendering). */
export const subscribeToLink = subscribe;

let cached: { search: string; read: Read } | undefined;

/** Reads the current address. */
export function readLink(): Read {
  const search = window.location.search;
  if (cached?.search !== search) cached = { search, read: linkReader(search) };
  return cached.read;
}

// The last value handed out per key or view: an unchanged value keeps its identity, so a
// component subscribed to it does not re-render when some other key changes.
const handedOut = new WeakMap<object, { text: string; value: unknown }>();

function stable<T>(id: object, value: T): T {
  const text = JSON.stringify(value) ?? 'undefined';
  const last = handedOut.get(id);
  if (last && last.text === text) return last.value as T;
  handedOut.set(id, { text, value });
  return value;
}

/** A value computed from several keys (the selection from lat and lon), subscribed as one. */
export type LinkView<T> = (read: Read) => T;

export function useUrlValue<T>(key: UrlKey<T>): T {
  return useSyncExternalStore(subscribe, () => stable(key, readLink()(key)));
}

export function useLinkView<T>(view: LinkView<T>): T {
  return useSyncExternalStore(subscribe, () => stable(view, view(readLink())));
}

/**
 * Writes a change into the URL. Map movement and small adjustments replace the current entry;
 * a user's navigation (opening a panel, picking a place) pushes one, so Back returns to it.
 */
export function updateLink(
  change: LinkChange,
  options: { history?: 'replace' | 'push'; dropUnknown?: boolean } = {},
): void {
  const next = rewriteLink(window.location.search, change, options.dropUnknown);
  if (next === window.location.search) return;
  const url = `${window.location.pathname}${next}${window.location.hash}`;
  if (options.history === 'push') window.history.pushState(window.history.state, '', url);
  else window.history.replaceState(window.history.state, '', url);
  window.dispatchEvent(new Event(changeEvent));
}

/** One key set to one value. */
export function setUrlValue<T>(
  key: UrlKey<T>,
  value: T,
  options?: { history?: 'replace' | 'push' },
): void {
  updateLink((set) => set(key, value), options);
}
