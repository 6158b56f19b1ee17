import {
  inRange,
  lightningHistoryStart,
  providerDefaults,
  providerRanges,
  rangeText,
} from '../../../shared/api/provider-params';
import {
  defaultCautionKm,
  type LightningRule,
  ruleBounds,
  ruleWithOverrides,
  standardLightningRule,
} from '../../../shared/safety/lightning-rule';
import { dayClockText, minutesPerDay, parseDayClock } from '../../lib/day-clock';
import type { LinkView } from '../../lib/url-state/link';
import {
  choiceKey,
  numberKey,
  patternKey,
  type Read,
  type SetKey,
  urlKey,
  writtenOnlyIf,
} from '../../lib/url-state/url-key';

/** Lightning's keys: the site's rule, the live search, and a day of history instead of it. */

export const stopKey = numberKey('stop_km', ruleBounds('stopKm'), standardLightningRule.stopKm);

/** A caution radius of its own; without one it is twice the stop radius, as before it was a key. */
export const cautionKey = urlKey<number>('caution_km', {
  parse: (raw, read) => {
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    return inRange(value, ruleBounds('cautionKm', read(stopKey))) ? value : undefined;
  },
  fallback: (read) => defaultCautionKm(read(stopKey)),
  allowed: (read, raw) => {
    const any = ruleBounds('cautionKm');
    return inRange(Number(raw), any)
      ? `at least the stop radius (stop_km=${read(stopKey)}) and at most ${any.max} km`
      : rangeText(any);
  },
});

export const clearKey = numberKey(
  'clear_min',
  ruleBounds('clearMinutes'),
  standardLightningRule.clearMinutes,
);

/**
 * The parts of the rule the link sets: those it gives a value other than the standard's (a
 * caution radius other than its stop radius's default). What it leaves alone comes from the
 * baseline, a watched site's policy at a watched site: a link that spells out the standard
 * value there gets the site's, which may only be stricter or the site's own choice.
 */
export const ruleLinkView: LinkView<Partial<LightningRule>> = (read) => {
  const parts: Partial<LightningRule> = {};
  for (const [part, key] of [
    ['stopKm', stopKey],
    ['cautionKm', cautionKey],
    ['clearMinutes', clearKey],
  ] as const) {
    const value = read(key);
    if (!key.omit(value, read)) parts[part] = value;
  }
  return parts;
};

/** The rule the link gives away from any watched site: its parts over the standard. */
export const ruleView: LinkView<LightningRule> = (read) =>
  ruleWithOverrides(standardLightningRule, ruleLinkView(read));

/** Lightning search: distance (km), minutes back, order and how many strikes. */
export interface LightningSearch {
  searchKm: number;
  searchMinutes: number;
  sort: 'distance' | 'time';
  limit: number;
}

export const searchKmKey = numberKey(
  'lkm',
  providerRanges.search_distance_km,
  providerDefaults.search_distance_km,
);
export const searchMinutesKey = numberKey(
  'lmin',
  providerRanges.search_mins,
  providerDefaults.search_mins,
);
export const sortKey = choiceKey('lsort', ['distance', 'time'], providerDefaults.sort);
/** More than the provider's 20 by default: a storm has more strikes than that. */
export const limitKey = numberKey('llimit', providerRanges.limit, 1000);

export const searchView: LinkView<LightningSearch> = (read) => ({
  searchKm: read(searchKmKey),
  searchMinutes: read(searchMinutesKey),
  sort: read(sortKey),
  limit: read(limitKey),
});

/**
 * A day of lightning history: the day, the basis it is a day in, and how far into it the strikes
 * are shown (minutes after midnight, 0 to 1440; the whole day unless the link says otherwise).
 */
export interface LightningHistoryDay {
  date: string;
  tz: 'local' | 'utc';
  until: number;
}

export const historyDayKey = patternKey(
  'lhist',
  (raw) =>
    /^\d{4}-\d{2}-\d{2}$/.test(raw) &&
    raw >= lightningHistoryStart &&
    !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)),
  `a day YYYY-MM-DD from ${lightningHistoryStart}`,
);

const withDay = (read: Read) => read(historyDayKey) !== undefined;

export const historyBasisKey = writtenOnlyIf(choiceKey('ltz', ['local', 'utc'], 'local'), withDay);

/** The time slider belongs to a day of history; without one there is nothing to slide over. */
export const historyUntilKey = writtenOnlyIf(
  urlKey<number>('lt', {
    parse: (raw, read) => (withDay(read) ? parseDayClock(raw) : undefined),
    fallback: minutesPerDay,
    write: dayClockText,
    allowed: (read) =>
      withDay(read)
        ? 'a time HH:MM from 00:00 to 24:00'
        : 'given with lhist, a day of lightning history',
  }),
  withDay,
);

/** A day of lightning history instead of live strikes (lhist, ltz, lt). */
export const historyDayView: LinkView<LightningHistoryDay | undefined> = (read) => {
  const date = read(historyDayKey);
  return date === undefined
    ? undefined
    : { date, tz: read(historyBasisKey), until: read(historyUntilKey) };
};

/** Switches to a day of history, or back to live strikes. */
export function setHistoryDay(set: SetKey, day: LightningHistoryDay | undefined): void {
  set(historyDayKey, day?.date);
  set(historyBasisKey, day?.tz ?? 'local');
  set(historyUntilKey, day?.until ?? minutesPerDay);
}
