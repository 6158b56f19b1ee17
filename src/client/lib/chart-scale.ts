/**
 * Value axes with "nice" ticks: evenly spaced at 1, 2, 2.5 or 5 × 10ⁿ, so a reader can
 * interpolate between grid lines (0, 5, 10, 15 rather than 2, 7, 12, 21).
 */

const mantissas = [1, 2, 2.5, 5] as const;

export interface ScaleOptions {
  /** Counts (strikes, whole degrees): no tick between two whole numbers. */
  integer?: boolean;
  /**
   * `true`: the ends move out to the nearest ticks (amounts from zero, so the top grid line is
   * labelled). `false`: the ends stay at `min` and `max` and the ticks fall inside, for ranges
   * that already carry their own room (temperatures) or fixed ends (the AQI bands).
   */
  extend?: boolean;
}

export interface NiceScale {
  domain: [number, number];
  ticks: number[];
  /** Each tick as printed: as many decimals as the step needs, no trailing zeros. */
  labels: string[];
  step: number;
}

/**
 * The finest nice step that keeps the axis to `maxTicks` ticks or fewer. A zero-width range is
 * widened to one unit above `min`, so a constant series still gets a scale.
 */
export function niceScale(
  min: number,
  max: number,
  maxTicks: number,
  options: ScaleOptions = {},
): NiceScale {
  if (!Number.isFinite(min)) throw new RangeError(`niceScale: min must be finite, got ${min}`);
  if (!Number.isFinite(max)) throw new RangeError(`niceScale: max must be finite, got ${max}`);
  if (min > max) throw new RangeError(`niceScale: min (${min}) must not exceed max (${max})`);
  if (!Number.isInteger(maxTicks) || maxTicks < 2 || maxTicks > 50) {
    throw new RangeError(
      `niceScale: maxTicks must be a whole number from 2 to 50, got ${maxTicks}`,
    );
  }
  const low = min;
  const high = max > min ? max : min + 1;
  const extend = options.extend ?? true;
  // Start a decade below the rough step, so the loop meets every candidate that could fit.
  let exponent = Math.floor(Math.log10((high - low) / maxTicks)) - 1;
  for (;;) {
    for (const mantissa of mantissas) {
      const step = mantissa * 10 ** exponent;
      // 2.5 × 10⁰ and every step below one are not whole numbers.
      if (options.integer && (exponent < 0 || (exponent === 0 && mantissa === 2.5))) continue;
      const decimals = Math.max(0, -exponent + (mantissa === 2.5 ? 1 : 0));
      const scale = ticksAt(step, decimals, low, high, extend);
      if (scale.ticks.length <= maxTicks) return scale;
    }
    exponent += 1;
  }
}

function ticksAt(
  step: number,
  decimals: number,
  low: number,
  high: number,
  extend: boolean,
): NiceScale {
  // A hair of tolerance, so 0.3 / 0.1 counts as 3 and not 2.9999999999999996.
  const tolerance = 1e-9;
  const first = extend ? Math.floor(low / step + tolerance) : Math.ceil(low / step - tolerance);
  const last = extend ? Math.ceil(high / step - tolerance) : Math.floor(high / step + tolerance);
  const ticks: number[] = [];
  for (let k = first; k <= last; k += 1) ticks.push(Number((k * step).toFixed(decimals)));
  const domain: [number, number] = extend
    ? [ticks[0] ?? low, ticks[ticks.length - 1] ?? high]
    : [low, high];
  return { domain, ticks, labels: ticks.map((tick) => formatTick(tick, decimals)), step };
}

/** `0.5000` → `0.5`, `-0` → `0`: a tick reads as short as its value allows. */
export function formatTick(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/**
 * How many ticks an axis `lengthPx` long holds when labels need `spacingPx` each: one more
 * than the gaps that fit, within `least`..`most`.
 */
export function ticksForLength(lengthPx: number, spacingPx: number, least = 2, most = 8): number {
  if (!(spacingPx > 0))
    throw new RangeError(`ticksForLength: spacingPx must be above 0, got ${spacingPx}`);
  const fit = Math.floor(Math.max(0, lengthPx) / spacingPx) + 1;
  return Math.min(most, Math.max(least, fit));
}
