import type { Alert } from '../weather/alert-schema';
import { type SafetyFeed, staleAfterPeriods } from './feed-cadence';
import { type FindingMeasure, findingText, utcClock } from './finding-text';
import type { LightningVerdict } from './lightning-rings';
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

/**
 * The rules, each with the feed its findings come from: a new rule is one line here, and its
 * name reaches the contract (`FindingJson.rule`), the client's schema and the record from it.
 */
const feedOfRule = {
  lightning: 'lightning',
  alerts: 'alerts',
  wind: 'current',
  aqi: 'current',
  heat: 'current',
} as const satisfies Record<string, SafetyFeed>;
export type RuleName = keyof typeof feedOfRule;
export const ruleNames = Object.keys(feedOfRule) as [RuleName, ...RuleName[]];

export interface Finding {
  rule: RuleName;
  level: WatchLevel;
  /** What was measured against which threshold: every face words it from this. */
  measure: FindingMeasure;
  /** "lightning: strike 6.2 km SW at 14:32:10 UTC inside the 12.9 km stop ring": the record's words. */
  reason: string;
  /** When this finding stands down unless something new happens (epoch ms). */
  clearsAt?: number;
}

/** What the watch reads off a current-conditions answer. */
export interface Conditions {
  /** Undefined in a state stored before the temperature was kept. */
  tempC?: number;
  windMs: number;
  gustMs: number | null;
  aqi: number;
  heatIndexC: number;
  wbgtC: number | undefined;
  wbgtFlag: HeatFlagName | undefined;
  /**
   * The site's own station the wind, temperature, humidity and heat were read from (`at`: its
   * reading's time, epoch ms); absent: all gridded. The AQI is always gridded.
   */
  station?: {
    id: string;
    name: string;
    at: number;
    /** Whether it reported the wind, and the temperature or humidity the heat rules read. */
    wind: boolean;
    heat: boolean;
  };
}

function finding(
  rule: RuleName,
  level: WatchLevel,
  measure: FindingMeasure,
  clearsAt?: number,
): Finding {
  return {
    rule,
    level,
    measure,
    reason: findingText(measure, level),
    ...(clearsAt === undefined ? {} : { clearsAt }),
  };
}

export function lightningFinding(verdict: LightningVerdict): Finding | undefined {
  if (verdict.level === 'clear' || verdict.level === 'unknown' || !verdict.strike) return undefined;
  const { strike } = verdict;
  return finding(
    'lightning',
    verdict.level,
    {
      kind: 'strike',
      // As the record words them, so every face words them alike.
      distanceKm: Math.round(strike.distanceKm * 10) / 10,
      bearingDeg: Math.round(strike.bearingDeg),
      time: strike.time,
      ringKm: verdict.ringKm ?? strike.distanceKm,
    },
    verdict.clearsAt,
  );
}

/**
 * The higher of a caution and a stop threshold that `value` reaches, with that threshold: the
 * watch's rule for today's conditions and the outlook's for a forecast day.
 */
export function thresholdLevel(
  value: number | null | undefined,
  pair: { caution: number | null; stop: number | null },
): { level: 'stop' | 'caution'; threshold: number } | undefined {
  if (value === null || value === undefined) return undefined;
  if (pair.stop !== null && value >= pair.stop) return { level: 'stop', threshold: pair.stop };
  if (pair.caution !== null && value >= pair.caution)
    return { level: 'caution', threshold: pair.caution };
  return undefined;
}

export function conditionFindings(policy: SitePolicy, conditions: Conditions): Finding[] {
  const findings: Finding[] = [];
  const wind = policy.wind;
  const station = conditions.station;
  const windSource = station?.wind ? { source: station.name } : {};
  const source = station?.heat ? { source: station.name } : {};
  for (const kind of ['sustained', 'gust'] as const) {
    const valueMs = kind === 'sustained' ? conditions.windMs : conditions.gustMs;
    const reached = thresholdLevel(
      valueMs,
      kind === 'sustained' ? wind.sustained_ms : wind.gust_ms,
    );
    if (reached && valueMs !== null)
      findings.push(
        finding('wind', reached.level, {
          kind,
          valueMs,
          thresholdMs: reached.threshold,
          ...windSource,
        }),
      );
  }
  const aqi = thresholdLevel(conditions.aqi, policy.aqi);
  if (aqi)
    findings.push(
      finding('aqi', aqi.level, { kind: 'aqi', value: conditions.aqi, threshold: aqi.threshold }),
    );
  const heatIndex = thresholdLevel(conditions.heatIndexC, policy.heat.heat_index_c);
  if (heatIndex)
    findings.push(
      finding('heat', heatIndex.level, {
        kind: 'heat_index',
        valueC: conditions.heatIndexC,
        thresholdC: heatIndex.threshold,
        ...source,
      }),
    );
  if (conditions.wbgtFlag !== undefined && conditions.wbgtC !== undefined) {
    const rank = heatFlags.indexOf(conditions.wbgtFlag);
    const flags = policy.heat.wbgt_flag;
    const reached =
      flags.stop !== null && rank >= heatFlags.indexOf(flags.stop)
        ? { level: 'stop' as const, flag: flags.stop }
        : flags.caution !== null && rank >= heatFlags.indexOf(flags.caution)
          ? { level: 'caution' as const, flag: flags.caution }
          : undefined;
    if (reached)
      findings.push(
        finding('heat', reached.level, {
          kind: 'wbgt',
          valueC: conditions.wbgtC,
          flag: conditions.wbgtFlag,
          thresholdFlag: reached.flag,
          ...source,
        }),
      );
  }
  return findings;
}

