import type { Alert } from '../weather/alert-schema';
import { type SafetyFeed, staleAfterPeriods } from './feed-cadence';
import { clockTime, type LightningVerdict, strikeEvidence } from './lightning-rings';
import {
  heatFlags,
  type HeatFlagName,
  type SitePolicy,
  severityRank,
  type StatusLevel,
  type WatchLevel,
  worstLevel,
} from './site-policy';

/**
 * One site's status from its policy and its latest data, the same on the server (the watch) and
 * in the browser (the single-point card), so the map and the board never disagree.
 */

export type RuleName = 'lightning' | 'wind' | 'alerts' | 'aqi' | 'heat';

export interface Finding {
  rule: RuleName;
  level: WatchLevel;
  /** "lightning: strike 6.2 km SW at 14:32:10Z inside the 12.9 km stop ring". */
  reason: string;
  /** When this finding stands down unless something new happens (epoch ms). */
  clearsAt?: number;
}

/** What the watch reads off a current-conditions answer. */
export interface Conditions {
  windMs: number;
  gustMs: number | null;
  aqi: number;
  heatIndexC: number;
  wbgtC: number | undefined;
  wbgtFlag: HeatFlagName | undefined;
}

export function lightningFinding(verdict: LightningVerdict): Finding | undefined {
  if (verdict.level === 'clear' || verdict.level === 'unknown' || !verdict.strike) return undefined;
  return {
    rule: 'lightning',
    level: verdict.level,
    reason: `lightning: ${strikeEvidence(verdict.strike)} inside the ${verdict.ringKm} km ${verdict.level} ring`,
    clearsAt: verdict.clearsAt,
  };
}

/** The higher of a caution and a stop threshold that `value` reaches. */
function thresholdLevel(
  value: number | null | undefined,
  pair: { caution: number | null; stop: number | null },
): 'stop' | 'caution' | undefined {
  if (value === null || value === undefined) return undefined;
  if (pair.stop !== null && value >= pair.stop) return 'stop';
  if (pair.caution !== null && value >= pair.caution) return 'caution';
  return undefined;
}

export function conditionFindings(policy: SitePolicy, conditions: Conditions): Finding[] {
  const findings: Finding[] = [];
  const add = (rule: RuleName, level: WatchLevel | undefined, reason: string) => {
    if (level) findings.push({ rule, level, reason });
  };
  const wind = policy.wind;
  const sustained = thresholdLevel(conditions.windMs, wind.sustained_ms);
  add('wind', sustained, `wind: sustained ${conditions.windMs.toFixed(1)} m/s`);
  const gust = thresholdLevel(conditions.gustMs, wind.gust_ms);
  add('wind', gust, `wind: gust ${conditions.gustMs?.toFixed(1)} m/s`);
  add('aqi', thresholdLevel(conditions.aqi, policy.aqi), `air quality: AQI ${conditions.aqi}`);
  add(
    'heat',
    thresholdLevel(conditions.heatIndexC, policy.heat.heat_index_c),
    `heat: heat index ${conditions.heatIndexC.toFixed(1)} °C`,
  );
  if (conditions.wbgtFlag !== undefined && conditions.wbgtC !== undefined) {
    const rank = heatFlags.indexOf(conditions.wbgtFlag);
    const flags = policy.heat.wbgt_flag;
    const level =
      flags.stop !== null && rank >= heatFlags.indexOf(flags.stop)
        ? 'stop'
        : flags.caution !== null && rank >= heatFlags.indexOf(flags.caution)
          ? 'caution'
          : undefined;
    add(
      'heat',
      level,
      `heat: estimated WBGT ${conditions.wbgtC.toFixed(1)} °C (${conditions.wbgtFlag} flag)`,
    );
  }
  return findings;
}

/** An alert is in force from when it takes effect until it ends (or expires, if sooner). */
export function alertInForce(alert: Alert, now: number): boolean {
  const from = Date.parse(`${alert.effective_utc}Z`);
  const until = Math.min(Date.parse(`${alert.ends_utc}Z`), Date.parse(`${alert.expires_utc}Z`));
  return from <= now && now < until;
}

export function alertFindings(
  policy: SitePolicy,
  alerts: readonly Alert[],
  now: number,
): Finding[] {
  return alerts.flatMap((alert) => {
    const level = policy.alerts[alert.severity];
    if (!level || !alertInForce(alert, now)) return [];
    const until = Date.parse(`${alert.ends_utc}Z`);
    return [
      { rule: 'alerts' as const, level, reason: `alert: ${alert.title} until ${clockTime(until)}` },
    ];
  });
}

/** The data a site's status rests on, and how often each feed is refreshed. */
export interface FeedFreshness {
  feed: SafetyFeed;
  /** When the feed's latest answer was current (epoch ms); undefined before the first. */
  asOf: number | undefined;
  refreshMs: number;
}

