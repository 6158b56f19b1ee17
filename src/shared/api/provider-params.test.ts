import { describe, expect, it } from 'vitest';
import { parseProviderDate } from '../time/dates';
import { historyTimeRule, inRange, providerRanges, rangeText } from './provider-params';

const at = (text: string) => Date.parse(text) / 1000;
const utcReading = (date: string) => parseProviderDate(date)!.utcSeconds;

describe('history is the past', () => {
  const now = at('2026-07-15T18:20:00Z');

  it('takes a start that has begun, up to now itself', () => {
    expect(historyTimeRule.hasBegun(now, now)).toBe(true);
    expect(historyTimeRule.hasBegun(now - 3600, now)).toBe(true);
    expect(historyTimeRule.hasBegun(now + 1, now)).toBe(false);
  });

  it('lets a range end up to a day after now', () => {
    expect(historyTimeRule.endAllowed(now + 86_400, now)).toBe(true);
    expect(historyTimeRule.endAllowed(now + 86_401, now)).toBe(false);
  });

  it('without the time zone, refuses only what has begun nowhere on Earth', () => {
    // 18:20 UTC is 08:20 the next day at UTC+14: the 16th has begun there, up to its 08:00 hour.
    expect(historyTimeRule.hasBegunSomewhere(utcReading('2026-07-16'), now)).toBe(true);
    expect(historyTimeRule.hasBegunSomewhere(utcReading('2026-07-16:08'), now)).toBe(true);
    expect(historyTimeRule.hasBegunSomewhere(utcReading('2026-07-16:09'), now)).toBe(false);
    expect(historyTimeRule.hasBegunSomewhere(utcReading('2026-07-17'), now)).toBe(false);
    // Early in a UTC day, tomorrow has begun nowhere yet.
    const early = at('2026-07-15T05:00:00Z');
    expect(historyTimeRule.hasBegunSomewhere(utcReading('2026-07-16'), early)).toBe(false);
  });

  it('is never stricter than the provider, whatever the place time zone', () => {
    // A day the provider takes at a place (its local midnight has come) passes the BFF too.
    for (const offsetHours of [-12, -5, 0, 5.75, 13, 14]) {
      const localMidnight = utcReading('2026-07-16') - offsetHours * 3600;
      if (historyTimeRule.hasBegun(localMidnight, now))
        expect(historyTimeRule.hasBegunSomewhere(utcReading('2026-07-16'), now)).toBe(true);
    }
  });
});

describe('ranges', () => {
  it('checks whole numbers and bounds, and says so in words', () => {
    const km = providerRanges.search_distance_km;
    expect([1, 75].every((value) => inRange(value, km))).toBe(true);
    expect([0, 76, 20.5, Number.NaN].some((value) => inRange(value, km))).toBe(false);
    expect(rangeText(km)).toBe('a whole number from 1 to 75 km');
    expect(rangeText(providerRanges.lat)).toBe('a number from -90 to 90');
  });
});