/** An alert is in force from when it takes effect until it ends (or expires, if sooner). */
export function alertInForce(alert: Alert, now: number): boolean {
  return Date.parse(`${alert.effective_utc}Z`) <= now && now < alertEnd(alert);
}

/** When an alert stops being in force: it ends, or expires if sooner (epoch ms). */
function alertEnd(alert: Alert): number {
  return Math.min(Date.parse(`${alert.ends_utc}Z`), Date.parse(`${alert.expires_utc}Z`));
}

export function alertFindings(
  policy: SitePolicy,
  alerts: readonly Alert[],
  now: number,
): Finding[] {
  return alerts.flatMap((alert) => {
    const level = policy.alerts[alert.severity];
    if (!level || !alertInForce(alert, now)) return [];
    return [
      finding('alerts', level, {
        kind: 'alert',
        title: alert.title,
        severity: alert.severity,
        until: alertEnd(alert),
      }),
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

/**
 * Data a status lacks, as a fact that holds until the data comes (never its age, which grows
 * every round): a feed with no answer yet (`lastAt` null) or none fresh since `lastAt` (epoch
 * ms), or lightning's all-clear the clocks cannot back yet. Worded by `missingText`.
 */
export type MissingData =
  | { kind: 'feed'; feed: SafetyFeed; lastAt: number | null }
  | { kind: 'all-clear-unproven'; feed: 'lightning'; watchMoreMs: number }
  | {
      kind: 'station';
      feed: 'current';
      name: string;
      lastAt: number | null;
      /** Set when the station reports but its readings leave this out; absent: it is quiet. */
      part?: 'wind' | 'heat';
    };

export interface SiteStatus {
  level: StatusLevel;
  /**
   * What the status lacks: for no_data why it is no_data; beside a STOP the fresh feeds decided,
   * what else is missing; empty otherwise. Its words follow from it (`statusReasons`).
   */
  missing: MissingData[];
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
  /** The findings behind the level, most severe first; for no_data the last known ones. */
  findings: Finding[];
  /** The conditions the wind and heat rules last read (the monitor adds them); null before any. */
  conditions?: Conditions | null;
  /** The site's own station, and whether its readings were used (the monitor adds it). */
  station?: StationUse | null;
}

/** A site's station as the watch last used it, or why it did not. */
export interface StationUse {
  id: string;
  name: string;
  /** Its latest reading's time (epoch ms); null before any. */
  lastAt: number | null;
  inUse: boolean;
  /** Why not, for the site page: "no reading since 18:05 UTC; gridded data in use". */
  notice: string | null;
}

/** The feeds in words, for the reasons a status gives when one is missing. */
const feedWords: Record<SafetyFeed, string> = {
  lightning: 'lightning data',
  alerts: 'alert data',
  current: 'current conditions',
};

export interface StatusInput {
  findings: readonly Finding[];
  feeds: readonly FeedFreshness[];
  /** The lightning clocks have not yet watched a whole all-clear time. */
  lightningUnproven?: { watchMoreMs: number };
  /**
   * The site's station has gone quiet while its readings held `level` (its findings in the
   * previous status): the gridded data alone may not take the level below it.
   */
  stationHeld?: { name: string; lastAt: number | null; level: WatchLevel; part?: 'wind' | 'heat' };
  now: number;
  previous: SiteStatus | undefined;
}

/**
 * The status never relaxes without fresh data: with a feed stale (or a lightning all-clear the
 * watch cannot yet back, or a quiet station's last level that the grid alone would lower), the
 * site is no_data, keeping its last level and reasons beside it, unless the fresh feeds already
 * say STOP, which nothing missing could make worse.
 */
export function composeStatus({
  findings,
  feeds,
  lightningUnproven,
  stationHeld,
  now,
  previous,
}: StatusInput): SiteStatus {
  const stale = new Set<SafetyFeed>();
  const missing: MissingData[] = [];
  for (const feed of feeds) {
    if (feed.asOf === undefined || now - feed.asOf > staleAfterPeriods * feed.refreshMs) {
      stale.add(feed.feed);
      missing.push({ kind: 'feed', feed: feed.feed, lastAt: feed.asOf ?? null });
    }
  }
  // Only fresh data may decide a level; stale findings are what the site "last" had.
  const sorted = findings
    .filter((finding) => !stale.has(feedOfRule[finding.rule]))
    .sort((a, b) => severityRank(b.level) - severityRank(a.level));
  const level = worstLevel(sorted.map((finding) => finding.level));
  if (lightningUnproven && level !== 'stop')
    missing.push({
      kind: 'all-clear-unproven',
      feed: 'lightning',
      watchMoreMs: lightningUnproven.watchMoreMs,
    });
  // The station measured what the grid does not (wind at the jib, heat on the field): its last
  // level stands until it reports again or an operator detaches it, never lowered by the grid.
  if (stationHeld && severityRank(level) < severityRank(stationHeld.level))
    missing.push({
      kind: 'station',
      feed: 'current',
      name: stationHeld.name,
      lastAt: stationHeld.lastAt,
      ...(stationHeld.part ? { part: stationHeld.part } : {}),
    });
  const { dataAgeS, dataAgeFeed } = dataAge(feeds, now);
  const top = sorted.filter((finding) => finding.level === level);

  if (missing.length > 0 && level !== 'stop') {
    const lastLevel =
      previous === undefined
        ? null
        : previous.level === 'no_data'
          ? previous.lastLevel
          : previous.level;
    const lastFindings = previous?.findings ?? [];
    return {
      level: 'no_data',
      missing,
      since: previous?.level === 'no_data' ? previous.since : now,
      allClearAt: null,
      dataAgeS,
      dataAgeFeed,
      lastLevel,
      findings: lastFindings,
    };
  }
  // The countdown is lightning's only: another reason at the same level has no known end.
  const allClearAt =
    top.length > 0 && top.every((finding) => finding.rule === 'lightning')
      ? Math.max(...top.map((finding) => finding.clearsAt ?? 0))
      : null;
  return {
    level,
    missing,
    since: previous?.level === level ? previous.since : now,
    allClearAt: allClearAt || null,
    dataAgeS,
    dataAgeFeed,
    lastLevel: null,
    findings: sorted,
  };
}

/** How old the oldest feed's latest answer is (s), and which feed that is: null before any. */
export function dataAge(
  feeds: readonly FeedFreshness[],
  now: number,
): Pick<SiteStatus, 'dataAgeS' | 'dataAgeFeed'> {
  const oldest = oldestFeed(feeds, now);
  return {
    dataAgeS: oldest ? Math.round(oldest.ageMs / 1000) : null,
    dataAgeFeed: oldest?.feed ?? null,
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

/**
 * A status's reasons in words, most severe first: for no_data what is missing, then the last
 * known findings; otherwise the findings, then what is missing beside a STOP. With `now`, a stale
 * feed's sentence also gives its age then (the record's words at a transition); without, it
 * reads the same until the data comes.
 */
export function statusReasons(
  status: Pick<SiteStatus, 'level' | 'missing' | 'findings'>,
  now?: number,
): string[] {
  const missing = status.missing.map((data) => missingText(data, now));
  const findings = status.findings.map((finding) => finding.reason);
  return status.level === 'no_data' ? [...missing, ...findings] : [...findings, ...missing];
}

/** Why data is missing, in words; with `now`, with a stale feed's age then. */
export function missingText(data: MissingData, now?: number): string {
  if (data.kind === 'all-clear-unproven')
    return `lightning not yet watched long enough for an all-clear: ${Math.ceil(data.watchMoreMs / 60_000)} min more needed`;
  if (data.kind === 'station')
    return data.part
      ? `no ${data.part === 'wind' ? 'wind' : 'temperature or humidity'} in the latest reading from ${data.name}, whose readings set the last level`
      : data.lastAt === null
        ? `no reading from ${data.name}, whose readings set the last level`
        : `no reading from ${data.name} since ${utcClock(data.lastAt, true)}, whose readings set the last level`;
  if (data.lastAt === null) return `no ${feedWords[data.feed]} yet`;
  const since = `no fresh ${feedWords[data.feed]} since ${utcClock(data.lastAt, true)}`;
  return now === undefined ? since : `${since} (${ageText(now - data.lastAt)} old)`;
}

function ageText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}
