import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observeServerTime, onServerClock, serverNow, toServerTime } from './server-clock';

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-07-15T18:00:00Z') });
  vi.stubGlobal('window', globalThis);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the app clock', () => {
  it("keeps the server's offset, ignoring travel-time jitter", () => {
    observeServerTime(Date.now() + 20 * 60_000);
    expect(serverNow() - Date.now()).toBe(20 * 60_000);
    observeServerTime(Date.now() + 20 * 60_000 + 100);
    expect(serverNow() - Date.now()).toBe(20 * 60_000);
    expect(toServerTime(1000)).toBe(1000 + 20 * 60_000);
  });

  it('calls outside React once per step of the resolution asked for, on one timer', () => {
    observeServerTime(Date.now());
    const tens: number[] = [];
    const ones: number[] = [];
    const stopTens = onServerClock(10_000, (now) => tens.push(now));
    const stopOnes = onServerClock(1000, (now) => ones.push(now));
    vi.advanceTimersByTime(30_000);
    expect(tens).toHaveLength(3);
    expect(ones).toHaveLength(30);
    expect(vi.getTimerCount()).toBe(1);
    stopTens();
    stopOnes();
    // Nobody needs the time: no timer runs.
    expect(vi.getTimerCount()).toBe(0);
  });
});
