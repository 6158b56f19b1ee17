import { type ParamRange, providerRanges } from '../api/provider-params';
import { kilometresPerMile } from '../geo/great-circle';

/**
 * The lightning rule and its limits, written once: the map's safety card and its links, the
 * lightning search, and the watch's site policies (site-policy.ts derives its rings and
 * all-clear range from here) all read them from this file, so a map and a watch can never
 * default to or allow different rules.
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

/** A distance in whole miles as kilometres to 0.1 km, as the standard's miles are stored. */
export const kmOfMiles = (miles: number) => Math.round(miles * kilometresPerMile * 10) / 10;

/**
 * Every radius stays inside one lightning search. The all-clear time is 10–60 minutes: below 10
 * a storm's lulls between strikes would stand a site down while it is still overhead. Longer
 * than the search's 45-minute look-back is allowed: the watch keeps each ring's clock itself,
 * and the map's card, which has only one search to judge by, says it cannot confirm a stand-down
 * it cannot back (see lookbackCovers).
 */
export const lightningRuleRanges = {
  stopKm: { min: 1, max: lightningSearchReach.km, integer: false, unit: 'km' },
  cautionKm: { min: 1, max: lightningSearchReach.km, integer: false, unit: 'km' },
  clearMinutes: { min: 10, max: 60, integer: true, unit: 'minutes' },
} as const satisfies Record<keyof LightningRule, RuleRange>;

/**
 * The standard rule: rings at 8, 15 and 25 miles (the NCAA/NATA 8-mile stop radius, DTN-style
 * outer rings) and the 30-minute rule of lightning safety practice. The map judges by the stop
 * and caution rings; the watch adds the watch ring.
 */
export const standardRingsKm = { stop: kmOfMiles(8), caution: kmOfMiles(15), watch: kmOfMiles(25) };
export const standardClearMinutes = 30;

export const standardLightningRule: LightningRule = {
  stopKm: standardRingsKm.stop,
  cautionKm: standardRingsKm.caution,
  clearMinutes: standardClearMinutes,
};

/**
 * The caution radius of a rule that sets its stop radius but no caution radius: the standard's
 * for the standard stop radius, otherwise twice the stop radius (how links made before caution
 * was a setting of its own were read), within the search's reach.
 */
export function defaultCautionKm(stopKm: number): number {
  if (stopKm === standardLightningRule.stopKm) return standardLightningRule.cautionKm;
  return Math.min(lightningRuleRanges.cautionKm.max, 2 * stopKm);
}

/**
 * A rule with what a link sets laid over a baseline (the standard, or a watched site's policy):
 * a link that sets a stop radius without a caution radius gets that stop radius's default caution
 * radius, and the caution radius never falls inside the stop radius.
 */
export function ruleWithOverrides(
  baseline: LightningRule,
  link: Partial<LightningRule>,
): LightningRule {
  const stopKm = link.stopKm ?? baseline.stopKm;
  const cautionKm =
    link.cautionKm ?? (link.stopKm === undefined ? baseline.cautionKm : defaultCautionKm(stopKm));
  return {
    stopKm,
    cautionKm: Math.max(cautionKm, stopKm),
    clearMinutes: link.clearMinutes ?? baseline.clearMinutes,
  };
}

/**
 * How a rule compares with the one it should be (the standard, or a watched site's policy).
 * `weaker` when any part relaxes it: a smaller stop or caution radius, or a shorter all-clear
 * time. A rule weaker in one part is weaker, whatever it tightens elsewhere.
 */
export interface RuleComparison {
  same: boolean;
  weaker: boolean;
  /** The parts that relax the rule, worded for a reader ("stop radius 1 km < 12.9 km"). */
  weakerParts: (keyof LightningRule)[];
}

export function compareRule(rule: LightningRule, baseline: LightningRule): RuleComparison {
  const weakerParts = (['stopKm', 'cautionKm', 'clearMinutes'] as const).filter(
    (part) => rule[part] < baseline[part],
  );
  const same =
    rule.stopKm === baseline.stopKm &&
    rule.cautionKm === baseline.cautionKm &&
    rule.clearMinutes === baseline.clearMinutes;
  return { same, weaker: weakerParts.length > 0, weakerParts };
}

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

/** A rule as wide and long as both, for a search that must serve either. */
export function widestRule(a: LightningRule, b: LightningRule): LightningRule {
  return {
    stopKm: Math.max(a.stopKm, b.stopKm),
    cautionKm: Math.max(a.cautionKm, b.cautionKm),
    clearMinutes: Math.max(a.clearMinutes, b.clearMinutes),
  };
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

/** How far back one search for the rule looks: its all-clear time, as far as the provider goes. */
export function ruleLookbackMinutes(rule: LightningRule): number {
  return Math.min(lightningSearchReach.minutes, rule.clearMinutes);
}

/**
 * Whether one search looking back `lookbackMinutes` can back a stand-down under `rule`: only if
 * it saw the whole all-clear time. A 60-minute rule on a 45-minute search could call ALL CLEAR on
 * a strike 50 minutes ago that it never asked about.
 */
export function lookbackCovers(rule: LightningRule, lookbackMinutes: number): boolean {
  return lookbackMinutes >= rule.clearMinutes;
}
