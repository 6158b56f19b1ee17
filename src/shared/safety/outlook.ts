import { isThunderstorm } from '../weather/formats';
import { type FindingMeasure, findingText } from './finding-text';
import { heatIndexC } from './heat-index';
import type { SitePolicy } from './site-policy';
import { thresholdLevel } from './site-status';

/**
 * The outlook: each day of the daily forecast judged with the site's own policy, so a lift, a
 * pour or a match can be planned against the limits that would stop it on the day. The same
 * thresholds, words and heat index as the watch (`thresholdLevel`, `findingText`, `heatIndexC`);
 * only what a forecast can say differs, and that is decided here once:
 * - wind: the day's `wind_spd` and `wind_gust_spd` against the sustained and gust limits;
 * - thunderstorms: a thunderstorm weather code is `marginal` for every site (each has a
 *   lightning rule), never `no_go`: the lightning rule stops work while a storm is within the
 *   stop ring and for its all-clear time, not for the day, and a daily forecast cannot say when
 *   or where the storm comes. `pop` is a chance of any precipitation, not of thunder, so it is
 *   given beside the code but does not make a storm of a day without one;
 * - heat: the heat index of `max_temp` at the day's mean humidity `rh`. The air is driest at the
 *   day's warmest hour, so the mean humidity overstates the afternoon's and with it the heat
 *   index: the stricter reading, as nothing in the forecast gives the humidity at the high;
 * - air quality: the day's highest hourly AQI of the air-quality forecast, which reaches 72 hours.
 * A rule the policy sets that a day's forecast should judge but cannot (a field missing, or no
 * air-quality forecast at all) makes the day at least `marginal` and says so: never `go` on a
 * fault. Air quality past the forecast's reach is no fault but the forecast's known horizon: it
 * would make every day from the fourth marginal, burying the days a forecast does warn of, so
 * those days are judged on the other rules and say in `unjudged` that air quality is not (the
 * watch judges it on the day). A stop or caution in the hours it does reach still counts.
 * The WBGT flags are not forecast: the watch judges them on the day from measured conditions.
 */

/** Best first. */
export const outlookVerdicts = ['go', 'marginal', 'no_go'] as const;
export type OutlookVerdict = (typeof outlookVerdicts)[number];

/** A forecast day as the outlook reads it: any field may be missing, and then says so. */
export interface OutlookForecastDay {
  /** The place's local date, YYYY-MM-DD. */
  valid_date: string;
  max_temp?: number | null;
  rh?: number | null;
  wind_spd?: number | null;
  wind_gust_spd?: number | null;
  pop?: number | null;
  weather?: { code?: number | null; description?: string | null } | null;
}

/** One hour of the air-quality forecast. */
export interface OutlookAirHour {
  /** The place's local time, YYYY-MM-DDTHH:MM:SS. */
  timestamp_local: string;
  aqi?: number | null;
}

/** The figures a day was judged on (m/s, °C, %, US EPA AQI); null where the forecast has none. */
export interface OutlookValues {
  wind_ms: number | null;
  gust_ms: number | null;
  max_temp_c: number | null;
  rh_percent: number | null;
  heat_index_c: number | null;
  weather_code: number | null;
  pop_percent: number | null;
  /** The day's highest hourly AQI; null past the air-quality forecast's reach. */
  aqi: number | null;
  /** How many of the day's hours the air-quality forecast covers (0 past its reach). */
  aqi_hours: number;
}

export interface OutlookDay {
  date: string;
  verdict: OutlookVerdict;
  /** Most severe first: "wind: gust 17.3 m/s ≥ stop 15 m/s"; empty on a go day. */
  reasons: string[];
  /**
   * The rules the policy sets that the forecast does not reach this far ahead, so the verdict
   * leaves them out ("air quality: not forecast this far ahead"); empty when every rule is judged.
   */
  unjudged: string[];
  values: OutlookValues;
}

const verdictOfLevel = { stop: 'no_go', caution: 'marginal' } as const;

const present = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const isSet = (pair: { caution: number | null; stop: number | null }) =>
  pair.caution !== null || pair.stop !== null;

const tenths = (value: number) => Math.round(value * 10) / 10;

/** Each day of `days` judged with `policy`, with `air` (hourly) where it reaches. */
export function judgeOutlook(
  policy: SitePolicy,
  days: readonly OutlookForecastDay[],
  air: readonly OutlookAirHour[] | undefined,
): OutlookDay[] {
  const airByDate = new Map<string, DayAir>();
  for (const hour of air ?? []) {
    if (!present(hour.aqi)) continue;
    const date = hour.timestamp_local.slice(0, 10);
    const day = airByDate.get(date) ?? { aqi: [], toDayEnd: false };
    day.aqi.push(hour.aqi);
    // The forecast starts at the current hour, so only its last day can stop short of midnight.
    if (hour.timestamp_local.slice(11, 13) === '23') day.toDayEnd = true;
    airByDate.set(date, day);
  }
  return days.map((day) =>
    judgeDay(
      policy,
      day,
      air === undefined
        ? undefined
        : (airByDate.get(day.valid_date) ?? { aqi: [], toDayEnd: false }),
    ),
  );
}

