import {
  inRange,
  providerDefaults,
  rangeText,
  providerRanges,
  thresholdAnyRange,
  thresholdScale,
} from '../../../shared/api/provider-params';
import { pollutants } from '../../../shared/weather/aqi';
import type { UnitSystem } from '../../../shared/weather/units';
import { unitsKey } from '../../lib/url-state/display-keys';
import { choiceKey, listKey, numberKey, urlKey } from '../../lib/url-state/url-key';

/** Each forecast panel's own settings, under the interface's parameter names. */

/** Daily forecast length. */
export const daysKey = numberKey('days', providerRanges.days, providerDefaults.days);
/** Air-quality forecast length. */
export const hoursKey = numberKey('hours', providerRanges.hours, providerDefaults.hours);
/** Pollutants drawn beside the AQI. */
export const pollutantsKey = listKey('pollutants', pollutants);
/** Energy forecast period. */
export const periodKey = choiceKey('tp', ['daily', 'hourly'], providerDefaults.tp);

/**
 * The degree-day threshold, read in the link's units as the provider reads it: °F with imperial
 * units, °C otherwise (scientific included).
 */
export const thresholdKey = urlKey<number>('threshold', {
  parse: (raw, read) => {
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    return inRange(value, thresholdScale(read(unitsKey))) ? value : undefined;
  },
  fallback: (read) => thresholdScale(read(unitsKey)).fallback,
  omitWhen: (value, read) => Math.abs(value - thresholdScale(read(unitsKey)).fallback) <= 0.005,
  allowed: (_read, raw) => {
    const imperial = thresholdScale('I');
    // A number no unit system takes, or one only °F takes: both said with their units.
    return inRange(Number(raw), thresholdAnyRange)
      ? `${rangeText(thresholdScale('M'))} (${imperial.min} to ${imperial.max} ${imperial.unit} with units=I)`
      : `${rangeText(imperial)} with units=I`;
  },
});

export function thresholdUnit(units: UnitSystem): '°C' | '°F' {
  return thresholdScale(units).unit;
}

/** A threshold carried from one unit system to another, to a hundredth. */
export function thresholdIn(value: number, from: UnitSystem, to: UnitSystem): number {
  const wasImperial = from === 'I';
  const imperial = to === 'I';
  const converted =
    wasImperial === imperial ? value : imperial ? value * 1.8 + 32 : (value - 32) / 1.8;
  return Math.round(converted * 100) / 100;
}