/** The feed each rule's findings come from. */
const feedOfRule: Record<RuleName, SafetyFeed> = {
  lightning: 'lightning',
  alerts: 'alerts',
  wind: 'current',
  aqi: 'current',
  heat: 'current',
};

export interface SiteStatus {
  level: StatusLevel;
  /** Most severe first. For no_data, why the data is missing, then the last known reasons. */
  reasons: string[];
  /** When the level began (epoch ms). */
  since: number;
  /** When lightning, the reason for the level, stands down unless another strike comes. */
  allClearAt: number | null;
  /** Age of the oldest feed the status rests on (seconds). */
  dataAgeS: number | null;
  /** Which feed that is, so a screen can say whose data is old (absent in states stored before). */
  dataAgeFeed?: SafetyFeed | null;
  /** For no_data: the level the site had when its data went stale. */
  lastLevel: WatchLevel | null;
}

export interface StatusInput {
  findings: readonly Finding[];
  feeds: readonly FeedFreshness[];
  /** The lightning clocks have not yet watched a whole all-clear time. */
  lightningUnproven?: { watchMoreMs: number };
  now: number;
  previous: SiteStatus | undefined;
}

/**
 * The status never relaxes without fresh data: with a feed stale (or a lightning all-clear the
 * watch cannot yet back), the site is no_data, keeping its last level and reasons beside it,
 * unless the fresh feeds already say STOP, which nothing missing could make worse.
 */
export function composeStatus({
  findings,
  feeds,
  lightningUnproven,
  now,
  previous,
}: StatusInput): SiteStatus {
  const stale = new Set<SafetyFeed>();
  const missing: string[] = [];
  for (const feed of feeds) {
    if (feed.asOf === undefined) {
      stale.add(feed.feed);
      missing.push(`no ${feed.feed} data yet`);
    } else if (now - feed.asOf > staleAfterPeriods * feed.refreshMs) {
      stale.add(feed.feed);
      missing.push(
        `no fresh ${feed.feed} data since ${clockTime(feed.asOf)} (${ageText(now - feed.asOf)} old)`,
      );
    }
  }
  // Only fresh data may decide a level; stale findings are what the site "last" had.
  const sorted = findings
    .filter((finding) => !stale.has(feedOfRule[finding.rule]))
    .sort((a, b) => severityRank(b.level) - severityRank(a.level));
  const level = worstLevel(sorted.map((finding) => finding.level));
  if (lightningUnproven && level !== 'stop')
    missing.push(
      `lightning watched too briefly for an all-clear: ${Math.ceil(lightningUnproven.watchMoreMs / 60_000)} min more needed`,
    );
  const oldest = oldestFeed(feeds, now);
  const dataAgeS = oldest ? Math.round(oldest.ageMs / 1000) : null;
  const dataAgeFeed = oldest?.feed ?? null;
  const reasons = sorted.map((finding) => finding.reason);
  const top = sorted.filter((finding) => finding.level === level);

  if (missing.length > 0 && level !== 'stop') {
    const lastLevel =
      previous === undefined
        ? null
        : previous.level === 'no_data'
          ? previous.lastLevel
          : previous.level;
    const lastReasons =
      previous?.level === 'no_data'
        ? previous.reasons.filter((reason) => !isMissingReason(reason))
        : (previous?.reasons ?? []);
    return {
      level: 'no_data',
      reasons: [...missing, ...lastReasons],
      since: previous?.level === 'no_data' ? previous.since : now,
      allClearAt: null,
      dataAgeS,
      dataAgeFeed,
      lastLevel,
    };
  }
  // The countdown is lightning's only: another reason at the same level has no known end.
  const allClearAt =
    top.length > 0 && top.every((finding) => finding.rule === 'lightning')
      ? Math.max(...top.map((finding) => finding.clearsAt ?? 0))
      : null;
  return {
    level,
    reasons: level === 'stop' ? [...reasons, ...missing] : reasons,
    since: previous?.level === level ? previous.since : now,
    allClearAt: allClearAt || null,
    dataAgeS,
    dataAgeFeed,
    lastLevel: null,
  };
}

/** The feed whose latest answer is oldest, and its age. */
function oldestFeed(
  feeds: readonly FeedFreshness[],
  now: number,
): { feed: SafetyFeed; ageMs: number } | undefined {
  let oldest: { feed: SafetyFeed; ageMs: number } | undefined;
  for (const feed of feeds) {
    if (feed.asOf === undefined) continue;
    const ageMs = now - feed.asOf;
    if (!oldest || ageMs > oldest.ageMs) oldest = { feed: feed.feed, ageMs };
  }
  return oldest;
}

const missingPrefixes = ['no ', 'lightning watched too briefly'];
function isMissingReason(reason: string): boolean {
  return missingPrefixes.some((prefix) => reason.startsWith(prefix));
}

function ageText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}
