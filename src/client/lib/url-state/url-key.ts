import {
  inRange,
  type ParamRange,
  providerRanges,
  rangeText,
} from '../../../shared/api/provider-params';
import { type LatLon, roundCoordinate } from '../../../shared/geo/coordinates';

/** Reads another key of the same link, so a key's rule can depend on it (threshold on units). */
export type Read = <T>(key: UrlKey<T>) => T;

/** Sets a key in a change of link. */
export type SetKey = <T>(key: UrlKey<T>, value: T) => void;

/**
 * One setting of a shareable link, declared once by the feature that owns it: how its text is
 * read, what it is when absent, how it is written, and its rule in words. Parsing, writing,
 * defaults and the link notices are all derived from this, so they cannot disagree.
 */
export interface UrlKey<T> {
  readonly name: string;
  /** The value the text stands for, or undefined when the text breaks the rule. */
  readonly parse: (raw: string, read: Read) => T | undefined;
  /**
   * What is still usable of a value that broke the rule (the known items of a list), for a
   * link opened with one bad part; the notice still names it.
   */
  readonly salvage?: (raw: string, read: Read) => T | undefined;
  /** The value when the link gives none or an unusable one. */
  readonly fallback: (read: Read) => T;
  readonly write: (value: NonNullable<T>, read: Read) => string;
  /** Left out of the link: its default, or a value that means nothing with the rest of it. */
  readonly omit: (value: T, read: Read) => boolean;
  /** The rule in words, as a notice ends: "a whole number from 1 to 16" (for this text). */
  readonly allowed: (read: Read, raw: string) => string;
  /** Another key without which this one means nothing (a latitude needs its longitude). */
  readonly needs?: string;
}

/** Any key, whatever its value: what a list of a link's keys holds. */
export interface AnyUrlKey {
  readonly name: string;
  readonly parse: (raw: string, read: Read) => unknown;
  readonly fallback: (read: Read) => unknown;
  readonly write: (value: never, read: Read) => string;
  readonly omit: (value: never, read: Read) => boolean;
  readonly allowed: (read: Read, raw: string) => string;
  readonly needs?: string;
}

interface KeyOptions<T> {
  parse: (raw: string, read: Read) => T | undefined;
  salvage?: (raw: string, read: Read) => T | undefined;
  fallback: T | ((read: Read) => T);
  write?: (value: NonNullable<T>, read: Read) => string;
  /** Beyond being the default or undefined, when the value is left out. */
  omitWhen?: (value: T, read: Read) => boolean;
  allowed: string | ((read: Read, raw: string) => string);
  needs?: string;
}

export function urlKey<T>(name: string, options: KeyOptions<T>): UrlKey<T> {
  const fallback =
    typeof options.fallback === 'function'
      ? (options.fallback as (read: Read) => T)
      : () => options.fallback as T;
  const write = options.write ?? ((value: NonNullable<T>) => String(value));
  const allowed = options.allowed;
  return {
    name,
    parse: options.parse,
    salvage: options.salvage,
    fallback,
    write,
    omit: (value, read) => {
      if (value === undefined || value === null) return true;
      if (options.omitWhen?.(value, read)) return true;
      const standard = fallback(read);
      return (
        standard !== undefined &&
        standard !== null &&
        write(value as NonNullable<T>, read) === write(standard as NonNullable<T>, read)
      );
    },
    allowed: typeof allowed === 'string' ? () => allowed : allowed,
    needs: options.needs,
  };
}

/** A number within a range (the provider's or the rule's), its rule worded from the range. */
export function numberKey(
  name: string,
  range: ParamRange | ((read: Read) => ParamRange),
  fallback: number | ((read: Read) => number),
): UrlKey<number> {
  const rangeOf = typeof range === 'function' ? range : () => range;
  return urlKey(name, {
    parse: (raw, read) => {
      const value = raw.trim() === '' ? Number.NaN : Number(raw);
      return inRange(value, rangeOf(read)) ? value : undefined;
    },
    fallback,
    allowed: (read) => rangeText(rangeOf(read)),
  });
}

