import { describe, expect, it } from 'vitest';
import type { Alert } from '../weather/alert-schema';
import { policyPresets, sitePolicySchema } from './site-policy';
import {
  alertFindings,
  composeStatus,
  type Conditions,
  conditionFindings,
  type FeedFreshness,
  type Finding,
  type SiteStatus,
  statusReasons,
} from './site-status';

const now = Date.parse('2026-07-15T18:20:00Z');
const minute = 60_000;
const fresh: FeedFreshness[] = [
  { feed: 'lightning', asOf: now - 10_000, refreshMs: minute },
  { feed: 'alerts', asOf: now - 20_000, refreshMs: minute },
  { feed: 'current', asOf: now - 5 * minute, refreshMs: 10 * minute },
];
const stopByLightning: Finding = {
  rule: 'lightning',
  level: 'stop',
  measure: {
    kind: 'strike',
    distanceKm: 6.2,
    bearingDeg: 225,
    time: now - 6 * minute,
    ringKm: 12.9,
  },
  reason: 'lightning: strike 6.2 km SW at 18:14:00 UTC inside the 12.9 km stop ring',
  clearsAt: now + 24 * minute,
};
const cautionByWind: Finding = {
  rule: 'wind',
  level: 'caution',
  measure: { kind: 'gust', valueMs: 12, thresholdMs: 11 },
  reason: 'wind: gust 12.0 m/s ≥ caution 11 m/s',
};

