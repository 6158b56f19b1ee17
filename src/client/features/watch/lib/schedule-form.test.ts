import { describe, expect, it } from 'vitest';
import { checkSchedule, newWindow, scheduleDraft } from './schedule-form';

describe('the schedule form', () => {
  it('sends null while the schedule is off, and reads null back as off', () => {
    expect(checkSchedule(scheduleDraft(null))).toEqual({ ok: true, schedule: null });
  });

  it('sends the days in the week’s order and a blank zone as the site’s own', () => {
    const draft = {
      ...scheduleDraft(null),
      on: true,
      windows: [{ days: ['sat' as const, 'mon' as const], from: '22:00', to: '06:00' }],
    };
    expect(checkSchedule(draft)).toEqual({
      ok: true,
      schedule: {
        timezone: null,
        windows: [{ days: ['mon', 'sat'], from: '22:00', to: '06:00' }],
        always: ['Warning'],
      },
    });
  });

  it('shows the body’s rules under the fields they name', () => {
    const draft = {
      ...scheduleDraft(null),
      on: true,
      timezone: 'Nowhere/Land',
      windows: [newWindow(), { days: [], from: '08:00', to: '08:00' }],
    };
    expect(checkSchedule(draft)).toEqual({
      ok: false,
      errors: {
        timezone: 'must be an IANA time zone, like Europe/Berlin or UTC',
        'windows.1.days': 'must name at least one day',
        'windows.1.to': 'must end at another time than it starts',
      },
    });
  });
});
