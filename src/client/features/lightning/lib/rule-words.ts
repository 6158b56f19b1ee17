import { compareRule, type LightningRule } from '../../../../shared/safety/lightning-rule';
import { distanceText, type UnitSystem } from '../../../../shared/weather/units';

const partWords: Record<keyof LightningRule, (rule: LightningRule, units: UnitSystem) => string> = {
  stopKm: (rule, units) => `stop within ${distanceText(units, rule.stopKm, { trim: true })}`,
  cautionKm: (rule, units) =>
    `caution within ${distanceText(units, rule.cautionKm, { trim: true })}`,
  clearMinutes: (rule) => `all clear after ${rule.clearMinutes} min`,
};

/** "stop within 1 km, caution within 2 km, all clear after 30 min". */
export function ruleWords(rule: LightningRule, units: UnitSystem): string {
  return (['stopKm', 'cautionKm', 'clearMinutes'] as const)
    .map((part) => partWords[part](rule, units))
    .join(', ');
}

/**
 * A rule that differs from what it should be, said so that nobody can miss it: "Custom rule from
 * this link: stop within 1 km, caution within 1 km, all clear after 30 min — weaker than the
 * standard: stop within 12.9 km and caution within 24.1 km". Undefined when they are the same.
 */
export function customRuleWords(
  rule: LightningRule,
  baseline: LightningRule,
  units: UnitSystem,
  baselineName: string,
): { text: string; weaker: boolean } | undefined {
  const comparison = compareRule(rule, baseline);
  if (comparison.same) return undefined;
  const head = `Custom rule from this link: ${ruleWords(rule, units)}`;
  if (!comparison.weaker) return { text: `${head} — stricter than ${baselineName}`, weaker: false };
  const parts = comparison.weakerParts.map((part) => partWords[part](baseline, units));
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return { text: `${head} — weaker than ${baselineName}: ${list}`, weaker: true };
}
