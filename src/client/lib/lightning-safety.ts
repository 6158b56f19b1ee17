import { staleAfterMs } from '../../shared/safety/feed-cadence';
import {
  type LightningRule,
  lookbackCovers,
  ruleLookbackMinutes,
} from '../../shared/safety/lightning-rule';
import {
  advanceRingClocksMeasured,
  emptyRingClocks,
  lightningVerdict,
  type RingPolicy,
} from '../../shared/safety/lightning-rings';

/**
 * The lightning safety decision for a site: STOP while a strike has come within the stop radius
 * in the last all-clear period, CAUTION while one has come within the caution radius, ALL CLEAR
 * otherwise (the 30-minute rule of lightning safety practice, with the site's own numbers).
 *
 * Every time here is the server's (epoch ms), never a viewer's clock: a kiosk whose clock has
 * drifted for weeks must judge a strike's age exactly as the server does.
 */

export interface StrikeSighting {
  distanceKm: number;
  /** Epoch milliseconds. */
  time: number;
  /** From the site to the strike, degrees clockwise from north. */
  bearingDeg?: number;
}

/**
 * `unconfirmed`: no strike inside the stop radius in what the search saw, but the search did not
 * look back over the whole all-clear time, so it can neither call CAUTION nor ALL CLEAR: a strike
 * inside the stop radius before its look-back may still hold the place at STOP.
 */
export type SafetyLevel = 'stop' | 'caution' | 'clear' | 'unconfirmed';

export interface SafetyDecision {
  level: SafetyLevel;
  /** The nearest strike in the all-clear window, if any. */
  nearestKm: number | undefined;
  /** When the level would drop, if no strike came after the data (epoch ms). */
  clearsAt: number | undefined;
  /** The moment the strikes it was decided on were current (epoch ms, server time). */
  asOf: number;
}

/**
 * The decision as of the moment the strikes were current: it knows nothing later. It is the
 * watch's own lightning rule (`lightning-rings`) on the card's two rings, so the map's card and
 * the board judge the same strikes alike: each ring stands down on its own strike-free minutes,
 * the stop ring first.
 */
export function safetyDecision(
  strikes: readonly StrikeSighting[],
  rule: LightningRule,
  asOf: number,
  /** How far back the search looked (minutes): searchForRule's, the all-clear time when it can. */
  lookbackMinutes = ruleLookbackMinutes(rule),
): SafetyDecision {
  const policy = ringPolicyOf(rule);
  const clocks = advanceRingClocksMeasured(
    emptyRingClocks,
    policy,
    strikes.map((strike) => ({ ...strike, bearingDeg: strike.bearingDeg ?? 0 })),
    asOf,
    Math.min(lookbackMinutes, rule.clearMinutes) * 60_000,
  );
  const verdict = lightningVerdict(clocks, policy, asOf);
  const window = rule.clearMinutes * 60_000;
  let nearestKm: number | undefined;
  for (const strike of strikes) {
    if (asOf - Math.min(strike.time, asOf) >= window) continue;
    nearestKm = Math.min(nearestKm ?? Infinity, strike.distanceKm);
  }
  // One search that did not see the whole all-clear time backs a STOP, nothing lower.
  const level =
    verdict.level === 'stop'
      ? 'stop'
      : !lookbackCovers(rule, lookbackMinutes)
        ? 'unconfirmed'
        : verdict.level === 'caution'
          ? 'caution'
          : 'clear';
  return {
    level,
    nearestKm,
    clearsAt: level === 'unconfirmed' ? undefined : verdict.clearsAt,
    asOf,
  };
}

/** The card's rule as the watch's ring policy: a stop and a caution ring, no watch ring. */
export function ringPolicyOf(rule: LightningRule): RingPolicy {
  return {
    lightning: {
      rings: {
        stop: rule.stopKm,
        // Rings nest: a caution radius no wider than the stop radius adds nothing.
        caution: rule.cautionKm > rule.stopKm ? rule.cautionKm : null,
        watch: null,
      },
      all_clear_minutes: rule.clearMinutes,
    },
  };
}

/** What the strikes behind a decision were: when current, and whether the search saw them all. */
export interface StrikeSnapshot {
  strikes: readonly StrikeSighting[];
  /** When the provider's answer was current (epoch ms, server time). */
  asOf: number;
  /**
   * The answer held every strike the rule depends on. A search cut off at its limit while
   * sorted newest first may have left out an older, nearer strike.
   */
  complete: boolean;
}

/**
 * What a screen (or an alarm) may say now. The status never relaxes without fresh data:
 * - `decided`: the data is fresh; the level is the one the data supports. A countdown that has
 *   run out only turns into a lower level once data from after it confirms no new strike
 *   (`confirming` until then).
 * - `no-data`: the data has missed its refresh; the last decision is reported with its age, and
 *   nothing lower than it may be inferred.
 * - `incomplete`: the answer was cut off, so only a STOP it shows can be trusted.
 */
export type SafetyReading =
  | { kind: 'decided'; decision: SafetyDecision; confirming: boolean }
  | { kind: 'no-data'; lastKnown: SafetyDecision; ageMs: number }
  | { kind: 'incomplete'; decision: SafetyDecision };

export function safetyReading(
  snapshot: StrikeSnapshot,
  rule: LightningRule,
  now: number,
  lookbackMinutes = ruleLookbackMinutes(rule),
): SafetyReading {
  const decision = safetyDecision(snapshot.strikes, rule, snapshot.asOf, lookbackMinutes);
  const ageMs = Math.max(0, now - snapshot.asOf);
  // The watch's own limit: past it a site on the board is no_data too.
  if (ageMs > staleAfterMs('lightning')) return { kind: 'no-data', lastKnown: decision, ageMs };
  if (!snapshot.complete && decision.level !== 'stop') return { kind: 'incomplete', decision };
  return {
    kind: 'decided',
    decision,
    confirming: decision.clearsAt !== undefined && decision.clearsAt <= now,
  };
}
