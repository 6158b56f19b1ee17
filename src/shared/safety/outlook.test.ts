import { describe, expect, it } from 'vitest';
import { heatIndexC } from './heat-index';
import { judgeOutlook, type OutlookAirHour, type OutlookForecastDay } from './outlook';
import { type SitePolicyInput, sitePolicySchema } from './site-policy';

/**
 * The outlook's verdicts against a pinned forecast, one rule at a time, with a policy whose
 * limits are round: gusts caution 12 / stop 15 m/s, sustained caution 8 / stop 10 m/s, heat
 * index caution 39.4 / stop 51.7 °C, AQI caution 101 / stop 201.
 */
const policy = sitePolicySchema.parse({
  lightning: { rings: { stop: 13, caution: 24, watch: 40 }, all_clear_minutes: 30 },
  wind: { sustained_ms: { caution: 8, stop: 10 }, gust_ms: { caution: 12, stop: 15 } },
  aqi: { caution: 101, stop: 201 },
  heat: {
    heat_index_c: { caution: 39.4, stop: 51.7 },
    wbgt_flag: { caution: 'red', stop: 'black' },
  },
} satisfies SitePolicyInput);

/** A calm, mild, clear day: go on every rule. */
const calm: OutlookForecastDay = {
  valid_date: '2026-07-15',
  max_temp: 24,
  rh: 50,
  wind_spd: 3,
  wind_gust_spd: 6,
  pop: 0,
  weather: { code: 800, description: 'Clear Sky' },
};

/** Clean air on every hour of the pinned days. */
function cleanAir(dates: string[], aqi = 40): OutlookAirHour[] {
  return dates.flatMap((date) =>
    Array.from({ length: 24 }, (_, hour) => ({
      timestamp_local: `${date}T${String(hour).padStart(2, '0')}:00:00`,
      aqi,
    })),
  );
}

const judge = (day: Partial<OutlookForecastDay>, air = cleanAir([calm.valid_date])) => {
  const [judged] = judgeOutlook(policy, [{ ...calm, ...day }], air);
  if (!judged) throw new Error('no day judged');
  return judged;
};

