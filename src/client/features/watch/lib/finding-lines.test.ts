import { describe, expect, it } from 'vitest';
import type { FindingJson } from '../../../../shared/api/watch-answers';
import { recordFormat } from '../../../../shared/safety/finding-text';
import { callsForAcknowledgement } from '../../../../shared/safety/site-policy';
import { conditionsLine, findingLine, levelClock } from './finding-lines';

const lightning: FindingJson = {
  rule: 'lightning',
  level: 'stop',
  text: 'lightning: strike 6.2 km SW at 18:14:07 UTC inside the 12.9 km stop ring',
  measure: {
    kind: 'strike',
    distance_km: 6.2,
    bearing_deg: 225,
    at: '2026-07-15T18:14:07.999Z',
    ring_km: 12.9,
  },
  clears_at: '2026-07-15T18:44:07.999Z',
};
const warning: FindingJson = {
  rule: 'alerts',
  level: 'stop',
  text: 'alert: Severe Thunderstorm Warning until 04:00 UTC (a Warning means stop)',
  measure: {
    kind: 'alert',
    title: 'Severe Thunderstorm Warning',
    severity: 'Warning',
    until: '2026-07-16T04:00:00.000Z',
  },
  clears_at: null,
};
const gust: FindingJson = {
  rule: 'wind',
  level: 'stop',
  text: 'wind: gust 20.1 m/s ≥ stop 20 m/s',
  measure: { kind: 'gust', value_ms: 20.1, threshold_ms: 20 },
  clears_at: null,
};

describe('what a card says beside its level', () => {
  it('words each finding as the record does, in the reader’s units', () => {
    for (const finding of [lightning, warning, gust])
      expect(findingLine(finding, recordFormat)).toBe(finding.text);
    expect(findingLine(gust, { ...recordFormat, units: 'I' })).toBe(
      'wind: gust 45.0 mph ≥ stop 44.7 mph',
    );
  });

  it('counts down whenever lightning holds the level, and says what else holds it', () => {
    expect(
      levelClock(
        { level: 'stop', findings: [lightning], all_clear_at: lightning.clears_at },
        recordFormat,
      ),
    ).toEqual({ countdown: { at: lightning.clears_at, lightningOnly: false }, note: undefined });
    expect(
      levelClock(
        { level: 'stop', findings: [lightning, warning], all_clear_at: null },
        recordFormat,
      ),
    ).toEqual({
      countdown: { at: lightning.clears_at, lightningOnly: true },
      note: 'Also held by the Severe Thunderstorm Warning until 04:00 UTC',
    });
  });

  it('says why there is no countdown when lightning does not hold the level', () => {
    const caution = { ...lightning, level: 'caution' as const };
    expect(
      levelClock(
        { level: 'stop', findings: [warning, gust, caution], all_clear_at: null },
        recordFormat,
      ),
    ).toEqual({
      countdown: undefined,
      note: 'No countdown: STOP held by the Severe Thunderstorm Warning until 04:00 UTC and the wind gusts ≥ 20 m/s',
    });
  });

  it('gives the temperature, the wind and the WBGT flag', () => {
    const now = {
      temp_c: 31.2,
      wind_ms: 8.1,
      gust_ms: 20.1,
      heat_index_c: 35,
      wbgt_c: 29.84,
      wbgt_flag: 'yellow' as const,
      aqi: 40,
      station: null,
    };
    expect(conditionsLine(now, recordFormat)).toBe(
      '31.2 °C · wind 8.1 m/s, gusts 20.1 · WBGT 29.8 °C, yellow flag',
    );
    expect(conditionsLine({ ...now, gust_ms: null, wbgt_flag: 'none' }, recordFormat)).toBe(
      '31.2 °C · wind 8.1 m/s · WBGT 29.8 °C, no flag',
    );
    const station = { id: 's1', name: 'Jib anemometer', at: '2026-07-15T18:20:00.000Z' };
    expect(conditionsLine({ ...now, station }, recordFormat)).toBe(
      '31.2 °C · wind 8.1 m/s, gusts 20.1 · WBGT 29.8 °C, yellow flag · from Jib anemometer',
    );
  });
});

describe('which changes of level ask to be acknowledged', () => {
  it('those for the worse, never a site coming clear or losing its data', () => {
    expect(callsForAcknowledgement('no_data', 'stop')).toBe(true);
    expect(callsForAcknowledgement('caution', 'stop')).toBe(true);
    expect(callsForAcknowledgement('clear', 'watch')).toBe(true);
    expect(callsForAcknowledgement('no_data', 'clear')).toBe(false);
    expect(callsForAcknowledgement('stop', 'caution')).toBe(false);
    expect(callsForAcknowledgement('stop', 'no_data')).toBe(false);
  });
});
