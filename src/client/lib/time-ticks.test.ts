import { describe, expect, it } from 'vitest';
import { type TimeTick, timeTicks } from './time-ticks';

/** Seven pixels a character: near enough to 12 px type, and easy to reason about. */
const measure = (text: string) => text.length * 7;
const gap = 8;

function hours(fromUtc: string, count: number): string[] {
  const start = Date.parse(`${fromUtc}Z`);
  return Array.from({ length: count }, (_, hour) =>
    new Date(start + hour * 3_600_000).toISOString().slice(0, 19),
  );
}

function days(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, day) =>
    new Date(start + day * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * Checks what a reader sees, independently of how the ticks were chosen: every label inside
 * the plot, and no two labels on the same line closer than the gap.
 */
function expectReadable(ticks: TimeTick[], rows: number, width: number, minWidth = 0) {
  const band = width / rows;
  for (const line of ['main', 'context'] as const) {
    const spans = ticks
      .filter((tick) => tick[line] !== '')
      .map((tick) => {
        const x = (tick.index + 0.5) * band;
        const w = Math.max(measure(tick[line]), line === 'main' ? minWidth : 0);
        const left = tick.anchor === 'start' ? x : tick.anchor === 'end' ? x - w : x - w / 2;
        return [left, left + w] as const;
      });
    spans.forEach(([left, right], index) => {
      expect(left).toBeGreaterThanOrEqual(0);
      expect(right).toBeLessThanOrEqual(width);
      if (index > 0) expect(spans[index - 1]![1] + gap).toBeLessThanOrEqual(left);
    });
  }
}

describe('time axis ticks', () => {
  it('names the month where an hourly range crosses into the next one', () => {
    const stamps = hours('2026-06-29T00:00:00', 96);
    const ticks = timeTicks(stamps, { width: 900, measure, gap });
    const first = ticks[0]!;
    expect(first.context).toBe('Mon 29 Jun');
    const july = ticks.find((tick) => stamps[tick.index] === '2026-07-01T00:00:00');
    // The old label for this hour was "Wed 1 00:00": no month at all.
    expect(july).toMatchObject({ main: '00:00', context: 'Wed 1 Jul' });
    const tuesday = ticks.find((tick) => stamps[tick.index] === '2026-06-30T00:00:00');
    expect(tuesday?.context).toBe('Tue 30');
    // Within a day the clock alone, at a round step.
    const within = ticks.filter((tick) => tick.context === '');
    expect(within.length).toBeGreaterThan(0);
    expect(within.every((tick) => /^(00|03|06|09|12|15|18|21):00$/.test(tick.main))).toBe(true);
    expectReadable(ticks, stamps.length, 900);
  });

  it('puts the month under the first day and under the first of each month', () => {
    const stamps = days('2026-06-25', 16);
    const ticks = timeTicks(stamps, { width: 960, measure, gap });
    expect(ticks).toHaveLength(16);
    expect(ticks.map((tick) => tick.context).filter(Boolean)).toEqual(['Jun', 'Jul']);
    expect(ticks[0]).toMatchObject({ main: 'Thu 25', context: 'Jun' });
    expect(ticks[6]).toMatchObject({ main: 'Wed 1', context: 'Jul' });
  });

  it('gives a phone fewer ticks than a laptop, and they never overlap', () => {
    const stamps = hours('2026-07-15T04:00:00', 72);
    const laptop = timeTicks(stamps, { width: 900, measure, gap });
    const phone = timeTicks(stamps, { width: 300, measure, gap });
    expect(phone.length).toBeLessThan(laptop.length);
    expect(phone.length).toBeGreaterThanOrEqual(2);
    expectReadable(laptop, stamps.length, 900);
    expectReadable(phone, stamps.length, 300);
    // The old axis showed every ninth hour, wherever it fell and however narrow the chart.
    const steps = phone.slice(1).map((tick, index) => tick.index - phone[index]!.index);
    expect(new Set(steps).size).toBe(1);
  });

  it('keeps the first and last labels inside the plot', () => {
    // Minutes: the first label carries the date and would hang off the left edge if centred.
    const minutes = Array.from(
      { length: 60 },
      (_, minute) => `2026-07-15T14:${String(minute).padStart(2, '0')}:00`,
    );
    const ticks = timeTicks(minutes, { width: 500, measure, gap });
    expect(ticks[0]).toMatchObject({ main: '14:00', context: 'Wed 15 Jul', anchor: 'start' });
    const last = ticks[ticks.length - 1]!;
    expect(['end', 'middle']).toContain(last.anchor);
    expectReadable(ticks, minutes.length, 500);

    // A day's last hour is tomorrow's midnight, in the last row: its label hangs leftwards.
    const day = hours('2026-07-15T01:00:00', 24);
    const edge = timeTicks(day, { width: 300, measure, gap });
    expect(edge[edge.length - 1]).toMatchObject({
      main: '00:00',
      context: 'Thu 16',
      anchor: 'end',
    });
    expectReadable(edge, day.length, 300);
  });

  it('leaves room for a weather icon under each day', () => {
    const stamps = days('2026-07-15', 16);
    const bare = timeTicks(stamps, { width: 500, measure, gap });
    const withIcons = timeTicks(stamps, { width: 500, measure, gap, minWidth: 60 });
    expect(withIcons.length).toBeLessThan(bare.length);
    expectReadable(withIcons, stamps.length, 500, 60);
  });

  it('steps a year of days by month, with the year under January', () => {
    const stamps = days('2025-01-01', 424);
    const ticks = timeTicks(stamps, { width: 700, measure, gap });
    expect(ticks.every((tick) => stamps[tick.index]!.endsWith('-01'))).toBe(true);
    expect(ticks[0]).toMatchObject({ main: 'Jan', context: '2025' });
    expect(ticks.find((tick) => tick.context === '2026')?.main).toBe('Jan');
    expectReadable(ticks, stamps.length, 700);
  });

  it('reads the stamps as the clocks of the chosen basis, repeated hours included', () => {
    // Local stamps as a clock falling back repeats 01:00; the same hours in UTC do not.
    const local = ['2026-11-01T00:00:00', '2026-11-01T01:00:00', '2026-11-01T01:00:00'];
    const utc = ['2026-11-01T04:00:00', '2026-11-01T05:00:00', '2026-11-01T06:00:00'];
    expect(timeTicks(local, { width: 300, measure, gap }).map((tick) => tick.main)).toEqual([
      '00:00',
      '01:00',
      '01:00',
    ]);
    expect(timeTicks(utc, { width: 300, measure, gap })[0]?.main).toBe('04:00');
  });

  it('keeps one tick when nothing else fits, and refuses what it cannot read', () => {
    expect(timeTicks(days('2026-07-15', 5), { width: 20, measure, gap })).toHaveLength(1);
    expect(timeTicks([], { width: 300, measure, gap })).toEqual([]);
    expect(() => timeTicks(['15/07/2026'], { width: 300, measure, gap })).toThrow(
      /"15\/07\/2026" is not a YYYY-MM-DD/,
    );
    expect(() => timeTicks(['2026-07-15'], { width: Number.NaN, measure, gap })).toThrow(
      /width must be 0 or more/,
    );
  });
});
