import { rangeText } from '../../../../shared/api/provider-params';
import { type PolicyField, policyFields } from '../../../../shared/safety/policy-fields';
import {
  policyPresets,
  type PresetName,
  type SitePolicy,
  sitePolicySchema,
} from '../../../../shared/safety/site-policy';
import {
  isMetricUnit,
  metricFromShown,
  metricTextIn,
  shownRange,
  shownValue,
} from '../../../lib/metric-units';
import type { UnitSystem } from '../../../../shared/weather/units';

/**
 * The policy editor's fields, drawn from the policy's own schema, ranges and words
 * (shared/safety/site-policy, policy-fields), and the form's text values to and from a policy.
 * What is valid is the schema's word alone: the editor shows its messages beside the fields they
 * name.
 *
 * The policy is kept in metric (km, m/s, °C); the form shows and reads it in the units setting's
 * units. A value shown and left unchanged is kept exactly as stored (or as a preset has it), so
 * editing one field in miles never moves another by the rounding of its conversion.
 */

export type Preset = PresetName | 'custom';
export const presets = ['crane', 'athletics', 'general', 'custom'] as const satisfies Preset[];

export const presetLabels: Record<Preset, string> = {
  crane: 'Crane (USACE EM 385-1-1)',
  athletics: 'Athletics (NCAA/NATA, ACSM)',
  general: 'General (8/15/25 mi rings)',
  custom: 'Custom',
};

export {
  type PolicyField,
  policyFields,
  policyGroups,
} from '../../../../shared/safety/policy-fields';

/** The form's text for each field by path: '' for a threshold that is off. */
export type PolicyValues = Record<string, string>;

function valueAt(source: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[part]
          : undefined,
      source,
    );
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  const last = parts.pop() as string;
  let node = target;
  for (const part of parts) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[last] = value;
}

/** The metric unit a number field is kept in, when the units setting converts it. */
function metricOf(field: PolicyField) {
  return field.kind === 'number' && isMetricUnit(field.range.unit) ? field.range.unit : undefined;
}

/** A number field's range as the form shows it: "a number from 0.7 to 46.6 mi" in miles. */
export function shownFieldRange(field: PolicyField & { kind: 'number' }, units: UnitSystem) {
  return shownRange(units, field.range);
}

export function policyValues(policy: SitePolicy, units: UnitSystem = 'M'): PolicyValues {
  return Object.fromEntries(
    policyFields.map((field) => {
      const value = valueAt(policy, field.path);
      if (value === null || value === undefined) return [field.path, ''];
      const metric = metricOf(field);
      return [
        field.path,
        metric && typeof value === 'number'
          ? shownValue(units, metric, value)
          : String(value as string | number),
      ];
    }),
  );
}

const presetPolicies = Object.fromEntries(
  (Object.keys(policyPresets) as PresetName[]).map((name) => [
    name,
    sitePolicySchema.parse(policyPresets[name]),
  ]),
) as Record<PresetName, SitePolicy>;

export function presetValues(preset: PresetName, units: UnitSystem = 'M'): PolicyValues {
  return policyValues(presetPolicies[preset], units);
}

/**
 * The form read as the schema reads a policy. A blank optional field is off (null); a blank
 * required one is not a number, and the schema says what it must be. A converted field is read
 * back to metric, keeping the stored policy's value (or a preset's) when it shows as typed.
 */
function policyInput(
  values: PolicyValues,
  preset: Preset,
  units: UnitSystem,
  keep: readonly SitePolicy[],
): Record<string, unknown> {
  const input: Record<string, unknown> = { preset };
  for (const field of policyFields) {
    const text = (values[field.path] ?? '').trim();
    const metric = metricOf(field);
    if (field.kind === 'choice') setAt(input, field.path, text === '' ? null : text);
    else if (text === '') setAt(input, field.path, field.required ? Number.NaN : null);
    else if (metric === undefined || !Number.isFinite(Number(text)))
      setAt(input, field.path, Number(text));
    else
      setAt(
        input,
        field.path,
        metricFromShown(
          units,
          metric,
          Number(text),
          keep.map((policy) => valueAt(policy, field.path) as number | null | undefined),
        ),
      );
  }
  return input;
}

export type PolicyCheck =
  { ok: true; policy: SitePolicy } | { ok: false; errors: Record<string, string> };

/**
 * The policy the form stands for, or the schema's message for each field it refuses, in the
 * units the form shows. `stored` is the policy being edited, whose unchanged values stay exact.
 */
export function checkPolicy(
  values: PolicyValues,
  preset: Preset,
  units: UnitSystem = 'M',
  stored?: SitePolicy,
): PolicyCheck {
  const keep = [...(stored ? [stored] : []), ...Object.values(presetPolicies)];
  const parsed = sitePolicySchema.safeParse(policyInput(values, preset, units, keep));
  if (parsed.success) return { ok: true, policy: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= fieldMessage(path, issue.message, units);
  }
  return { ok: false, errors };
}

/**
 * The schema's message in the form's units. Its range rule is restated with the shown range
 * (rounded inwards, so a value inside it is always accepted); other messages have their metric
 * quantities converted.
 */
function fieldMessage(path: string, message: string, units: UnitSystem): string {
  const field = policyFields.find((candidate) => candidate.path === path);
  if (field?.kind === 'number' && message === `must be ${rangeText(field.range)}`)
    return `must be ${rangeText(shownFieldRange(field, units))}`;
  return metricTextIn(units, message);
}
