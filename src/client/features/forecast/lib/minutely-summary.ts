import type { UnitSystem } from '../../../../shared/weather/units';
import { clockLabel } from '../../../lib/period-labels';

export interface MinutePoint {
  /** Unix seconds. */
  ts: number;
  /** Zone-less stamp in the basis shown (local or UTC). */
  stamp: string;
  /** Precipitation rate, mm/h (in/h with imperial units). */
  precip: number;
  /** Snowfall rate, same units. */
  snow: number;
}

/** Rates below this are drizzle the radar would not show: 0.1 mm/h, or 0.004 in/h. */
export function wetThreshold(units: UnitSystem): number {
  return units === 'I' ? 0.004 : 0.1;
}

/** A minute counts as snow when at least half of what falls is snow. */
export function isSnow(point: MinutePoint): boolean {
  return point.snow > 0 && point.snow >= point.precip / 2;
}

/**
 * The next hour in one line, as people read a nowcast: "Rain starting in 12 min, heaviest at
 * 14:32", "Snow stopping in 20 min", "No precipitation in the next hour".
 */
export function minutelySummary(
  allPoints: readonly MinutePoint[],
  nowSeconds: number,
  units: UnitSystem,
): string {
  const threshold = wetThreshold(units);
  // Minutes already past say nothing about what is coming (the data may be a refresh behind).
  const points = allPoints.filter((point) => point.ts >= nowSeconds - 60);
  if (points.length === 0) return 'No forecast for the coming minutes yet';
  const wet = points.map((point) => point.precip >= threshold);
  const first = wet.indexOf(true);
  if (first === -1) return 'No precipitation in the next hour';

  const wetPoints = points.filter((_, index) => wet[index]);
  const snowy = wetPoints.filter(isSnow).length;
  const kind = snowy === 0 ? 'Rain' : snowy === wetPoints.length ? 'Snow' : 'Rain and snow';
  const heaviest = wetPoints.reduce((best, point) => (point.precip > best.precip ? point : best));
  const heaviestText = `heaviest at ${clockLabel(heaviest.stamp)}`;
  const minutesUntil = (point: MinutePoint) =>
    Math.max(0, Math.round((point.ts - nowSeconds) / 60));

  const start = points[first] as MinutePoint;
  if (minutesUntil(start) > 0) {
    return `${kind} starting in ${minutesUntil(start)} min, ${heaviestText}`;
  }
  const dryIndex = wet.indexOf(false, first);
  if (dryIndex === -1) return `${kind} for the next hour, ${heaviestText}`;
  const stop = points[dryIndex] as MinutePoint;
  return `${kind} stopping in ${Math.max(1, minutesUntil(stop))} min, ${heaviestText}`;
}