describe('a site status', () => {
  it('takes the worst fresh finding, reasons most severe first, with the lightning countdown', () => {
    const status = composeStatus({
      findings: [cautionByWind, stopByLightning],
      feeds: fresh,
      now,
      previous: undefined,
    });
    expect(status).toEqual({
      level: 'stop',
      missing: [],
      since: now,
      allClearAt: now + 24 * minute,
      // The age is the oldest feed's, and names it.
      dataAgeS: 300,
      dataAgeFeed: 'current',
      lastLevel: null,
      findings: [stopByLightning, cautionByWind],
    });
  });

  it('gives no countdown when a reason at the same level has no known end', () => {
    const windStop: Finding = {
      rule: 'wind',
      level: 'stop',
      measure: { kind: 'sustained', valueMs: 10, thresholdMs: 9 },
      reason: 'wind: sustained 10.0 m/s ≥ stop 9 m/s',
    };
    const status = composeStatus({
      findings: [stopByLightning, windStop],
      feeds: fresh,
      now,
      previous: undefined,
    });
    expect(status.allClearAt).toBeNull();
  });

  it('keeps `since` while the level holds', () => {
    const previous = composeStatus({
      findings: [stopByLightning],
      feeds: fresh,
      now: now - 5 * minute,
      previous: undefined,
    });
    expect(composeStatus({ findings: [stopByLightning], feeds: fresh, now, previous }).since).toBe(
      now - 5 * minute,
    );
  });

  it('is no_data, never clear, once a feed misses two refreshes, keeping the last level and reasons', () => {
    const previous: SiteStatus = composeStatus({
      findings: [stopByLightning],
      feeds: fresh,
      now: now - 3 * minute,
      previous: undefined,
    });
    const staleLightning: FeedFreshness[] = [
      { feed: 'lightning', asOf: now - 121_000, refreshMs: minute },
      ...fresh.slice(1),
    ];
    // The stale lightning finding may not hold the level up either.
    const status = composeStatus({
      findings: [stopByLightning],
      feeds: staleLightning,
      now,
      previous,
    });
    expect(status.level).toBe('no_data');
    expect(status.lastLevel).toBe('stop');
    // What is missing is a fact that holds while it lasts; the record words it with its age.
    expect(status.missing).toEqual([{ kind: 'feed', feed: 'lightning', lastAt: now - 121_000 }]);
    expect(statusReasons(status, now)).toEqual([
      'no fresh lightning data since 18:17:59 UTC (2 min old)',
      stopByLightning.reason,
    ]);
    expect(statusReasons(status)[0]).toBe('no fresh lightning data since 18:17:59 UTC');
    expect(status.allClearAt).toBeNull();
    // And it stays so, with the same last level, minute after minute.
    const later = composeStatus({
      findings: [],
      feeds: staleLightning,
      now: now + minute,
      previous: status,
    });
    expect(later).toMatchObject({ level: 'no_data', lastLevel: 'stop', since: now });
    expect(later.missing).toEqual(status.missing);
    expect(statusReasons(later).slice(1)).toEqual([stopByLightning.reason]);
  });

  it('is not stale at exactly two refresh periods', () => {
    const edge: FeedFreshness[] = [
      { feed: 'lightning', asOf: now - 2 * minute, refreshMs: minute },
    ];
    expect(composeStatus({ findings: [], feeds: edge, now, previous: undefined }).level).toBe(
      'clear',
    );
  });

  it('stays STOP when fresh data says stop though another feed is stale', () => {
    const staleAlerts: FeedFreshness[] = [
      fresh[0]!,
      { feed: 'alerts', asOf: undefined, refreshMs: minute },
      fresh[2]!,
    ];
    const status = composeStatus({
      findings: [stopByLightning],
      feeds: staleAlerts,
      now,
      previous: undefined,
    });
    expect(status.level).toBe('stop');
    expect(statusReasons(status)).toEqual([stopByLightning.reason, 'no alert data yet']);
  });

  it('keeps the last reasons by what they are, not by how they read', () => {
    // STOP on fresh lightning with the alerts never in: the missing feed is a reason beside it.
    const staleAlerts: FeedFreshness[] = [
      fresh[0]!,
      { feed: 'alerts', asOf: undefined, refreshMs: minute },
      fresh[2]!,
    ];
    const stop = composeStatus({
      findings: [stopByLightning],
      feeds: staleAlerts,
      now: now - minute,
      previous: undefined,
    });
    expect(statusReasons(stop)).toEqual([stopByLightning.reason, 'no alert data yet']);
    // The strike passes; the alerts are still missing: no_data, and the last known reasons are
    // the findings, the missing feed said once, as it stands now.
    const after = composeStatus({ findings: [], feeds: staleAlerts, now, previous: stop });
    expect(after.level).toBe('no_data');
    expect(statusReasons(after)).toEqual(['no alert data yet', stopByLightning.reason]);
    // A finding whose words happen to begin like a missing feed's is still a finding.
    const noLifting: Finding = { ...cautionByWind, reason: 'no lifting: gust 12.0 m/s ≥ 11 m/s' };
    const caution = composeStatus({
      findings: [noLifting],
      feeds: fresh,
      now: now - minute,
      previous: undefined,
    });
    const first = composeStatus({ findings: [], feeds: staleAlerts, now, previous: caution });
    const second = composeStatus({
      findings: [],
      feeds: staleAlerts,
      now: now + minute,
      previous: first,
    });
    expect(statusReasons(second)).toEqual(['no alert data yet', noLifting.reason]);
    expect(second.lastLevel).toBe('caution');
  });

  it('is no_data while the lightning clocks cannot yet back an all-clear', () => {
    const status = composeStatus({
      findings: [cautionByWind],
      feeds: fresh,
      lightningUnproven: { watchMoreMs: 14.5 * minute },
      now,
      previous: undefined,
    });
    expect(status.level).toBe('no_data');
    expect(statusReasons(status)[0]).toBe(
      'lightning not yet watched long enough for an all-clear: 15 min more needed',
    );
  });
  it('keeps the level a quiet station held while the grid alone would lower it', () => {
    const stationGust: Finding = {
      rule: 'wind',
      level: 'stop',
      measure: { kind: 'gust', valueMs: 21.5, thresholdMs: 15, source: 'Jib anemometer' },
      reason: 'wind: gust 21.5 m/s from Jib anemometer ≥ stop 15 m/s',
    };
    const held = { name: 'Jib anemometer', lastAt: now - 11 * minute, level: 'stop' as const };
    const previous = composeStatus({
      findings: [stationGust],
      feeds: fresh,
      now: now - 11 * minute,
      previous: undefined,
    });
    const quiet = composeStatus({
      findings: [cautionByWind],
      feeds: fresh,
      stationHeld: held,
      now,
      previous,
    });
    expect(quiet).toMatchObject({ level: 'no_data', lastLevel: 'stop', findings: [stationGust] });
    expect(statusReasons(quiet)).toEqual([
      'no reading from Jib anemometer since 18:09:00 UTC, whose readings set the last level',
      stationGust.reason,
    ]);
    // The grid at the held level or above needs no station to back it.
    expect(
      composeStatus({
        findings: [{ ...cautionByWind, level: 'stop' }],
        feeds: fresh,
        stationHeld: held,
        now,
        previous,
      }).level,
    ).toBe('stop');
    expect(
      composeStatus({
        findings: [cautionByWind],
        feeds: fresh,
        stationHeld: { ...held, level: 'caution' },
        now,
        previous,
      }).level,
    ).toBe('caution');
  });
});