describe('judgeOutlook', () => {
  it('calls a calm day inside every limit go, with no reasons and the figures it used', () => {
    const day = judge({});
    expect(day).toEqual({
      date: '2026-07-15',
      verdict: 'go',
      reasons: [],
      unjudged: [],
      values: {
        wind_ms: 3,
        gust_ms: 6,
        max_temp_c: 24,
        rh_percent: 50,
        heat_index_c: Math.round(heatIndexC(24, 50) * 10) / 10,
        weather_code: 800,
        pop_percent: 0,
        aqi: 40,
        aqi_hours: 24,
      },
    });
  });

  it('makes gusts at the stop limit no_go and at the caution limit marginal, in the watch’s words', () => {
    expect(judge({ wind_gust_spd: 17.3 })).toMatchObject({
      verdict: 'no_go',
      reasons: ['wind: gust 17.3 m/s ≥ stop 15 m/s'],
    });
    expect(judge({ wind_gust_spd: 15 }).verdict).toBe('no_go');
    expect(judge({ wind_gust_spd: 12.4 })).toMatchObject({
      verdict: 'marginal',
      reasons: ['wind: gust 12.4 m/s ≥ caution 12 m/s'],
    });
    expect(judge({ wind_gust_spd: 11.9 }).verdict).toBe('go');
  });

  it('judges sustained wind against its own limits, the worst reason first', () => {
    expect(judge({ wind_spd: 10.2, wind_gust_spd: 12.5 })).toMatchObject({
      verdict: 'no_go',
      reasons: ['wind: sustained 10.2 m/s ≥ stop 10 m/s', 'wind: gust 12.5 m/s ≥ caution 12 m/s'],
    });
  });

  it('makes a thunderstorm day marginal whatever its chance of rain, and rain without thunder go', () => {
    const storm = judge({
      weather: { code: 202, description: 'Thunderstorm with heavy rain' },
      pop: 80,
    });
    expect(storm.verdict).toBe('marginal');
    expect(storm.reasons).toEqual([
      'thunderstorms: Thunderstorm with heavy rain (code 202), 80% chance of precipitation; the lightning rule may stop work',
    ]);
    expect(
      judge({ weather: { code: 233, description: 'Thunderstorm with Hail' }, pop: 5 }).verdict,
    ).toBe('marginal');
    expect(judge({ weather: { code: 502, description: 'Heavy Rain' }, pop: 100 }).verdict).toBe(
      'go',
    );
  });

  it('judges the heat index of the day’s high at its mean humidity', () => {
    const hot = judge({ max_temp: 35, rh: 60 });
    const index = heatIndexC(35, 60);
    expect(index).toBeGreaterThan(39.4);
    expect(index).toBeLessThan(51.7);
    expect(hot).toMatchObject({
      verdict: 'marginal',
      reasons: [`heat: heat index ${index.toFixed(1)} °C ≥ caution 39.4 °C`],
    });
    expect(hot.values.heat_index_c).toBe(Math.round(index * 10) / 10);
    expect(judge({ max_temp: 38, rh: 65 })).toMatchObject({
      verdict: 'no_go',
      reasons: [expect.stringMatching(/^heat: heat index \d+\.\d °C ≥ stop 51\.7 °C$/)],
    });
    // The same high in dry air is no heat day.
    expect(judge({ max_temp: 35, rh: 10 }).verdict).toBe('go');
  });

  it('judges the day’s worst forecast hour of air quality, and past the forecast’s reach says it does not', () => {
    const dates = ['2026-07-15', '2026-07-16', '2026-07-17'];
    const air = cleanAir(dates).map((hour) =>
      hour.timestamp_local === '2026-07-16T15:00:00'
        ? { ...hour, aqi: 212 }
        : hour.timestamp_local === '2026-07-17T09:00:00'
          ? { ...hour, aqi: 120 }
          : hour,
    );
    const days = judgeOutlook(
      policy,
      ['2026-07-15', '2026-07-16', '2026-07-17', '2026-07-18'].map((date) => ({
        ...calm,
        valid_date: date,
      })),
      air,
    );
    expect(
      days.map((day) => [day.date, day.verdict, day.reasons, day.unjudged, day.values.aqi]),
    ).toEqual([
      ['2026-07-15', 'go', [], [], 40],
      ['2026-07-16', 'no_go', ['air quality: AQI 212 ≥ stop 201'], [], 212],
      ['2026-07-17', 'marginal', ['air quality: AQI 120 ≥ caution 101'], [], 120],
      // Past the forecast's horizon: judged on the other rules, and saying air quality is not.
      ['2026-07-18', 'go', [], ['air quality: not forecast this far ahead'], null],
    ]);
    // Nor is a day past the horizon made go by it: its other rules still decide.
    expect(
      judgeOutlook(policy, [{ ...calm, valid_date: '2026-07-18', wind_gust_spd: 17.3 }], air)[0],
    ).toMatchObject({ verdict: 'no_go', unjudged: ['air quality: not forecast this far ahead'] });
    // A policy without AQI limits has nothing left unjudged.
    expect(
      judgeOutlook(
        { ...policy, aqi: { caution: null, stop: null } },
        [{ ...calm, valid_date: '2026-07-18' }],
        air,
      )[0]?.unjudged,
    ).toEqual([]);
    // No air-quality forecast at all (the provider failed): no day is go on air quality.
    expect(judgeOutlook(policy, [calm], undefined)[0]?.reasons).toEqual([
      'air quality: no air-quality forecast to judge by',
    ]);
  });

  it('says so of a day whose afternoon the air-quality forecast does not reach', () => {
    const morning = (aqi: number) =>
      cleanAir([calm.valid_date], aqi).filter(
        (hour) => hour.timestamp_local < `${calm.valid_date}T13`,
      );
    expect(judge({}, morning(40))).toMatchObject({
      verdict: 'go',
      reasons: [],
      unjudged: ['air quality: forecast covers only 13 h of this day'],
      values: { aqi: 40, aqi_hours: 13 },
    });
    // A caution in the hours it covers counts, with the rest of the day still unjudged.
    expect(judge({}, morning(120))).toMatchObject({
      verdict: 'marginal',
      reasons: ['air quality: AQI 120 ≥ caution 101'],
      unjudged: ['air quality: forecast covers only 13 h of this day'],
    });
    // A stop in the hours it does cover needs nothing more said.
    expect(judge({}, morning(212))).toMatchObject({
      verdict: 'no_go',
      reasons: ['air quality: AQI 212 ≥ stop 201'],
      unjudged: [],
    });
    // Today's forecast starts now and runs to midnight: the rest of today is covered.
    const evening = cleanAir([calm.valid_date]).filter(
      (hour) => hour.timestamp_local >= `${calm.valid_date}T18`,
    );
    expect(judge({}, evening)).toMatchObject({
      verdict: 'go',
      unjudged: [],
      values: { aqi_hours: 6 },
    });
  });

  it('says which field a day lacks and never calls it go on a rule it cannot judge', () => {
    const missing = judge({ wind_gust_spd: null, rh: undefined, weather: null });
    expect(missing.verdict).toBe('marginal');
    expect(missing.reasons).toEqual([
      'wind: no gust forecast',
      'thunderstorms: no weather code forecast',
      'heat: no humidity forecast',
    ]);
    expect(missing.values).toMatchObject({ gust_ms: null, rh_percent: null, heat_index_c: null });
    // A missing field beside a stop: the stop decides.
    expect(judge({ wind_spd: 11, max_temp: Number.NaN }).verdict).toBe('no_go');
  });

  it('leaves out a rule the policy does not set, even with its field missing', () => {
    const windOnly = sitePolicySchema.parse({
      lightning: { rings: { stop: 13 } },
      wind: { sustained_ms: {}, gust_ms: { caution: 12, stop: 15 } },
    } satisfies SitePolicyInput);
    const [day] = judgeOutlook(windOnly, [{ ...calm, wind_spd: null, rh: null }], undefined);
    expect(day).toMatchObject({ verdict: 'go', reasons: [] });
  });
});
