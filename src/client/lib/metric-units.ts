import { kilometresPerMile } from '../../shared/geo/great-circle';
import {
  celsiusTo,
  kilometresFrom,
  kilometresTo,
  metresPerSecondTo,
  type UnitSystem,
} from '../../shared/weather/units';

/*
 * The watch's metric quantities under the units setting. A module of its own, apart from
 * shared/weather/units: only the watch's screens (lazily loaded) need it, so it stays out of the
 * first screen.
 */
interface MetricUnitSpec {
  /** The unit it reads as under imperial units. */
  imperial: string;
  /** Under scientific units, where that is not the metric unit itself. */
  scientific?: string;
  /** A metric value in the unit it reads as. */
  from: (units: UnitSystem, value: number) => number;
  /** A value in the unit it reads as, back in the metric unit. */
  to: (units: UnitSystem, value: number) => number;
}

/**
 * The metric units the watch keeps its policies in and writes its records with, and the unit
 * each reads as in a unit system: a new unit is one entry here, and texts find it too. Road and
 * storm speeds (km/h) read as mph beside m/s winds.
 */
const metricUnitSpecs = {
  km: { imperial: 'mi', from: kilometresTo, to: kilometresFrom },
  'm/s': {
    imperial: 'mph',
    from: metresPerSecondTo,
    to: (units, value) => (units === 'I' ? value / 2.236936 : value),
  },
  'km/h': {
    imperial: 'mph',
    from: (units, value) => (units === 'I' ? value / kilometresPerMile : value),
    to: (units, value) => (units === 'I' ? value * kilometresPerMile : value),
  },
  '°C': {
    imperial: '°F',
    scientific: 'K',
    from: celsiusTo,
    to: (units, value) =>
      units === 'I' ? (value - 32) / 1.8 : units === 'S' ? value - 273.15 : value,
  },
} satisfies Record<string, MetricUnitSpec>;

export type MetricUnit = keyof typeof metricUnitSpecs;
export const metricUnits = Object.keys(metricUnitSpecs) as MetricUnit[];

export function isMetricUnit(unit: string | undefined): unit is MetricUnit {
  return metricUnits.some((metric) => metric === unit);
}

/** The unit a metric quantity is shown in under a unit system: "mi" for km with imperial units. */
export function shownUnit(units: UnitSystem, metric: MetricUnit): string {
  const spec: MetricUnitSpec = metricUnitSpecs[metric];
  if (units === 'I') return spec.imperial;
  if (units === 'S') return spec.scientific ?? metric;
  return metric;
}

/** A metric quantity in the unit `shownUnit` names. */
export function fromMetric(units: UnitSystem, metric: MetricUnit, value: number): number {
  return metricUnitSpecs[metric].from(units, value);
}

/** A quantity typed or shown in the unit `shownUnit` names, back in its metric unit. */
export function toMetric(units: UnitSystem, metric: MetricUnit, value: number): number {
  return metricUnitSpecs[metric].to(units, value);
}

/** A converted number as it is shown: to `digits` places, whole numbers without ".0". */
function shownNumber(value: number, digits: number): string {
  const fixed = value.toFixed(digits);
  // "-0.0" after rounding a tiny negative is noise.
  const number = Number(fixed) === 0 ? 0 : Number(fixed);
  return Number.isInteger(number) ? String(number) : fixed;
}

/**
 * The number a metric value is shown as under a unit system, without its unit: metric values as
 * they are ("12.9"), converted ones to tenths ("8" for 12.9 km, "45" for 20.1 m/s).
 */
export function shownValue(units: UnitSystem, metric: MetricUnit, value: number): string {
  return shownUnit(units, metric) === metric
    ? String(value)
    : shownNumber(fromMetric(units, metric, value), 1);
}

/** "20.1 m/s", "45 mph", "35.2 °C", "95.4 °F": any metric quantity as the unit system reads it. */
export function quantityText(
  units: UnitSystem,
  metric: MetricUnit,
  value: number,
  digits = 1,
): string {
  return `${shownNumber(fromMetric(units, metric, value), digits)} ${shownUnit(units, metric)}`;
}

/**
 * A number the user typed in the shown unit, as the metric value to keep. A value shown and left
 * as it was (or typed as any of `keep` is shown) is that value exactly, so reading 12.9 km as
 * "8 mi" and saving it unchanged stores 12.9, not 12.874752. New values are kept to a thousandth
 * of the metric unit: a metre, a millimetre per second, a thousandth of a degree.
 */
export function metricFromShown(
  units: UnitSystem,
  metric: MetricUnit,
  typed: number,
  keep: readonly (number | null | undefined)[] = [],
): number {
  if (shownUnit(units, metric) === metric) return typed;
  for (const value of keep) {
    if (value !== null && value !== undefined && Number(shownValue(units, metric, value)) === typed)
      return value;
  }
  return Math.round(toMetric(units, metric, typed) * 1000) / 1000;
}

/**
 * A metric range as it is shown in another unit, rounded inwards to tenths so that every value it
 * allows converts back inside the metric range: 1–75 km reads 0.7–46.6 mi.
 */
export function shownRange<R extends { min: number; max: number; unit?: string }>(
  units: UnitSystem,
  range: R,
): R {
  if (!isMetricUnit(range.unit) || shownUnit(units, range.unit) === range.unit) return range;
  const unit = range.unit;
  return {
    ...range,
    min: Math.ceil(fromMetric(units, unit, range.min) * 10 - 1e-9) / 10,
    max: Math.floor(fromMetric(units, unit, range.max) * 10 + 1e-9) / 10,
    unit: shownUnit(units, unit),
  };
}

/** A number and a metric unit in a text: the longest unit first, so "km/h" is not read as "km". */
const metricQuantity = new RegExp(
  `(-?\\d+(?:\\.(\\d+))?) ?(${[...metricUnits]
    .sort((a, b) => b.length - a.length)
    .map((unit) => unit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|')})(?![\\w/])`,
  'g',
);

/**
 * A text the watch wrote in metric (a record's reason, a schema's message) with every metric
 * quantity in it as the unit system reads it, to as many places as it was written with and at
 * least tenths:
 * "strike 6.2 km SW inside the 12.9 km stop ring" reads "strike 3.9 mi SW inside the 8.0 mi stop
 * ring". The record itself stays metric; only its reading changes.
 */
export function metricTextIn(units: UnitSystem, text: string): string {
  if (units === 'M') return text;
  return text.replace(
    metricQuantity,
    (whole, number: string, decimals: string | undefined, unit: MetricUnit) => {
      if (shownUnit(units, unit) === unit) return whole;
      const value = fromMetric(units, unit, Number(number));
      // At least tenths, as the watch words thresholds: a stop of 20 m/s read as "45 mph" beside
      // a gust of 44.8 mph would read as a gust under its limit stopping work.
      return `${value.toFixed(Math.max(decimals?.length ?? 0, 1))} ${shownUnit(units, unit)}`;
    },
  );
}