describe('condition findings', () => {
  const crane = sitePolicySchema.parse(policyPresets.crane);
  const calm: Conditions = {
    windMs: 3,
    gustMs: 5,
    aqi: 40,
    heatIndexC: 25,
    wbgtC: 22,
    wbgtFlag: 'none',
  };

  it('stop on the crane preset at 9 m/s sustained (20 mph), caution from 7', () => {
    expect(conditionFindings(crane, { ...calm, windMs: 8.9 })).toEqual([
      {
        rule: 'wind',
        level: 'caution',
        measure: { kind: 'sustained', valueMs: 8.9, thresholdMs: 7 },
        reason: 'wind: sustained 8.9 m/s ≥ caution 7 m/s',
      },
    ]);
    expect(conditionFindings(crane, { ...calm, windMs: 9 })[0]?.level).toBe('stop');
  });

  it('reads gusts, AQI, heat index and WBGT flags against their own thresholds', () => {
    const findings = conditionFindings(crane, {
      windMs: 2,
      gustMs: 14,
      aqi: 160,
      heatIndexC: 40,
      wbgtC: 32.5,
      wbgtFlag: 'black',
    });
    expect(findings.map((finding) => [finding.rule, finding.level])).toEqual([
      ['wind', 'stop'],
      ['aqi', 'caution'],
      ['heat', 'caution'],
      ['heat', 'stop'],
    ]);
    // Each says its rule, value, threshold and level.
    expect(findings.map((finding) => finding.reason)).toEqual([
      'wind: gust 14.0 m/s ≥ stop 13.4 m/s',
      'air quality: AQI 160 ≥ caution 151',
      'heat: heat index 40.0 °C ≥ caution 39.4 °C',
      'heat: estimated WBGT 32.5 °C, black flag ≥ stop at the black flag',
    ]);
  });

  it('finds nothing when a rule is switched off', () => {
    const off = sitePolicySchema.parse({ lightning: { rings: { stop: 10 } } });
    expect(conditionFindings(off, { ...calm, windMs: 40, aqi: 400, heatIndexC: 60 })).toEqual([]);
  });
});

describe('alert findings', () => {
  const general = sitePolicySchema.parse(policyPresets.general);
  const alert = (severity: Alert['severity'], from: string, until: string): Alert => ({
    title: `Severe Thunderstorm ${severity}`,
    description: '',
    severity,
    effective_utc: from,
    effective_local: from,
    onset_utc: from,
    onset_local: from,
    ends_utc: until,
    ends_local: until,
    expires_utc: until,
    expires_local: until,
    uri: '',
    regions: [],
  });

  it('maps severities to levels while the alert is in force', () => {
    const findings = alertFindings(
      general,
      [
        alert('Warning', '2026-07-15T18:00:00', '2026-07-15T19:00:00'),
        alert('Watch', '2026-07-15T18:00:00', '2026-07-15T22:00:00'),
      ],
      now,
    );
    expect(findings).toEqual([
      {
        rule: 'alerts',
        level: 'stop',
        measure: {
          kind: 'alert',
          title: 'Severe Thunderstorm Warning',
          severity: 'Warning',
          until: Date.parse('2026-07-15T19:00:00Z'),
        },
        reason: 'alert: Severe Thunderstorm Warning until 19:00 UTC (a Warning means stop)',
      },
      {
        rule: 'alerts',
        level: 'caution',
        measure: {
          kind: 'alert',
          title: 'Severe Thunderstorm Watch',
          severity: 'Watch',
          until: Date.parse('2026-07-15T22:00:00Z'),
        },
        reason: 'alert: Severe Thunderstorm Watch until 22:00 UTC (a Watch means caution)',
      },
    ]);
  });

  it('ignores alerts not yet in effect or over, and severities the policy leaves off', () => {
    expect(
      alertFindings(
        general,
        [
          alert('Warning', '2026-07-15T19:00:00', '2026-07-15T20:00:00'),
          alert('Warning', '2026-07-15T17:00:00', '2026-07-15T18:20:00'),
          alert('Advisory', '2026-07-15T18:00:00', '2026-07-15T20:00:00'),
        ],
        now,
      ),
    ).toEqual([]);
  });
});
