import { describe, expect, it } from 'vitest';
import { findingText, measureFromJson, measureJson, utcClock } from './finding-text';

const at = Date.parse('2026-07-15T18:14:07.999Z');

describe('a finding in words', () => {
  it('says the rule, the value, the threshold and the level', () => {
    expect(findingText({ kind: 'gust', valueMs: 20.1, thresholdMs: 15 }, 'caution')).toBe(
      'wind: gust 20.1 m/s ≥ caution 15 m/s',
    );
    expect(findingText({ kind: 'sustained', valueMs: 9, thresholdMs: 9 }, 'stop')).toBe(
      'wind: sustained 9.0 m/s ≥ stop 9 m/s',
    );
    expect(findingText({ kind: 'aqi', value: 160, threshold: 151 }, 'caution')).toBe(
      'air quality: AQI 160 ≥ caution 151',
    );
    expect(
      findingText(
        { kind: 'strike', distanceKm: 6.2, bearingDeg: 225, time: at, ringKm: 12.9 },
        'stop',
      ),
    ).toBe('lightning: strike 6.2 km SW at 18:14:07 UTC inside the 12.9 km stop ring');
    expect(
      findingText(
        {
          kind: 'alert',
          title: 'Severe Thunderstorm Warning',
          severity: 'Warning',
          until: Date.parse('2026-07-16T04:00:00Z'),
        },
        'stop',
      ),
    ).toBe('alert: Severe Thunderstorm Warning until 04:00 UTC (a Warning means stop)');
    expect(
      findingText({ kind: 'wbgt', valueC: 31.04, flag: 'red', thresholdFlag: 'red' }, 'caution'),
    ).toBe('heat: estimated WBGT 31.0 °C, red flag ≥ caution at the red flag');
  });

  it('names an alert by its event, not its whole headline', () => {
    expect(
      findingText(
        {
          kind: 'alert',
          title:
            'Heat Advisory issued July 15 at 1:00PM EDT until July 15 at 10:00PM EDT by NWS Tampa Bay FL',
          severity: 'Advisory',
          until: Date.parse('2026-07-16T02:00:00Z'),
        },
        'stop',
      ),
    ).toBe('alert: Heat Advisory until 02:00 UTC (an Advisory means stop)');
  });

  it('follows the reader’s units, thresholds included', () => {
    const imperial = { units: 'I' as const, time: utcClock };
    // 20.1 m/s is 45.0 mph; 15 m/s is 33.6 mph.
    expect(findingText({ kind: 'gust', valueMs: 20.1, thresholdMs: 15 }, 'caution', imperial)).toBe(
      'wind: gust 45.0 mph ≥ caution 33.6 mph',
    );
    // 40.6 °C is 105.1 °F; 12.9 km is 8 mi.
    expect(
      findingText({ kind: 'heat_index', valueC: 41, thresholdC: 40.6 }, 'caution', imperial),
    ).toBe('heat: heat index 105.8 °F ≥ caution 105.1 °F');
    expect(
      findingText(
        { kind: 'strike', distanceKm: 6.2, bearingDeg: 225, time: at, ringKm: 12.9 },
        'stop',
        imperial,
      ),
    ).toBe('lightning: strike 3.9 mi SW at 18:14:07 UTC inside the 8 mi stop ring');
  });

  it('travels through the contract unchanged', () => {
    const measure = {
      kind: 'strike' as const,
      distanceKm: 6.2,
      bearingDeg: 225,
      time: at,
      ringKm: 12.9,
    };
    expect(measureFromJson(measureJson(measure))).toEqual(measure);
  });
});
