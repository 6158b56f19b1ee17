import { distanceText, type UnitSystem } from '../../../../shared/weather/units';
import { dayClockText, minutesPerDay } from '../../../lib/day-clock';
import type { LightningHistoryDay } from '../url-state';
import { basisName } from './time-of-day';

/**
 * Where the strikes on screen stand. A count ("no lightning within 20 km") is only ever said of
 * an answer: before one, an empty map means nothing has been asked, not that the sky was quiet.
 */
export type StrikeLoad =
  | { kind: 'pricing' }
  | { kind: 'unpaid'; units: number }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'loaded' };

export function strikeLoad(input: {
  mode: 'live' | 'history';
  /** The query holds an answer (even an empty one). */
  answered: boolean;
  /** A fetch or a confirmed spend is under way. */
  fetching: boolean;
  error: Error | null;
  /** What the day would cost, once the BFF has said; history only. */
  cost: { units: number; cached: boolean } | undefined;
  /** Units to state when the cost could not be asked: the contract's own price. */
  fallbackUnits: number;
  costFailed: boolean;
}): StrikeLoad {
  if (input.answered) return { kind: 'loaded' };
  if (input.fetching) return { kind: 'loading' };
  if (input.error) return { kind: 'failed', message: input.error.message };
  // Live strikes are fetched unasked, and a cached day is free: both are on their way.
  if (input.mode === 'live' || input.cost?.cached) return { kind: 'loading' };
  if (input.cost) return { kind: 'unpaid', units: input.cost.units };
  return input.costFailed ? { kind: 'unpaid', units: input.fallbackUnits } : { kind: 'pricing' };
}

/** What to say instead of a count while there is no answer; undefined once there is one. */
export function notLoadedText(
  load: StrikeLoad,
  day: Pick<LightningHistoryDay, 'date'> | undefined,
): string | undefined {
  const subject = day ? `Lightning of ${day.date}` : 'Lightning';
  switch (load.kind) {
    case 'loaded':
      return undefined;
    case 'pricing':
      return `${subject} not loaded yet; working out what it costs…`;
    case 'unpaid':
      return `${subject} not loaded yet: loading it costs ${load.units} quota units`;
    case 'loading':
      return day ? `Loading lightning of ${day.date}…` : 'Loading lightning…';
    case 'failed':
      return `${subject} unavailable: ${load.message}`;
  }
}

/** The span a count covers: the search's minutes live, the day up to the slider in history. */
export function strikeSpan(
  day: LightningHistoryDay | undefined,
  searchMinutes: number | null,
): string {
  if (!day) return `in the last ${searchMinutes ?? 0} minutes`;
  return day.until >= minutesPerDay
    ? `on ${day.date}`
    : `on ${day.date} by ${dayClockText(day.until)} ${basisName(day.tz)}`;
}

export const strikesText = (count: number) => `${count} ${count === 1 ? 'strike' : 'strikes'}`;

interface SummaryScope {
  day: LightningHistoryDay | undefined;
  searchKm: number;
  /** Distances are said in this system's unit. */
  units: UnitSystem;
  span: string;
}

interface Nearest {
  distance: number;
  cardinal: string;
  bearing: number;
}

const reachText = (scope: SummaryScope) =>
  distanceText(scope.units, scope.searchKm, { trim: true });
const noneText = (scope: SummaryScope) => `No lightning within ${reachText(scope)} ${scope.span}`;

/** The one-line account of the strikes: what is not loaded yet, or how many and the nearest. */
export function strikeSummary(
  load: StrikeLoad,
  scope: SummaryScope,
  strikes: { count: number; nearest?: Nearest },
): string {
  const waiting = notLoadedText(load, scope.day);
  if (waiting) return waiting;
  const { nearest } = strikes;
  if (strikes.count === 0 || !nearest) return noneText(scope);
  return `${strikesText(strikes.count)} within ${reachText(scope)} ${scope.span}; nearest ${distanceText(scope.units, nearest.distance)} to the ${nearest.cardinal} (${nearest.bearing}°)`;
}

/** The polar view's nearest-strike line, under the same rule as the summary. */
export function nearestText(
  load: StrikeLoad,
  scope: SummaryScope,
  nearest: Nearest | undefined,
): string {
  const waiting = notLoadedText(load, scope.day);
  if (waiting) return waiting;
  return nearest
    ? `Nearest: ${distanceText(scope.units, nearest.distance)} ${nearest.cardinal} (${nearest.bearing}°)`
    : noneText(scope);
}
