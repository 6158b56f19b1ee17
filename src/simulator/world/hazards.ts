import { type HazardRule, hazardRules } from './alert-rules';
import type { HazardEvent } from './alert-types';
import { type AtmosphereSample, observedAt, type World } from './world';

const hour = 3600;
/** How far back and ahead the timeline of a hazard is traced. */
const lookBackHours = 12;
const lookAheadHours = 12;
/** A watch is issued for a warning-level hazard expected within this many hours. */
const watchLeadHours = 6;

/**
 * The hazards in force at a place and time, each with the run of hours it lasts. Agencies issue
 * products ahead of onset, so `effective` is an hour before the first hazardous hour (but never
 * later than now), and warnings forecast within a few hours appear as watches. The hours around
 * are read on the hour; the current one as it is observed now, so that a storm the current
 * observation reports is one the alerts know of.
 */
export function hazardsAt(world: World, lat: number, lon: number, now: number): HazardEvent[] {
  const currentHour = Math.floor(now / hour) * hour;
  const timeline: AtmosphereSample[] = [];
  for (let offset = -lookBackHours; offset <= lookAheadHours; offset++) {
    timeline.push(
      world.sample(lat, lon, offset === 0 ? observedAt(now) : currentHour + offset * hour),
    );
  }
  const nowIndex = lookBackHours;
  const events: HazardEvent[] = [];
  const covered = new Set<string>();

  for (const rule of hazardRules) {
    if (covered.has(rule.hazard)) continue;
    const run = runAround(timeline, nowIndex, rule);
    if (run) {
      covered.add(rule.hazard);
      events.push(toEvent(rule, timeline, run, currentHour, now, rule.severity));
      continue;
    }
    if (rule.severity !== 'Warning') continue;
    const upcoming = timeline.findIndex(
      (sample, index) =>
        index > nowIndex && index <= nowIndex + watchLeadHours && rule.holds(sample),
    );
    if (upcoming > 0) {
      const watchRun = runAround(timeline, upcoming, rule);
      if (watchRun) {
        covered.add(rule.hazard);
        const watch = { ...rule, event: rule.event.replace('Warning', 'Watch') };
        events.push(toEvent(watch, timeline, watchRun, currentHour, now, 'Watch'));
      }
    }
  }
  return events;
}

function runAround(
  timeline: AtmosphereSample[],
  index: number,
  rule: HazardRule,
): { first: number; last: number } | undefined {
  const at = timeline[index];
  if (!at || !rule.holds(at)) return undefined;
  let first = index;
  while (first > 0 && rule.holds(timeline[first - 1] as AtmosphereSample)) first--;
  let last = index;
  while (last < timeline.length - 1 && rule.holds(timeline[last + 1] as AtmosphereSample)) last++;
  return { first, last };
}

function toEvent(
  rule: Pick<HazardRule, 'hazard' | 'event' | 'describe'>,
  timeline: AtmosphereSample[],
  run: { first: number; last: number },
  currentHour: number,
  now: number,
  severity: HazardEvent['severity'],
): HazardEvent {
  const at = (index: number) => currentHour + (index - lookBackHours) * hour;
  const onset = at(run.first);
  const ends = at(run.last) + hour;
  // Describe the hazard as it is now, or as it will be when it starts.
  const described = timeline[Math.max(run.first, lookBackHours)] as AtmosphereSample;
  return {
    hazard: rule.hazard,
    event: rule.event,
    severity,
    description: rule.describe(described),
    effective: Math.min(onset - hour, observedAt(now)),
    onset,
    ends,
    expires: ends,
  };
}
