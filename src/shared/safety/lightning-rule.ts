import { type ParamRange, providerRanges } from '../api/provider-params';

/**
 * A site's lightning rule and its limits, written once: the dashboard's inputs and links, the
 * lightning search and (later) the server-side watch all read them from here.
 */

/** How far and how far back the provider's current-lightning search reaches (the interface's). */
export const lightningSearchReach = {
  km: providerRanges.search_distance_km.max,
  minutes: providerRanges.search_mins.max,
} as const;

export interface LightningRule {
  /** Strikes this close stop work (km). */
  stopKm: number;
  /** Strikes this close, outside the stop radius, call for caution (km). */
  cautionKm: number;
  /** Minutes without a strike inside a radius before it stands down. */
  clearMinutes: number;
}

export type RuleRange = ParamRange;

/**
 * A rule can only be judged on strikes the search can see, so every radius stays inside the
 * provider's reach and the all-clear time inside its look-back: a 60-minute rule on a 45-minute
 * search would call ALL CLEAR on a strike it never asked about.
 */
export const lightningRuleRanges = {
  stopKm: { min: 1, max: lightningSearchReach.km, integer: false, unit: 'km' },
  cautionKm: { min: 1, max: lightningSearchReach.km, integer: false, unit: 'km' },
  clearMinutes: { min: 5, max: lightningSearchReach.minutes, integer: true, unit: 'minutes' },
} as const satisfies Record<keyof LightningRule, RuleRange>;

export const defaultStopKm = 10;
export const defaultClearMinutes = 30;

/**
 * The caution radius, when a rule does not set its own: twice the stop radius (the rule links
 * made before it was a setting of its own were read with), within the search's reach.
 */
export function defaultCautionKm(stopKm: number): number {
  return Math.min(lightningRuleRanges.cautionKm.max, 2 * stopKm);
}

export const defaultLightningRule: LightningRule = {
  stopKm: defaultStopKm,
  cautionKm: defaultCautionKm(defaultStopKm),
  clearMinutes: defaultClearMinutes,
};

/**
 * The values a field may take: its range, and for a caution radius not inside the stop radius
 * (`stopKm`), so a rule never calls CAUTION for strikes that already mean STOP.
 */
export function ruleBounds(field: keyof LightningRule, stopKm?: number): RuleRange {
  const range: RuleRange = lightningRuleRanges[field];
  return field === 'cautionKm' && stopKm !== undefined
    ? { ...range, min: Math.max(range.min, stopKm) }
    : range;
}

/** The search distance and look-back a rule needs, at least what the user asked to see. */
export function searchForRule(
  rule: LightningRule,
  wanted: { km: number; minutes: number },
): { km: number; minutes: number } {
  return {
    km: Math.min(
      lightningSearchReach.km,
      Math.max(wanted.km, Math.ceil(rule.cautionKm), Math.ceil(rule.stopKm)),
    ),
    minutes: Math.min(lightningSearchReach.minutes, Math.max(wanted.minutes, rule.clearMinutes)),
  };
}
