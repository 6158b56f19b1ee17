import type { ReportDayJson, ReportSiteJson } from '../../shared/api/report-answers';
import { type RuleName, ruleNames } from '../../shared/safety/site-status';
import { addDays, startOfLocalDay } from '../../shared/time/local-days';

/**
 * A site's stand-down figures from its level changes: each change opens an interval at its new
 * level that the next change closes (the last one still open counts to `now`), cut at the
 * site's local midnights so a day has its own minutes (23 or 25 hours of them on a DST change).
 * Pure, for the report route and its tests.
 */

/** One recorded level change, as the event log keeps it. */
export interface LevelChange {
  at: number;
  /** The level it went to: stop, caution, watch, clear or no_data. */
  to: string;
  /** The rule that decided it (lightning, wind, alerts, aqi, heat, data, all-clear). */
  rule: string;
}

export interface StanddownInput {
  /**
   * The site's changes in the order they happened: the last one before the period (the level
   * the period opens at) and every one inside it. Before its first change a site has no level,
   * and nothing is counted.
   */
  changes: readonly LevelChange[];
  /** First and last day, both included, "YYYY-MM-DD" in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
  /** Server time: an open interval ends here, and nothing after it is counted. */
  now: number;
}

type Figures = Omit<ReportDayJson, 'date'>;
type StanddownFigures = Omit<ReportSiteJson, 'id' | 'name' | 'timezone'>;

const minuteMs = 60_000;
const isRule = (rule: string): rule is RuleName => (ruleNames as readonly string[]).includes(rule);

function emptyFigures(): Figures {
  return {
    stop_minutes: 0,
    caution_minutes: 0,
    no_data_minutes: 0,
    by_rule: Object.fromEntries(ruleNames.map((rule) => [rule, 0])) as Record<RuleName, number>,
  };
}

/** Adds `ms` at `change`'s level to `figures`; other levels (clear, watch) count nowhere. */
function add(figures: Figures, change: LevelChange, ms: number): void {
  if (change.to === 'stop') {
    figures.stop_minutes += ms;
    if (isRule(change.rule)) figures.by_rule[change.rule] += ms;
  } else if (change.to === 'caution') figures.caution_minutes += ms;
  else if (change.to === 'no_data') figures.no_data_minutes += ms;
}

/** Milliseconds to minutes, to a tenth. */
const rounded = (ms: number) => Math.round(ms / (minuteMs / 10)) / 10;

function roundFigures(figures: Figures): Figures {
  return {
    stop_minutes: rounded(figures.stop_minutes),
    caution_minutes: rounded(figures.caution_minutes),
    no_data_minutes: rounded(figures.no_data_minutes),
    by_rule: Object.fromEntries(
      ruleNames.map((rule) => [rule, rounded(figures.by_rule[rule])]),
    ) as Record<RuleName, number>,
  };
}

export function standdown({ changes, from, to, timeZone, now }: StanddownInput): StanddownFigures {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  // Day i runs from bounds[i] to bounds[i + 1].
  const bounds = [...dates, addDays(to, 1)].map((date) => startOfLocalDay(timeZone, date));
  const periodStart = bounds[0] as number;
  const periodEnd = Math.min(bounds.at(-1) as number, now);
  const days = dates.map(emptyFigures);
  const total = emptyFigures();
  let stops = 0;
  let longestStop = 0;
  // A stop that goes on across changes (none is recorded stop to stop, but a record may say so)
  // is one stop.
  let stopRun = 0;

  changes.forEach((change, index) => {
    const start = Math.max(change.at, periodStart);
    const end = Math.min(changes[index + 1]?.at ?? now, periodEnd);
    const ms = Math.max(0, end - start);
    if (change.to !== 'stop') stopRun = 0;
    else if (ms > 0) {
      if (stopRun === 0) stops++;
      stopRun += ms;
      longestStop = Math.max(longestStop, stopRun);
    }
    if (ms === 0) return;
    add(total, change, ms);
    let day = 0;
    while ((bounds[day + 1] as number) <= start) day++;
    for (let at = start; at < end; day++) {
      const dayEnd = Math.min(bounds[day + 1] as number, end);
      add(days[day] as Figures, change, dayEnd - at);
      at = dayEnd;
    }
  });

  return {
    stops,
    ...roundFigures(total),
    longest_stop_minutes: rounded(longestStop),
    days: days.map((figures, i) => ({ date: dates[i] as string, ...roundFigures(figures) })),
  };
}
