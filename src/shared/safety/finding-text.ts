import type { FindingMeasureJson } from '../api/watch-answers';
import { compassPoint } from '../geo/compass';
import type { alertSeverities } from '../weather/alert-schema';
import {
  celsiusTo,
  distanceText,
  metresPerSecondTo,
  unitLabels,
  type UnitSystem,
} from '../weather/units';
import type { HeatFlagName, WatchLevel } from './site-policy';

/**
 * What a finding measured against which threshold of the policy, so that every face (the board,
 * the site page, a kiosk, the record) can say the rule, the value, the threshold and the level,
 * in the reader's units. Values are in the contract's units: m/s, °C, km, epoch ms.
 */
export type FindingMeasure =
  | {
      kind: 'strike';
      distanceKm: number;
      bearingDeg: number;
      time: number;
      /** The ring the strike fell in (its radius is the threshold). */
      ringKm: number;
    }
  | { kind: 'alert'; title: string; severity: (typeof alertSeverities)[number]; until: number }
  | { kind: 'sustained' | 'gust'; valueMs: number; thresholdMs: number; source?: string }
  | { kind: 'aqi'; value: number; threshold: number }
  | { kind: 'heat_index'; valueC: number; thresholdC: number; source?: string }
  | {
      kind: 'wbgt';
      valueC: number;
      flag: HeatFlagName;
      thresholdFlag: HeatFlagName;
      source?: string;
    };

/** " from Jib anemometer": the site's own station a value was read from (none: gridded data). */
const fromSource = (source: string | undefined) => (source ? ` from ${source}` : '');

/** How a reader's screen writes values and times. */
export interface TextFormat {
  units: UnitSystem;
  /** A time of day on the reader's clock, labelled: "04:00 UTC"; with seconds for a strike. */
  time: (epochMs: number, seconds: boolean) => string;
}

/** "18:14:07 UTC": the record's clock, UTC and said so. */
export function utcClock(epochMs: number, seconds: boolean): string {
  return `${new Date(epochMs).toISOString().slice(11, seconds ? 19 : 16)} UTC`;
}

/** The record's format: the contract's own units and UTC. */
export const recordFormat: TextFormat = { units: 'M', time: utcClock };

export function speedText(units: UnitSystem, metresPerSecond: number): string {
  return `${metresPerSecondTo(units, metresPerSecond).toFixed(1)} ${unitLabels[units].speed}`;
}

export function temperatureText(units: UnitSystem, celsius: number): string {
  return `${celsiusTo(units, celsius).toFixed(1)} ${unitLabels[units].temperature}`;
}

/**
 * A threshold as the policy states it, which is often whole: "15 m/s", not "15.0 m/s" (a
 * converted one keeps a decimal: "33.6 mph").
 */
function thresholdText(value: number, unit: string): string {
  const fixed = value.toFixed(1);
  return `${fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed} ${unit}`;
}

/** A speed threshold: "15 m/s", "33.6 mph". */
function speedThresholdText(units: UnitSystem, metresPerSecond: number): string {
  return thresholdText(metresPerSecondTo(units, metresPerSecond), unitLabels[units].speed);
}

/** A temperature threshold: "40.6 °C", "105.1 °F". */
function temperatureThresholdText(units: UnitSystem, celsius: number): string {
  return thresholdText(celsiusTo(units, celsius), unitLabels[units].temperature);
}

const levelWords: Record<WatchLevel, string> = {
  stop: 'stop',
  caution: 'caution',
  watch: 'watch',
  clear: 'clear',
};

/** What a measure says, in a reader's format: the one place each kind of measure is worded. */
interface MeasureWords {
  /** The record's sentence at a level: "wind: gust 20.1 m/s ≥ caution 15 m/s". */
  text: (at: string) => string;
  /** What it is about, in a few words: "the wind gusts". */
  subject: string;
  /** What holds a level, after the subject ("≥ 20 m/s"); nothing for a strike. */
  holds?: string;
}

