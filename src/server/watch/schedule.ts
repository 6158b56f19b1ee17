import type { ScheduleJson } from '../../shared/api/watch-answers';
import { severityRank, type StatusLevel } from '../../shared/safety/site-policy';
import type { Finding } from '../../shared/safety/site-status';
import { minutesOf, wallClock, weekdays } from '../../shared/time/wall-clock';

/**
 * A site's activity windows, read on the wall clock of its zone. Pure: the caller brings the
 * time, so tests run on a fake clock.
 */
export type Schedule = ScheduleJson;

/**
 * How a level change stands with the site's windows, as the event records it (`off_hours`):
 * inside them; outside and so told to nobody; or outside but alarmed all the same, for an
 * alert whose severity the schedule's `always` lists.
 */
export const offHoursMarks = { inHours: 0, silent: 1, alarmed: 2 } as const;
export type OffHoursMark = (typeof offHoursMarks)[keyof typeof offHoursMarks];

/** A mark as the event log stores it (a number; null before windows existed). */
export function markOf(stored: number | null | undefined): OffHoursMark | undefined {
  return Object.values(offHoursMarks).find((mark) => mark === stored);
}

/**
 * Whether the site works at `atMs`. No schedule: always. A schedule without a zone of its own
 * whose site's zone is not known yet is treated as open: a guess never silences an alarm.
 */
export function scheduleOpen(
  schedule: Schedule | null,
  siteZone: string | undefined,
  atMs: number,
): boolean {
  if (!schedule) return true;
  const zone = schedule.timezone ?? siteZone;
  if (!zone) return true;
  const { day, minutes } = wallClock(zone, atMs);
  const yesterday = weekdays[(weekdays.indexOf(day) + 6) % 7] as (typeof weekdays)[number];
  return schedule.windows.some(({ days, from, to }) => {
    const start = minutesOf(from);
    const end = minutesOf(to);
    if (start < end) return days.includes(day) && minutes >= start && minutes < end;
    // Past midnight: the window belongs to the day it starts on.
    return (days.includes(day) && minutes >= start) || (days.includes(yesterday) && minutes < end);
  });
}

const minuteMs = 60_000;

/**
 * Since when the site has worked without a break, up to now, looking back no further than
 * `earliest` (which it returns if the site worked all along); undefined when it does not work
 * now. Windows start on a whole minute of the wall clock, so stepping back a minute at a time
 * finds the opening exactly.
 */
export function openSince(
  schedule: Schedule | null,
  siteZone: string | undefined,
  nowMs: number,
  earliest: number,
): number | undefined {
  if (!scheduleOpen(schedule, siteZone, nowMs)) return undefined;
  let since = Math.floor(nowMs / minuteMs) * minuteMs;
  while (since > earliest && scheduleOpen(schedule, siteZone, since - minuteMs)) since -= minuteMs;
  return Math.max(since, earliest);
}

/** Whether a status rests on an alert the schedule says alarms at any hour. */
export function alarmsAtAnyHour(schedule: Schedule, findings: readonly Finding[]): boolean {
  return findings.some(
    ({ measure }) => measure.kind === 'alert' && schedule.always.includes(measure.severity),
  );
}

/** A change of level as the monitor records it, and how the site's previous change stood. */
export interface RecordedChange {
  from: StatusLevel;
  to: StatusLevel;
  /** How the site's last change stood with its windows. */
  previous: OffHoursMark;
}

const stepDown = ({ from, to }: RecordedChange) =>
  from !== 'no_data' &&
  to !== 'no_data' &&
  from !== 'clear' &&
  (to === 'clear' || severityRank(to) < severityRank(from));

/**
 * How a change judged at `atMs` to a status with these findings is recorded. Whoever an
 * `always` alert woke off hours hears how it eases, down to the all-clear; nobody else does.
 */
export function offHoursMark(
  schedule: Schedule | null,
  siteZone: string | undefined,
  atMs: number,
  findings: readonly Finding[],
  change?: RecordedChange,
): OffHoursMark {
  if (!schedule || scheduleOpen(schedule, siteZone, atMs)) return offHoursMarks.inHours;
  const easing = change?.previous === offHoursMarks.alarmed && stepDown(change);
  return alarmsAtAnyHour(schedule, findings) || easing
    ? offHoursMarks.alarmed
    : offHoursMarks.silent;
}
