import { bearingDegrees, distanceKm } from '../geo/great-circle';
import { policyRings, type RingLevel, type SitePolicy } from './site-policy';

/**
 * The watch's lightning clocks for one site, DTN-style: a strike inside a ring escalates at once
 * and restarts that ring's clock; a ring stands down once it has gone the all-clear time without
 * a strike. Rings are nested discs, so a strike in the stop ring restarts every outer clock too
 * and the outer rings can never stand down before the inner: the level steps down one ring at a
 * time, each ring on its own strike-free minutes.
 *
 * The clocks outlive the provider's 45-minute look-back (and a restart: the monitor stores them),
 * which is what lets a 60-minute all-clear be judged at all.
 */

/**
 * A strike's time (epoch ms, server time) from its age in an answer current at `asOf`: the
 * provider's clock, not ours, dates its strikes, so the age it states is what counts. `past_mins`
 * comes in tenths of a minute; it is read as the latest the strike could have been (up to 3 s
 * later), so a rounded age can only delay an all-clear, never bring it forward.
 */
export function strikeTimeFromAge(asOf: number, pastMinutes: number): number {
  return asOf - Math.max(0, pastMinutes - 0.05) * 60_000;
}

/** How far apart (ms) the age and the stamp may date a strike for the clocks to agree. */
const stampSlackMs = 1000;

/**
 * A strike's one time, the one every face shows (the card, the record, the map's popup): its
 * stamp, read as the latest moment of its second, when the stamp agrees with its age, which dates
 * it to within the age's tenth of a minute. They agree unless the provider's clock and ours are
 * apart; then only the age, on our clock, can be trusted. Read afresh from each answer, the age
 * alone would move the same strike by seconds from one answer to the next.
 */
export function strikeTime(
  asOf: number,
  strike: { past_mins: number; timestamp_utc?: string },
): number {
  const byAge = strikeTimeFromAge(asOf, strike.past_mins);
  const stamped = strike.timestamp_utc ? Date.parse(`${strike.timestamp_utc}Z`) : Number.NaN;
  if (!Number.isFinite(stamped)) return byAge;
  // The age puts the strike within the 6 s up to `byAge`; the stamp within its own second.
  const agree = stamped <= byAge + stampSlackMs && stamped + 1000 >= byAge - 6000 - stampSlackMs;
  return agree ? stamped + 999 : byAge;
}

/** The rings a lightning rule draws and how long each takes to stand down. */
export type RingPolicy = Pick<SitePolicy, 'lightning'>;

export interface RingStrike {
  /** Epoch ms, server time. */
  time: number;
  distanceKm: number;
  bearingDeg: number;
}

export interface RingClocks {
  /** The last strike seen inside each ring. */
  last: Partial<Record<RingLevel, RingStrike>>;
  /**
   * Since when (epoch ms) strike history is unbroken: a ring can only be called strike-free for
   * as long as somebody was looking.
   */
  coveredSince: number | undefined;
  /** The moment the latest answer was current (epoch ms). */
  dataAt: number | undefined;
}

export const emptyRingClocks: RingClocks = { last: {}, coveredSince: undefined, dataAt: undefined };

export interface StrikeSeen {
  lat: number;
  lon: number;
  /** Epoch ms, server time. */
  time: number;
}

/**
 * The clocks after one answer that was current at `asOf` and looked back `lookbackMs`. An answer
 * whose look-back does not reach the previous one leaves a gap nobody saw, so the unbroken
 * coverage starts again from the new answer's look-back.
 */
export function advanceRingClocks(
  clocks: RingClocks,
  site: { lat: number; lon: number },
  policy: RingPolicy,
  strikes: readonly StrikeSeen[],
  asOf: number,
  lookbackMs: number,
): RingClocks {
  const measured = strikes.map((strike) => ({
    time: strike.time,
    distanceKm: distanceKm(site.lat, site.lon, strike.lat, strike.lon),
    bearingDeg: bearingDegrees(site.lat, site.lon, strike.lat, strike.lon),
  }));
  return advanceRingClocksMeasured(clocks, policy, measured, asOf, lookbackMs);
}

/** The same, for strikes whose distance and bearing from the site are already known. */
export function advanceRingClocksMeasured(
  clocks: RingClocks,
  policy: RingPolicy,
  strikes: readonly RingStrike[],
  asOf: number,
  lookbackMs: number,
): RingClocks {
  // An answer older than what the clocks already hold teaches nothing about coverage.
  if (clocks.dataAt !== undefined && asOf < clocks.dataAt) return clocks;
  const from = asOf - lookbackMs;
  const unbroken =
    clocks.coveredSince !== undefined && clocks.dataAt !== undefined && from <= clocks.dataAt;
  const last = { ...clocks.last };
  const rings = policyRings(policy);
  for (const strike of strikes) {
    // A strike dated after the answer (clocks a little apart) happened at the answer's time.
    const time = Math.min(strike.time, asOf);
    for (const ring of rings) {
      if (strike.distanceKm > ring.km) continue;
      const held = last[ring.level];
      if (!held || time > held.time) last[ring.level] = { ...strike, time };
    }
  }
  return { last, coveredSince: unbroken ? clocks.coveredSince : from, dataAt: asOf };
}

/**
 * The clocks under a changed policy: each strike they hold goes into every new ring it falls
 * in, so a ring keeps its most recent strike among those known. The answer the watch asks for at
 * once (looking back 45 minutes) fills in what the old rings did not keep; only a strike older
 * than that, never the latest of any old ring, can be missing from a widened ring.
 */
export function reringClocks(clocks: RingClocks, policy: RingPolicy): RingClocks {
  const held = Object.values(clocks.last);
  const last: RingClocks['last'] = {};
  for (const ring of policyRings(policy))
    for (const strike of held) {
      const kept = last[ring.level];
      if (strike.distanceKm <= ring.km && (!kept || strike.time > kept.time))
        last[ring.level] = strike;
    }
  return { ...clocks, last };
}

export interface LightningVerdict {
  /** `unknown`: no ring shows a strike, but the clocks have not watched a whole all-clear time. */
  level: RingLevel | 'clear' | 'unknown';
  /** The strike behind the level. */
  strike: RingStrike | undefined;
  /** The ring's radius behind the level (km). */
  ringKm: number | undefined;
  /** When this level's ring stands down unless another strike comes (epoch ms). */
  clearsAt: number | undefined;
  /** How much more watching a clear verdict needs (ms), when `unknown`. */
  watchMoreMs: number | undefined;
}

export function lightningVerdict(
  clocks: RingClocks,
  policy: RingPolicy,
  now: number,
): LightningVerdict {
  const window = policy.lightning.all_clear_minutes * 60_000;
  for (const ring of policyRings(policy)) {
    const strike = clocks.last[ring.level];
    if (strike && now - strike.time < window)
      return {
        level: ring.level,
        strike,
        ringKm: ring.km,
        clearsAt: strike.time + window,
        watchMoreMs: undefined,
      };
  }
  const watched = clocks.coveredSince === undefined ? 0 : now - clocks.coveredSince;
  if (watched < window)
    return {
      level: 'unknown',
      strike: undefined,
      ringKm: undefined,
      clearsAt: undefined,
      watchMoreMs: window - watched,
    };
  return {
    level: 'clear',
    strike: undefined,
    ringKm: undefined,
    clearsAt: undefined,
    watchMoreMs: undefined,
  };
}