function measureWords(measure: FindingMeasure, format: TextFormat): MeasureWords {
  const { units } = format;
  switch (measure.kind) {
    case 'strike':
      return {
        text: (at) =>
          `lightning: strike ${distanceText(units, measure.distanceKm)} ${compassPoint(measure.bearingDeg)} ` +
          `at ${format.time(measure.time, true)} inside the ` +
          `${distanceText(units, measure.ringKm, { trim: true })} ${at} ring`,
        subject: 'lightning',
      };
    case 'alert': {
      const article = /^[AEIOU]/.test(measure.severity) ? 'an' : 'a';
      const until = `until ${format.time(measure.until, false)}`;
      return {
        text: (at) =>
          `alert: ${alertName(measure.title)} ${until} (${article} ${measure.severity} means ${at})`,
        subject: `the ${alertName(measure.title)}`,
        holds: until,
      };
    }
    case 'sustained':
    case 'gust': {
      const threshold = speedThresholdText(units, measure.thresholdMs);
      return {
        text: (at) =>
          `wind: ${measure.kind} ${speedText(units, measure.valueMs)}${fromSource(measure.source)} ` +
          `≥ ${at} ${threshold}`,
        subject: measure.kind === 'sustained' ? 'the sustained wind' : 'the wind gusts',
        holds: `≥ ${threshold}`,
      };
    }
    case 'aqi':
      return {
        text: (at) => `air quality: AQI ${measure.value} ≥ ${at} ${measure.threshold}`,
        subject: 'the air quality',
        holds: `≥ ${measure.threshold}`,
      };
    case 'heat_index': {
      const threshold = temperatureThresholdText(units, measure.thresholdC);
      return {
        text: (at) =>
          `heat: heat index ${temperatureText(units, measure.valueC)}${fromSource(measure.source)} ` +
          `≥ ${at} ${threshold}`,
        subject: 'the heat index',
        holds: `≥ ${threshold}`,
      };
    }
    case 'wbgt':
      return {
        text: (at) =>
          `heat: estimated WBGT ${temperatureText(units, measure.valueC)}${fromSource(measure.source)}, ` +
          `${measure.flag} flag ` +
          `≥ ${at} at the ${measure.thresholdFlag} flag`,
        subject: 'the WBGT',
        holds: `at the ${measure.thresholdFlag} flag or above`,
      };
  }
}

/**
 * One finding in words, with its rule, value, threshold and level:
 * "wind: gust 20.1 m/s ≥ caution 15 m/s",
 * "lightning: strike 6.2 km SW at 18:14:07 UTC inside the 12.9 km stop ring",
 * "alert: Severe Thunderstorm Warning until 04:00 UTC (a Warning means stop)".
 */
export function findingText(
  measure: FindingMeasure,
  level: WatchLevel,
  format: TextFormat = recordFormat,
): string {
  return measureWords(measure, format).text(levelWords[level]);
}

/**
 * What holds a level and until when, or from what threshold: "the Heat Advisory until 02:00 UTC",
 * "the wind gusts ≥ 20 m/s", "lightning".
 */
export function findingHold(measure: FindingMeasure, format: TextFormat): string {
  const { subject, holds } = measureWords(measure, format);
  return holds === undefined ? subject : `${subject} ${holds}`;
}

/**
 * An alert by its event's name: "Heat Advisory", not the whole headline ("Heat Advisory issued
 * July 15 at 1:00PM EDT until July 15 at 10:00PM EDT by NWS Tampa Bay FL"), whose local end
 * would stand beside the watch's own "until".
 */
export function alertName(title: string): string {
  const issued = title.indexOf(' issued ');
  return issued > 0 ? title.slice(0, issued) : title;
}

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** A station's name where there is one; nothing at all for gridded data (as before stations). */
const sourceJson = (source: string | undefined) => (source ? { source } : {});

/** A measure as the contract sends it: snake_case, times ISO 8601. */
export function measureJson(measure: FindingMeasure): FindingMeasureJson {
  switch (measure.kind) {
    case 'strike':
      return {
        kind: 'strike',
        distance_km: measure.distanceKm,
        bearing_deg: measure.bearingDeg,
        at: iso(measure.time),
        ring_km: measure.ringKm,
      };
    case 'alert':
      return {
        kind: 'alert',
        title: measure.title,
        severity: measure.severity,
        until: iso(measure.until),
      };
    case 'sustained':
    case 'gust':
      return {
        kind: measure.kind,
        value_ms: measure.valueMs,
        threshold_ms: measure.thresholdMs,
        ...sourceJson(measure.source),
      };
    case 'aqi':
      return measure;
    case 'heat_index':
      return {
        kind: 'heat_index',
        value_c: measure.valueC,
        threshold_c: measure.thresholdC,
        ...sourceJson(measure.source),
      };
    case 'wbgt':
      return {
        kind: 'wbgt',
        value_c: measure.valueC,
        flag: measure.flag,
        threshold_flag: measure.thresholdFlag,
        ...sourceJson(measure.source),
      };
  }
}

/** The contract's measure back as the one `findingText` words. */
export function measureFromJson(json: FindingMeasureJson): FindingMeasure {
  switch (json.kind) {
    case 'strike':
      return {
        kind: 'strike',
        distanceKm: json.distance_km,
        bearingDeg: json.bearing_deg,
        time: Date.parse(json.at),
        ringKm: json.ring_km,
      };
    case 'alert':
      return {
        kind: 'alert',
        title: json.title,
        severity: json.severity,
        until: Date.parse(json.until),
      };
    case 'sustained':
    case 'gust':
      return {
        kind: json.kind,
        valueMs: json.value_ms,
        thresholdMs: json.threshold_ms,
        ...sourceJson(json.source),
      };
    case 'aqi':
      return json;
    case 'heat_index':
      return {
        kind: 'heat_index',
        valueC: json.value_c,
        thresholdC: json.threshold_c,
        ...sourceJson(json.source),
      };
    case 'wbgt':
      return {
        kind: 'wbgt',
        valueC: json.value_c,
        flag: json.flag,
        thresholdFlag: json.threshold_flag,
        ...sourceJson(json.source),
      };
  }
}
