import { describe, expect, it } from 'vitest';
import { answerNow, daysFromToday, stepDay } from './outlook-days';

const days = ['2026-07-14', '2026-07-15', '2026-07-16'].map((date) => ({ date }));

describe('daysFromToday', () => {
  it('starts with the site’s today, dropping a day the cached forecast still began with', () => {
    // 04:30 UTC on the 15th is still the 14th in Chicago, already the 15th in Berlin.
    const at = Date.parse('2026-07-15T04:30:00Z');
    expect(daysFromToday(days, at, 'America/Chicago').map((day) => day.date)).toEqual([
      '2026-07-14',
      '2026-07-15',
      '2026-07-16',
    ]);
    expect(daysFromToday(days, at, 'Europe/Berlin').map((day) => day.date)).toEqual([
      '2026-07-15',
      '2026-07-16',
    ]);
  });

  it('keeps every day for a site without a zone, and none once they are all past', () => {
    const later = Date.parse('2026-07-20T12:00:00Z');
    expect(daysFromToday(days, later, null)).toEqual(days);
    expect(daysFromToday(days, later, 'UTC')).toEqual([]);
  });
});

describe('answerNow', () => {
  it('is the server’s time of judging plus how long the page has held the answer', () => {
    // The page's own clock is months off the server's: only the time held counts.
    const received = Date.parse('2026-11-27T10:00:00Z');
    expect(answerNow('2026-07-15T23:50:00.000Z', received, received + 20 * 60_000)).toBe(
      Date.parse('2026-07-16T00:10:00Z'),
    );
    // A page clock stepped back never moves the server's time before the answer.
    expect(answerNow('2026-07-15T23:50:00.000Z', received, received - 60_000)).toBe(
      Date.parse('2026-07-15T23:50:00Z'),
    );
  });
});

describe('stepDay', () => {
  it('moves between a strip’s days with the arrows, Home and End, stopping at its ends', () => {
    expect(stepDay(3, 'ArrowRight', 16)).toBe(4);
    expect(stepDay(15, 'ArrowRight', 16)).toBe(15);
    expect(stepDay(3, 'ArrowLeft', 16)).toBe(2);
    expect(stepDay(0, 'ArrowLeft', 16)).toBe(0);
    expect(stepDay(7, 'Home', 16)).toBe(0);
    expect(stepDay(7, 'End', 16)).toBe(15);
  });

  it('leaves every other key (Tab, Escape, letters) alone', () => {
    expect(stepDay(3, 'Tab', 16)).toBeUndefined();
    expect(stepDay(3, 'Escape', 16)).toBeUndefined();
    expect(stepDay(0, 'ArrowRight', 0)).toBeUndefined();
  });
});
