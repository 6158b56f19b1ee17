import { policyFields } from './policy-fields';
import type { SitePolicy } from './site-policy';

/**
 * What an edit changed in a site's policy, field by field, for the record: the site's changes
 * and the level change an edit causes both say which thresholds moved, from what to what.
 */

export type PolicyValue = string | number | null;

export interface PolicyChange {
  /** The field's path in the policy: "lightning.rings.stop". */
  field: string;
  from: PolicyValue;
  to: PolicyValue;
}

/** Every leaf of a policy by its path, in the policy's own order. */
function leaves(value: unknown, path: string[] = []): [string, PolicyValue][] {
  if (value !== null && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
      leaves(inner, [...path, key]),
    );
  return [[path.join('.'), value as PolicyValue]];
}

export function policyChanges(before: SitePolicy, after: SitePolicy): PolicyChange[] {
  const old = new Map(leaves(before));
  const changes: PolicyChange[] = [];
  for (const [field, to] of leaves(after)) {
    const from = old.get(field) ?? null;
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/** Each field in words (shared/safety/policy-fields), with the unit its values are stored in. */
const fieldWords = new Map<string, { name: string; unit?: string }>([
  ['preset', { name: 'preset' }],
  ...policyFields.map((field): [string, { name: string; unit?: string }] => [
    field.path,
    {
      name: field.name,
      unit: field.recordUnit ?? (field.kind === 'number' ? field.range.unit : undefined),
    },
  ]),
]);

function valueText(value: PolicyValue, unit: string | undefined): string {
  if (value === null) return 'off';
  return unit ? `${value} ${unit}` : String(value);
}

/** "lightning stop ring 12.9 km → 30 km". */
export function policyChangeText(change: PolicyChange): string {
  const words = fieldWords.get(change.field) ?? { name: change.field };
  return `${words.name} ${valueText(change.from, words.unit)} → ${valueText(change.to, words.unit)}`;
}

/** "policy edit by admin: lightning stop ring 12.9 km → 30 km; all-clear time 30 min → 10 min". */
export function policyEditCause(operator: string, changes: readonly PolicyChange[]): string {
  const what = changes.map(policyChangeText).join('; ');
  return `policy edit by ${operator}${what ? `: ${what}` : ''}`;
}