/** A day's hourly AQI, and whether the forecast reaches the day's last hour. */
interface DayAir {
  aqi: number[];
  toDayEnd: boolean;
}

/** `air` undefined: no air-quality forecast at all. */
function judgeDay(
  policy: SitePolicy,
  day: OutlookForecastDay,
  air: DayAir | undefined,
): OutlookDay {
  const aqiHours = air?.aqi ?? [];
  const found: { verdict: Exclude<OutlookVerdict, 'go'>; reason: string }[] = [];
  const measured = (measure: FindingMeasure, level: 'stop' | 'caution') =>
    found.push({ verdict: verdictOfLevel[level], reason: findingText(measure, level) });
  const unjudged = (reason: string) => found.push({ verdict: 'marginal', reason });
  const beyondReach: string[] = [];

  const wind = { sustained: day.wind_spd, gust: day.wind_gust_spd };
  for (const kind of ['sustained', 'gust'] as const) {
    const limits = kind === 'sustained' ? policy.wind.sustained_ms : policy.wind.gust_ms;
    const valueMs = wind[kind];
    if (!isSet(limits)) continue;
    if (!present(valueMs)) {
      unjudged(`wind: no ${kind === 'sustained' ? 'sustained wind' : 'gust'} forecast`);
      continue;
    }
    const reached = thresholdLevel(valueMs, limits);
    if (reached) measured({ kind, valueMs, thresholdMs: reached.threshold }, reached.level);
  }

  const code = day.weather?.code;
  if (!present(code)) unjudged('thunderstorms: no weather code forecast');
  else if (isThunderstorm(code)) {
    const what = day.weather?.description
      ? `${day.weather.description} (code ${code})`
      : `code ${code}`;
    const chance = present(day.pop) ? `, ${day.pop}% chance of precipitation` : '';
    unjudged(`thunderstorms: ${what}${chance}; the lightning rule may stop work`);
  }

  const heatLimits = policy.heat.heat_index_c;
  const heatIndex =
    present(day.max_temp) && present(day.rh) ? heatIndexC(day.max_temp, day.rh) : null;
  if (isSet(heatLimits)) {
    if (heatIndex === null)
      unjudged(`heat: no ${present(day.max_temp) ? 'humidity' : 'maximum temperature'} forecast`);
    else {
      const reached = thresholdLevel(heatIndex, heatLimits);
      if (reached)
        measured(
          { kind: 'heat_index', valueC: heatIndex, thresholdC: reached.threshold },
          reached.level,
        );
    }
  }

  const aqi = aqiHours.length > 0 ? Math.max(...aqiHours) : null;
  if (isSet(policy.aqi)) {
    if (air === undefined) unjudged('air quality: no air-quality forecast to judge by');
    else if (aqi === null) beyondReach.push('air quality: not forecast this far ahead');
    else {
      const reached = thresholdLevel(aqi, policy.aqi);
      if (reached)
        measured({ kind: 'aqi', value: aqi, threshold: reached.threshold }, reached.level);
      // The hours past the forecast's end could be worse; a stop already found needs no caveat.
      if (!air.toDayEnd && reached?.level !== 'stop')
        beyondReach.push(`air quality: forecast covers only ${aqiHours.length} h of this day`);
    }
  }

  const nogo = found.filter((item) => item.verdict === 'no_go');
  const verdict: OutlookVerdict = nogo.length > 0 ? 'no_go' : found.length > 0 ? 'marginal' : 'go';
  return {
    date: day.valid_date,
    verdict,
    reasons: [...nogo, ...found.filter((item) => item.verdict !== 'no_go')].map(
      (item) => item.reason,
    ),
    unjudged: beyondReach,
    values: {
      wind_ms: present(day.wind_spd) ? day.wind_spd : null,
      gust_ms: present(day.wind_gust_spd) ? day.wind_gust_spd : null,
      max_temp_c: present(day.max_temp) ? day.max_temp : null,
      rh_percent: present(day.rh) ? day.rh : null,
      heat_index_c: heatIndex === null ? null : tenths(heatIndex),
      weather_code: present(code) ? code : null,
      pop_percent: present(day.pop) ? day.pop : null,
      aqi,
      aqi_hours: aqiHours.length,
    },
  };
}
