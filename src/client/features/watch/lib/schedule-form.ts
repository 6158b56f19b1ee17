import { scheduleLimits, scheduleSchema } from '../../../../shared/api/watch';
import type { ScheduleJson } from '../../../../shared/api/watch-answers';
import { weekdays, type Weekday } from '../../../../shared/time/wall-clock';
import { alertSeverities } from '../../../../shared/weather/alert-schema';

/**
 * The site editor's schedule as the form holds it. The rules are the body's schema
 * (`scheduleSchema`): its messages are shown under the fields they name.
 */
export interface ScheduleDraft {
  /** Unticked: always active (the body's null). */
  on: boolean;
  /** Blank: the site's own zone. */
  timezone: string;
  windows: { days: Weekday[]; from: string; to: string }[];
  always: (typeof alertSeverities)[number][];
}

export const dayLabels: Record<Weekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

export const newWindow = (): ScheduleDraft['windows'][number] => ({
  days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  from: '07:00',
  to: '18:00',
});

export const scheduleRules = {
  windows: `Up to ${scheduleLimits.windowsMax} windows. A "to" before "from" runs past midnight into the next day.`,
  timezone: 'An IANA time zone, such as Europe/Berlin; blank for the site’s own',
  always: 'Alerts of a ticked severity alarm at any hour, windows or not.',
} as const;

export function scheduleDraft(schedule: ScheduleJson | null): ScheduleDraft {
  if (!schedule) return { on: false, timezone: '', windows: [newWindow()], always: ['Warning'] };
  return {
    on: true,
    timezone: schedule.timezone ?? '',
    windows: schedule.windows.map((window) => ({ ...window, days: [...window.days] })),
    always: [...schedule.always],
  };
}

/** The body's `schedule`, or the schema's messages keyed by path ("windows.0.to"). */
export function checkSchedule(
  draft: ScheduleDraft,
): { ok: true; schedule: ScheduleJson | null } | { ok: false; errors: Record<string, string> } {
  if (!draft.on) return { ok: true, schedule: null };
  const result = scheduleSchema.safeParse({
    timezone: draft.timezone.trim() === '' ? null : draft.timezone.trim(),
    // In the week's order, whatever order they were ticked in.
    windows: draft.windows.map((window) => ({
      ...window,
      days: weekdays.filter((day) => window.days.includes(day)),
    })),
    always: alertSeverities.filter((severity) => draft.always.includes(severity)),
  });
  if (result.success) return { ok: true, schedule: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    // A day's own error ("windows.0.days.2") belongs to its window's days.
    const path = issue.path.slice(0, 3).join('.');
    errors[path || 'schedule'] ??= issue.message;
  }
  return { ok: false, errors };
}
