/**
 * Ticks for a time axis of evenly spaced periods (minutes, hours, days), placed at round
 * clock and calendar steps and thinned until their labels fit the width they are drawn in.
 *
 * A label has two lines, as on most time charts: the tick itself ("14:00", "Wed 15", "Jul"),
 * and under it the context a reader needs to place it, shown only at the first tick and where
 * it changes (the day under the first hour of each day, the month under the first day of each
 * month), so a range across the end of June reads "Tue 30" then "Wed 1" over "Jul".
 *
 * Stamps are the provider's zone-less wall-clock stamps in the basis the view chose (the
 * place's local time or UTC), read as they are: a local axis shows local clocks, never the
 * viewer's.
 */

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const minutesPerDay = 1440;
/** 1970-01-05, the first Monday of the epoch, so weekly ticks fall on Mondays. */
const firstMonday = 4;

/** Tick steps from a minute to a year, each a round count of its unit. */
const steps: readonly Step[] = [
  ...[1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720].map((minutes) => ({
    unit: 'minute' as const,
    size: minutes,
  })),
  ...[1, 2, 3, 7, 14].map((days) => ({ unit: 'day' as const, size: days })),
  ...[1, 2, 3, 6, 12].map((count) => ({ unit: 'month' as const, size: count })),
];

interface Step {
  unit: 'minute' | 'day' | 'month';
  size: number;
}

export interface TimeTick {
  /** The row the tick stands at. */
  index: number;
  main: string;
  /** The day, month or year the tick starts; empty where it is the same as the last tick's. */
  context: string;
  /** Where the label hangs from its tick: the first and last are kept inside the plot. */
  anchor: 'start' | 'middle' | 'end';
}

export interface TimeTickOptions {
  /** The plot's width in pixels; row `i` of `n` sits at `(i + ½) · width / n`. */
  width: number;
  /** A label's width in pixels at the axis's font. */
  measure: (text: string) => number;
  /** The least space between two labels, in pixels. */
  gap: number;
  /** The least width a tick takes whatever its text (a weather icon under it). */
  minWidth?: number;
}

interface Moment {
  year: number;
  /** 0–11. */
  month: number;
  day: number;
  weekday: number;
  /** Days since 1970-01-01 of the stamp's calendar date. */
  dayNumber: number;
  minuteOfDay: number;
}

/**
 * The ticks for `stamps` (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]`, one a row, in order): the
 * finest round step whose labels fit side by side in `width` without touching. Never empty
 * while there are stamps: a plot too narrow for any step keeps one tick at the first row.
 */
export function timeTicks(stamps: readonly string[], options: TimeTickOptions): TimeTick[] {
  if (!(options.width >= 0))
    throw new RangeError(`timeTicks: width must be 0 or more, got ${options.width}`);
  if (!(options.gap >= 0))
    throw new RangeError(`timeTicks: gap must be 0 or more, got ${options.gap}`);
  if (stamps.length === 0) return [];
  const moments = stamps.map(parseStamp);
  const spacing = rowSpacing(moments);
  const spansYears = moments[0]?.year !== moments[moments.length - 1]?.year;
  let coarsest: TimeTick[] = [];
  for (const step of steps) {
    if (stepMinutes(step) < spacing) continue;
    const indices = moments.flatMap((moment, index) => (onStep(moment, step) ? [index] : []));
    if (indices.length === 0) continue;
    coarsest = label(indices, moments, step, spansYears);
    if (placeAndFit(coarsest, stamps.length, options)) return coarsest;
  }
  // A plot too narrow for any step, or rows off every round one: a single tick.
  const fallback: Step =
    spacing < minutesPerDay ? { unit: 'minute', size: 1 } : { unit: 'day', size: 1 };
  const candidates = coarsest.length > 0 ? coarsest : label([0], moments, fallback, spansYears);
  const only = candidates.slice(0, 1);
  placeAndFit(only, stamps.length, options);
  return only;
}

function parseStamp(stamp: string): Moment {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(stamp);
  if (!match) throw new RangeError(`timeTicks: "${stamp}" is not a YYYY-MM-DD[THH:MM] stamp`);
  const [year, month, day, hour, minute] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = Date.UTC(year, month - 1, day);
  return {
    year,
    month: month - 1,
    day,
    weekday: new Date(date).getUTCDay(),
    dayNumber: Math.round(date / 86_400_000),
    minuteOfDay: hour * 60 + minute,
  };
}

