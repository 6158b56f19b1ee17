import { describe, expect, it } from 'vitest';
import { inRange } from '../../shared/api/provider-params';
import { defaultCautionKm, ruleBounds, searchForRule } from '../../shared/safety/lightning-rule';
import { destination, distanceKm } from '../../shared/geo/great-circle';
import { staleAfterMs } from '../../shared/safety/feed-cadence';
import {
  advanceRingClocks,
  emptyRingClocks,
  lightningVerdict,
  strikeTimeFromAge,
} from '../../shared/safety/lightning-rings';
import { countdownText } from './countdown-text';
import { ringPolicyOf, safetyDecision, safetyReading } from './lightning-safety';

const asOf = Date.parse('2026-07-15T18:20:00Z');
const minutesAgo = (minutes: number) => asOf - minutes * 60_000;
const rule = { stopKm: 10, cautionKm: 20, clearMinutes: 30 };

describe('safety decision', () => {
  it('is STOP while a strike within the stop radius is younger than the all-clear time', () => {
    const decision = safetyDecision(
      [
        { distanceKm: 8, time: minutesAgo(12) },
        { distanceKm: 30, time: minutesAgo(1) },
      ],
      rule,
      asOf,
    );
    expect(decision).toEqual({
      level: 'stop',
      nearestKm: 8,
      clearsAt: minutesAgo(12) + 30 * 60_000,
      asOf,
    });
  });

  it('is CAUTION within the caution radius, and counts down from the latest such strike', () => {
    const decision = safetyDecision(
      [
        { distanceKm: 15, time: minutesAgo(20) },
        { distanceKm: 19.9, time: minutesAgo(5) },
      ],
      rule,
      asOf,
    );
    expect(decision.level).toBe('caution');
    expect(decision.clearsAt).toBe(minutesAgo(5) + 30 * 60_000);
  });

  it('takes the caution radius as its own setting, not twice the stop radius', () => {
    const strikes = [{ distanceKm: 14, time: minutesAgo(2) }];
    expect(safetyDecision(strikes, { ...rule, cautionKm: 12 }, asOf).level).toBe('clear');
    expect(safetyDecision(strikes, { ...rule, cautionKm: 40 }, asOf).level).toBe('caution');
    expect(safetyDecision(strikes, { ...rule, stopKm: 14, cautionKm: 14 }, asOf).level).toBe(
      'stop',
    );
  });

  it('is ALL CLEAR when the close strikes are older than the all-clear time, or far away', () => {
    expect(safetyDecision([{ distanceKm: 2, time: minutesAgo(31) }], rule, asOf).level).toBe(
      'clear',
    );
    expect(safetyDecision([{ distanceKm: 20.1, time: minutesAgo(1) }], rule, asOf).level).toBe(
      'clear',
    );
  });

  it('counts a strike stamped after the data time as one just now, never skips it', () => {
    const decision = safetyDecision([{ distanceKm: 0.4, time: asOf + 20 * 60_000 }], rule, asOf);
    expect(decision.level).toBe('stop');
    expect(decision.clearsAt).toBe(asOf + 30 * 60_000);
  });
});

describe('safety reading: never relaxes without fresh data', () => {
  const stopStrike = [{ distanceKm: 0.4, time: minutesAgo(13) }];

  it('judges by the data time, whatever the time now', () => {
    const reading = safetyReading(
      { strikes: stopStrike, asOf, complete: true },
      rule,
      asOf + 30_000,
    );
    expect(reading).toMatchObject({ kind: 'decided', decision: { level: 'stop' } });
  });

  it('keeps the level while a run-out countdown waits for data from after it', () => {
    const snapshot = { strikes: stopStrike, asOf, complete: true };
    const clearsAt = minutesAgo(13) + 30 * 60_000;
    // Data is still fresh (asOf is 2 min old) but older than the moment it would clear.
    const now = asOf + 2 * 60_000;
    const early = safetyReading(snapshot, { ...rule, clearMinutes: 14 }, now);
    expect(early).toMatchObject({ kind: 'decided', decision: { level: 'stop' }, confirming: true });
    expect(clearsAt).toBeGreaterThan(asOf);
    // Data from after the countdown shows the strike aged out: now it may stand down.
    const later = safetyReading(
      { ...snapshot, asOf: asOf + 2 * 60_000 },
      { ...rule, clearMinutes: 14 },
      now,
    );
    expect(later).toMatchObject({ kind: 'decided', decision: { level: 'clear' } });
  });

  it('reports no current data, with the last known level and its age, once data is stale', () => {
    const reading = safetyReading(
      { strikes: stopStrike, asOf, complete: true },
      rule,
      asOf + 27 * 60_000,
    );
    expect(reading).toEqual({
      kind: 'no-data',
      lastKnown: { level: 'stop', nearestKm: 0.4, clearsAt: minutesAgo(13) + 30 * 60_000, asOf },
      ageMs: 27 * 60_000,
    });
    // 32 minutes on, the strike would have aged out: the last known level is still STOP.
    const later = safetyReading(
      { strikes: stopStrike, asOf, complete: true },
      rule,
      asOf + 32 * 60_000,
    );
    expect(later.kind === 'no-data' && later.lastKnown.level).toBe('stop');
  });

  it('trusts only a STOP from an answer cut off at its limit', () => {
    const cut = { asOf, complete: false };
    expect(
      safetyReading({ ...cut, strikes: [{ distanceKm: 15, time: minutesAgo(1) }] }, rule, asOf)
        .kind,
    ).toBe('incomplete');
    expect(safetyReading({ ...cut, strikes: stopStrike }, rule, asOf)).toMatchObject({
      kind: 'decided',
      decision: { level: 'stop' },
    });
  });
});

