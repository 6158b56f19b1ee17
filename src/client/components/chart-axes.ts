import type { UnitSystem } from '../../shared/weather/units';
import type { ScaleOptions } from '../lib/chart-scale';

/**
 * A value axis as data: what it must show and how. `ChartStack` turns it into ticks once it
 * knows the row's height, and sizes the axis from the longest tick label.
 */
export interface AxisSpec {
  /** The series' `yAxisId`. */
  id: string;
  /** Shown in the row's key above the axis, never rotated along it, so it is never cut. */
  title: string;
  min: number;
  max: number;
  options: ScaleOptions;
}

/** The values actually there: a gap in a record (null) draws nothing, so it spans nothing. */
function present(values: readonly (number | null)[]): number[] {
  return values.filter((value): value is number => value !== null && Number.isFinite(value));
}

/**
 * An amount from zero (rain, wind, energy, strikes), ending on a labelled tick. `atLeast` keeps
 * a calm or dry spell readable rather than squashed onto zero.
 */
export function amountAxis(
  id: string,
  title: string,
  values: readonly (number | null)[],
  options: { atLeast?: number; integer?: boolean } = {},
): AxisSpec {
  const atLeast = options.atLeast ?? 1;
  return {
    id,
    title,
    min: 0,
    max: present(values).reduce((top, value) => Math.max(top, value), atLeast),
    options: { integer: options.integer, extend: true },
  };
}

/** Whole degrees with a degree of room above and below, so the lines never touch the frame. */
export function temperatureAxis(unit: string, values: readonly number[]): AxisSpec {
  const shown = present(values);
  const low = shown.length > 0 ? Math.floor(Math.min(...shown)) - 1 : 0;
  const high = shown.length > 0 ? Math.ceil(Math.max(...shown)) + 1 : low + 1;
  return {
    id: 'temp',
    title: `Temperature (${unit})`,
    min: low,
    max: high,
    options: { integer: true, extend: false },
  };
}

/** A dry spell still gets a readable scale: 2 mm or 0.1 in at the least. */
export function precipitationAxis(
  title: string,
  values: readonly number[],
  units: UnitSystem,
): AxisSpec {
  return amountAxis('precip', title, values, { atLeast: units === 'I' ? 0.1 : 2 });
}

/** Fixed ends (the AQI categories' edges), with the ticks inside them. */
export function fixedAxis(id: string, title: string, min: number, max: number): AxisSpec {
  return { id, title, min, max, options: { integer: true, extend: false } };
}