/** A number that is absent unless the link gives one (a coordinate). */
export function optionalNumberKey(
  name: string,
  range: ParamRange,
  options: { needs?: string } = {},
): UrlKey<number | undefined> {
  return urlKey<number | undefined>(name, {
    parse: (raw) => {
      const value = raw.trim() === '' ? Number.NaN : Number(raw);
      return inRange(value, range) ? value : undefined;
    },
    fallback: undefined,
    allowed: rangeText(range),
    needs: options.needs,
  });
}

/** One of a fixed set of words. */
export function choiceKey<const V extends string>(
  name: string,
  values: readonly V[],
  fallback: V,
): UrlKey<V> {
  return urlKey<V>(name, {
    parse: (raw) => values.find((value) => value === raw),
    fallback,
    allowed: `one of ${values.join(', ')}`,
  });
}

/**
 * A comma-separated list of known words, each once: in their own order (a set of layers), or
 * in the order given when the order means something (a wall's panels).
 */
export function listKey<const V extends string>(
  name: string,
  values: readonly V[],
  options: { keepOrder?: boolean } = {},
): UrlKey<readonly V[]> {
  const known = (item: string): item is V => (values as readonly string[]).includes(item);
  const tidy = (items: readonly V[]) =>
    options.keepOrder ? [...new Set(items)] : values.filter((value) => items.includes(value));
  return urlKey<readonly V[]>(name, {
    parse: (raw) => {
      const items = raw.split(',');
      return items.every(known) ? tidy(items) : undefined;
    },
    salvage: (raw) => tidy(raw.split(',').filter(known)),
    fallback: [],
    write: (list) => list.join(','),
    allowed: `a comma-separated list of ${values.join(', ')}`,
  });
}

/** On or off, written 1 or 0 (kiosk=1). */
export function flagKey(name: string): UrlKey<boolean> {
  return urlKey<boolean>(name, {
    parse: (raw) => (raw === '1' ? true : raw === '0' ? false : undefined),
    fallback: false,
    write: (on) => (on ? '1' : '0'),
    allowed: 'one of 0, 1',
  });
}

/** Free text, bounded: a link can carry anything. */
export function textKey(
  name: string,
  options: { maxLength: number; omitWhen?: (value: string | undefined, read: Read) => boolean },
): UrlKey<string | undefined> {
  return urlKey<string | undefined>(name, {
    parse: (raw) => (raw.length <= options.maxLength ? raw : undefined),
    salvage: (raw) => raw.slice(0, options.maxLength),
    fallback: undefined,
    omitWhen: options.omitWhen,
    allowed: `at most ${options.maxLength} characters`,
  });
}

/** Text matching a pattern, absent unless given (a date, a time of day). */
export function patternKey(
  name: string,
  test: (raw: string, read: Read) => boolean,
  allowed: string | ((read: Read, raw: string) => string),
): UrlKey<string | undefined> {
  return urlKey<string | undefined>(name, {
    parse: (raw, read) => (test(raw, read) ? raw : undefined),
    fallback: undefined,
    allowed,
  });
}

export function parseLatLon(raw: string): LatLon | undefined {
  const [latRaw, lonRaw, extra] = raw.split(',');
  if (extra !== undefined || latRaw === undefined || lonRaw === undefined) return undefined;
  const lat = latRaw.trim() === '' ? Number.NaN : Number(latRaw);
  const lon = lonRaw.trim() === '' ? Number.NaN : Number(lonRaw);
  return inRange(lat, providerRanges.lat) && inRange(lon, providerRanges.lon)
    ? { lat, lon }
    : undefined;
}

export const latLonRule = `lat,lon with lat from ${providerRanges.lat.min} to ${providerRanges.lat.max} and lon from ${providerRanges.lon.min} to ${providerRanges.lon.max}`;

export function latLonText(point: LatLon): string {
  return `${roundCoordinate(point.lat)},${roundCoordinate(point.lon)}`;
}

/** A key written only when the rest of the link gives it a meaning (a wall's rotation). */
export function writtenOnlyIf<T>(key: UrlKey<T>, applies: (read: Read) => boolean): UrlKey<T> {
  return { ...key, omit: (value, read) => !applies(read) || key.omit(value, read) };
}
