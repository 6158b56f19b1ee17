import { describe, expect, it } from 'vitest';
import { destination } from '../geo/great-circle';
import {
  advanceRingClocks,
  emptyRingClocks,
  lightningVerdict,
  type RingClocks,
  reringClocks,
  strikeTime,
  strikeTimeFromAge,
} from './lightning-rings';
import { sitePolicySchema } from './site-policy';

const site = { lat: 36.5, lon: -91 };
const policy = sitePolicySchema.parse({
  lightning: { rings: { stop: 10, caution: 20, watch: 40 }, all_clear_minutes: 30 },
});
const minute = 60_000;
const t0 = Date.parse('2026-07-15T18:00:00Z');
const lookback = 45 * minute;

/** A strike `km` from the site on `bearing`, at `time`. */
function strikeAt(km: number, bearing: number, time: number) {
  return { ...destination(site.lat, site.lon, bearing, km), time };
}

function feed(clocks: RingClocks, strikes: ReturnType<typeof strikeAt>[], asOf: number) {
  return advanceRingClocks(clocks, site, policy, strikes, asOf, lookback);
}

describe('lightning ring clocks', () => {
  it('escalates at once to the innermost ring a strike falls in', () => {
    const clocks = feed(emptyRingClocks, [strikeAt(6.2, 225, t0 - minute)], t0);
    const verdict = lightningVerdict(clocks, policy, t0);
    expect(verdict.level).toBe('stop');
    expect(verdict.clearsAt).toBe(t0 - minute + 30 * minute);
  });

  it('steps down one ring at a time, each after its own strike-free minutes', () => {
    let clocks = feed(emptyRingClocks, [strikeAt(5, 0, t0)], t0);
    // Ten minutes later the storm has moved out to 15 km: caution's clock restarts, stop's does not.
    clocks = feed(clocks, [strikeAt(15, 0, t0 + 10 * minute)], t0 + 10 * minute);
    const at = (offset: number) => lightningVerdict(clocks, policy, t0 + offset * minute).level;
    expect(at(29)).toBe('stop');
    expect(at(30)).toBe('caution');
    expect(at(39)).toBe('caution');
    expect(at(40)).toBe('clear');
  });

  it('restarts a ring clock with every new strike inside it', () => {
    let clocks = feed(emptyRingClocks, [strikeAt(5, 90, t0)], t0);
    clocks = feed(clocks, [strikeAt(9, 90, t0 + 25 * minute)], t0 + 25 * minute);
    expect(lightningVerdict(clocks, policy, t0 + 50 * minute).level).toBe('stop');
    expect(lightningVerdict(clocks, policy, t0 + 55 * minute).level).toBe('clear');
  });

  it('ignores strikes outside every ring', () => {
    const clocks = feed(emptyRingClocks, [strikeAt(41, 0, t0)], t0);
    expect(lightningVerdict(clocks, policy, t0).level).toBe('clear');
  });

  it('will not call a 60-minute all-clear before it has watched for 60 minutes', () => {
    const long = sitePolicySchema.parse({
      lightning: { rings: { stop: 10 }, all_clear_minutes: 60 },
    });
    let clocks = advanceRingClocks(emptyRingClocks, site, long, [], t0, lookback);
    const first = lightningVerdict(clocks, long, t0);
    expect(first.level).toBe('unknown');
    expect(first.watchMoreMs).toBe(15 * minute);
    clocks = advanceRingClocks(clocks, site, long, [], t0 + 15 * minute, lookback);
    expect(lightningVerdict(clocks, long, t0 + 15 * minute).level).toBe('clear');
  });

  it('starts its coverage again after a gap nobody saw', () => {
    let clocks = advanceRingClocks(emptyRingClocks, site, policy, [], t0, lookback);
    expect(clocks.coveredSince).toBe(t0 - lookback);
    // An hour without answers: the next answer's look-back does not reach back to the last one.
    clocks = advanceRingClocks(clocks, site, policy, [], t0 + 60 * minute, lookback);
    expect(clocks.coveredSince).toBe(t0 + 15 * minute);
    // A minute later the coverage is unbroken.
    clocks = advanceRingClocks(clocks, site, policy, [], t0 + 61 * minute, lookback);
    expect(clocks.coveredSince).toBe(t0 + 15 * minute);
  });

  it('treats a strike dated after its answer as a strike at the answer, not one to skip', () => {
    const clocks = feed(emptyRingClocks, [strikeAt(3, 0, t0 + 5000)], t0);
    expect(clocks.last.stop?.time).toBe(t0);
  });

  it('learns nothing from an answer older than the one it holds', () => {
    const clocks = feed(emptyRingClocks, [], t0);
    expect(feed(clocks, [strikeAt(3, 0, t0 - 2 * minute)], t0 - minute)).toBe(clocks);
  });
});

describe('ring clocks under a changed policy', () => {
  const clocks = feed(
    emptyRingClocks,
    [strikeAt(6, 90, t0 - 20 * minute), strikeAt(15, 90, t0 - 5 * minute)],
    t0,
  );

  it('puts each strike held into every new ring it falls in', () => {
    const narrower = sitePolicySchema.parse({
      lightning: { rings: { stop: 5, caution: 8, watch: 16 }, all_clear_minutes: 30 },
    });
    const rerung = reringClocks(clocks, narrower);
    // The 6 km strike leaves the stop ring (now 5 km) for the caution ring; the 15 km one is the
    // newest inside the 16 km watch ring.
    expect(rerung.last.stop).toBeUndefined();
    expect(rerung.last.caution?.distanceKm).toBeCloseTo(6, 1);
    expect(rerung.last.watch?.time).toBe(t0 - 5 * minute);
    expect(lightningVerdict(rerung, narrower, t0).level).toBe('caution');
    expect(rerung.coveredSince).toBe(clocks.coveredSince);
  });

  it('widened, a ring takes the strikes the old one left out at once', () => {
    const wider = sitePolicySchema.parse({
      lightning: { rings: { stop: 16, caution: 30, watch: null }, all_clear_minutes: 30 },
    });
    const verdict = lightningVerdict(reringClocks(clocks, wider), wider, t0);
    expect(verdict.level).toBe('stop');
    expect(verdict.clearsAt).toBe(t0 - 5 * minute + 30 * minute);
  });
});

describe('a strike’s one time', () => {
  const asOf = Date.parse('2026-07-15T18:20:00Z');

  it('is its stamp, to the end of its second, where the stamp agrees with its age', () => {
    // 3.5 min old by its age: 18:16:27–18:16:33; stamped 18:16:28.
    const strike = { past_mins: 3.5, timestamp_utc: '2026-07-15T18:16:28' };
    expect(strikeTime(asOf, strike)).toBe(Date.parse('2026-07-15T18:16:28.999Z'));
    // A minute later the same strike, 4.5 min old, keeps its time: its age alone would move it.
    expect(strikeTime(asOf + 60_000, { ...strike, past_mins: 4.5 })).toBe(
      Date.parse('2026-07-15T18:16:28.999Z'),
    );
  });

  it('is its age on our clock where the provider’s clock is off', () => {
    const strike = { past_mins: 3.5, timestamp_utc: '2026-07-15T18:13:28' };
    expect(strikeTime(asOf, strike)).toBe(strikeTimeFromAge(asOf, 3.5));
    expect(strikeTime(asOf, { past_mins: 3.5 })).toBe(strikeTimeFromAge(asOf, 3.5));
  });
});