/** The rows' period in minutes (the least gap between neighbours; a day for dates). */
function rowSpacing(moments: readonly Moment[]): number {
  let least = Infinity;
  for (let index = 1; index < moments.length; index += 1) {
    const gap = minuteOf(moments[index] as Moment) - minuteOf(moments[index - 1] as Moment);
    if (gap > 0) least = Math.min(least, gap);
  }
  return Number.isFinite(least) ? least : 1;
}

function minuteOf(moment: Moment): number {
  return moment.dayNumber * minutesPerDay + moment.minuteOfDay;
}

function stepMinutes(step: Step): number {
  if (step.unit === 'minute') return step.size;
  return step.size * minutesPerDay * (step.unit === 'month' ? 28 : 1);
}

/** Whether a tick of `step` falls on this row: round clock times, midnights, month starts. */
function onStep(moment: Moment, step: Step): boolean {
  if (step.unit === 'minute') return moment.minuteOfDay % step.size === 0;
  if (moment.minuteOfDay !== 0) return false;
  if (step.unit === 'month')
    return moment.day === 1 && (moment.year * 12 + moment.month) % step.size === 0;
  const from = step.size >= 7 ? firstMonday : 0;
  return modulo(moment.dayNumber - from, step.size) === 0;
}

function modulo(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

function label(
  indices: readonly number[],
  moments: readonly Moment[],
  step: Step,
  spansYears: boolean,
): TimeTick[] {
  let previous: Moment | undefined;
  return indices.map((index) => {
    const moment = moments[index] as Moment;
    const tick = {
      index,
      ...tickText(moment, previous, step, spansYears),
      anchor: 'middle' as const,
    };
    previous = moment;
    return tick;
  });
}

function tickText(
  moment: Moment,
  previous: Moment | undefined,
  step: Step,
  spansYears: boolean,
): { main: string; context: string } {
  const newYear = !previous || previous.year !== moment.year;
  const newMonth = newYear || previous?.month !== moment.month;
  const monthName = months[moment.month] as string;
  const yearText = spansYears && newYear ? ` ${moment.year}` : '';
  if (step.unit === 'month') {
    return { main: monthName, context: newYear ? String(moment.year) : '' };
  }
  const dayName = `${weekdays[moment.weekday] as string} ${moment.day}`;
  if (step.unit === 'day') {
    // Weekly ticks are all Mondays: the weekday would say nothing.
    const main = step.size >= 7 ? String(moment.day) : dayName;
    return { main, context: newMonth ? `${monthName}${yearText}` : '' };
  }
  const newDay = newMonth || previous?.day !== moment.day;
  const clock = `${pad(Math.floor(moment.minuteOfDay / 60))}:${pad(moment.minuteOfDay % 60)}`;
  const context = newDay ? `${dayName}${newMonth ? ` ${monthName}${yearText}` : ''}` : '';
  return { main: clock, context };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Sets each label's anchor so it stays inside the plot, then says whether the labels keep
 * `gap` apart on both lines.
 */
function placeAndFit(ticks: TimeTick[], rows: number, options: TimeTickOptions): boolean {
  const band = options.width / rows;
  const mainEdges: [number, number][] = [];
  const contextEdges: [number, number][] = [];
  for (const tick of ticks) {
    const x = (tick.index + 0.5) * band;
    const mainWidth = Math.max(options.measure(tick.main), options.minWidth ?? 0);
    const contextWidth = tick.context ? options.measure(tick.context) : 0;
    const widest = Math.max(mainWidth, contextWidth);
    tick.anchor = x - widest / 2 < 0 ? 'start' : x + widest / 2 > options.width ? 'end' : 'middle';
    mainEdges.push(edges(x, mainWidth, tick.anchor));
    if (tick.context) contextEdges.push(edges(x, contextWidth, tick.anchor));
  }
  return apart(mainEdges, options.gap) && apart(contextEdges, options.gap);
}

function edges(x: number, width: number, anchor: TimeTick['anchor']): [number, number] {
  if (anchor === 'start') return [x, x + width];
  if (anchor === 'end') return [x - width, x];
  return [x - width / 2, x + width / 2];
}

function apart(spans: readonly [number, number][], gap: number): boolean {
  return spans.every(
    (span, index) => index === 0 || (spans[index - 1] as [number, number])[1] + gap <= span[0],
  );
}
