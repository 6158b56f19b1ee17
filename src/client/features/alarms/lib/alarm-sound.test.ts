import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tone } from './alarm-level';
import { alarmRepeat, alarmSchedule } from './alarm-sound';

describe('when the page sounds', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp(due: () => boolean | Promise<boolean> = () => true) {
    const played: Tone[] = [];
    const repeating: boolean[] = [];
    const schedule = alarmSchedule({
      play: (tone) => played.push(tone),
      stillDue: async () => due(),
      onRepeating: (on) => repeating.push(on),
    });
    return { played, repeating, schedule };
  }

  it('sounds a caution once', async () => {
    const { played, schedule } = setUp();
    schedule.trigger('caution');
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs * 3);
    expect(played).toEqual(['caution']);
    expect(schedule.repeating).toBe(false);
  });

  it('sounds a stop at once, then every repeat period while it is due, a bounded number of times', async () => {
    const { played, repeating, schedule } = setUp();
    schedule.trigger('stop');
    expect(played).toEqual(['stop']);
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs - 1);
    expect(played).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(played).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs * (alarmRepeat.maxRepeats + 5));
    expect(played).toHaveLength(1 + alarmRepeat.maxRepeats);
    expect(schedule.repeating).toBe(false);
    expect(repeating).toEqual([true, false]);
  });

  it('stops repeating once the stop is acknowledged or the level dropped', async () => {
    let due = true;
    const { played, schedule } = setUp(() => due);
    schedule.trigger('stop');
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs * 2);
    expect(played).toHaveLength(3);
    due = false;
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs * 5);
    expect(played).toHaveLength(3);
    expect(schedule.repeating).toBe(false);
  });

  it('stops at once when silenced, even with an answer on its way', async () => {
    let answer: (due: boolean) => void = () => undefined;
    const { played, schedule } = setUp(() => new Promise<boolean>((resolve) => (answer = resolve)));
    schedule.trigger('stop');
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs);
    schedule.silence();
    answer(true);
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs * 3);
    expect(played).toEqual(['stop']);
    expect(schedule.repeating).toBe(false);
  });

  it('sounds on when it cannot tell whether the stop was acknowledged', async () => {
    const { played, schedule } = setUp(() => Promise.reject(new Error('offline')));
    schedule.trigger('stop');
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs);
    expect(played).toEqual(['stop', 'stop']);
    schedule.silence();
  });

  it('keeps a stop repeating through a caution elsewhere, and starts over on a new stop', async () => {
    const { played, schedule } = setUp();
    schedule.trigger('stop');
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs / 2);
    schedule.trigger('caution');
    expect(schedule.repeating).toBe(true);
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs / 2);
    expect(played).toEqual(['stop', 'caution', 'stop']);
    schedule.trigger('stop');
    await vi.advanceTimersByTimeAsync(alarmRepeat.repeatMs * alarmRepeat.maxRepeats);
    // The second stop's own count of repeats, from its own start.
    expect(played).toHaveLength(4 + alarmRepeat.maxRepeats);
    schedule.silence();
  });
});