describe('lightning rule', () => {
  it('keeps radii within the search reach and the caution radius outside the stop radius', () => {
    expect(inRange(75, ruleBounds('stopKm'))).toBe(true);
    expect(inRange(76, ruleBounds('stopKm'))).toBe(false);
    expect(inRange(9, ruleBounds('cautionKm', 10))).toBe(false);
    expect(inRange(10, ruleBounds('cautionKm', 10))).toBe(true);
    expect(inRange(9, ruleBounds('clearMinutes'))).toBe(false);
    expect(inRange(60, ruleBounds('clearMinutes'))).toBe(true);
    expect(inRange(61, ruleBounds('clearMinutes'))).toBe(false);
    expect(inRange(30.5, ruleBounds('clearMinutes'))).toBe(false);
    expect(defaultCautionKm(10)).toBe(20);
    expect(defaultCautionKm(50)).toBe(75);
  });

  it('searches at least as far and as long as the rule needs', () => {
    expect(searchForRule(rule, { km: 10, minutes: 10 })).toEqual({ km: 20, minutes: 30 });
    expect(searchForRule({ ...rule, cautionKm: 75 }, { km: 20, minutes: 45 })).toEqual({
      km: 75,
      minutes: 45,
    });
    expect(searchForRule({ ...rule, cautionKm: 12.5 }, { km: 10, minutes: 30 }).km).toBe(13);
  });

  it('writes countdowns as minutes and seconds', () => {
    expect(countdownText(18 * 60_000 + 5_000)).toBe('18:05');
    expect(countdownText(-5)).toBe('0:00');
  });
});

describe('the map card and the watch judge alike', () => {
  it('gives the level and countdown the board would give, for any strikes and any moment', () => {
    const site = { lat: 36.5, lon: -91 };
    // A fixed pseudo-random storm: the same cases every run.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let trial = 0; trial < 200; trial += 1) {
      const trialRule = {
        stopKm: 3 + Math.round(random() * 20),
        cautionKm: 25 + Math.round(random() * 20),
        clearMinutes: 10 + Math.round(random() * 35),
      };
      const strikes = Array.from({ length: Math.floor(random() * 6) }, () => {
        const point = destination(site.lat, site.lon, random() * 360, random() * 50);
        return { ...point, time: asOf - random() * trialRule.clearMinutes * 60_000 * 1.5 };
      });
      const card = safetyDecision(
        strikes.map((strike) => ({
          distanceKm: distanceKm(site.lat, site.lon, strike.lat, strike.lon),
          time: strike.time,
        })),
        trialRule,
        asOf,
      );
      const policy = ringPolicyOf(trialRule);
      const clocks = advanceRingClocks(
        emptyRingClocks,
        site,
        policy,
        strikes,
        asOf,
        trialRule.clearMinutes * 60_000,
      );
      const board = lightningVerdict(clocks, policy, asOf);
      expect(card.level).toBe(board.level);
      expect(card.clearsAt).toBe(board.clearsAt);
    }
  });

  it('dates a strike by its age in the answer, never earlier than it could have been', () => {
    // Ages come in tenths of a minute: 9.2 min may be anything from 9.15 to 9.25.
    expect(strikeTimeFromAge(asOf, 9.2)).toBe(asOf - 9.15 * 60_000);
    expect(strikeTimeFromAge(asOf, 0)).toBe(asOf);
  });

  it('is NO CURRENT DATA exactly when the board would be no_data: two refresh periods', () => {
    const snapshot = { strikes: [], asOf, complete: true };
    expect(safetyReading(snapshot, rule, asOf + staleAfterMs('lightning')).kind).toBe('decided');
    expect(safetyReading(snapshot, rule, asOf + staleAfterMs('lightning') + 1).kind).toBe(
      'no-data',
    );
  });
});

describe('an all-clear longer than the search looks back', () => {
  const hour = { stopKm: 10, cautionKm: 20, clearMinutes: 60 };

  it('never stands down on one 45-minute search: no ALL CLEAR and no CAUTION it cannot back', () => {
    // Nothing in the 45 minutes the search saw; a strike 50 minutes ago would still mean STOP.
    expect(safetyDecision([], hour, asOf).level).toBe('unconfirmed');
    expect(safetyDecision([{ distanceKm: 15, time: minutesAgo(20) }], hour, asOf).level).toBe(
      'unconfirmed',
    );
    expect(safetyReading({ strikes: [], asOf, complete: true }, hour, asOf)).toMatchObject({
      kind: 'decided',
      decision: { level: 'unconfirmed', clearsAt: undefined },
      confirming: false,
    });
  });

  it('is STOP with the hour’s countdown on a strike it saw', () => {
    const decision = safetyDecision([{ distanceKm: 4, time: minutesAgo(40) }], hour, asOf);
    expect(decision).toMatchObject({ level: 'stop', clearsAt: minutesAgo(40) + 60 * 60_000 });
  });

  it('decides as before when the search sees the whole all-clear time', () => {
    const rule = { ...hour, clearMinutes: 45 };
    expect(safetyDecision([], rule, asOf).level).toBe('clear');
    expect(safetyDecision([{ distanceKm: 15, time: minutesAgo(20) }], rule, asOf).level).toBe(
      'caution',
    );
  });
});
