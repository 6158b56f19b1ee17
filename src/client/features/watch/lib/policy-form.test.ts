import { describe, expect, it } from 'vitest';
import {
  defaultPolicy,
  sitePolicySchema,
  policyPresets,
} from '../../../../shared/safety/site-policy';
import { checkPolicy, policyFields, policyValues, presetValues } from './policy-form';

/** Every leaf of a policy by its path: "wind.gust_ms.stop". */
function leafPaths(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [path];
  return Object.entries(value).flatMap(([key, inner]) =>
    leafPaths(inner, path ? `${path}.${key}` : key),
  );
}

describe('the policy form', () => {
  it('reads a policy into text and back to the same policy', () => {
    const values = policyValues(defaultPolicy);
    expect(values['lightning.rings.stop']).toBe('12.9');
    expect(values['aqi.stop']).toBe('301');
    expect(values['alerts.Advisory']).toBe('');
    expect(checkPolicy(values, 'general')).toEqual({ ok: true, policy: defaultPolicy });
  });

  it('covers every threshold of the schema, once', () => {
    const paths = policyFields.map((field) => field.path);
    expect(paths.toSorted()).toEqual(
      leafPaths(defaultPolicy)
        .filter((path) => path !== 'preset')
        .toSorted(),
    );
  });

  it('fills a preset: the crane preset stops lightning at 10 mi (16.1 km) and wind at 9 m/s', () => {
    const values = presetValues('crane');
    expect(values['lightning.rings.stop']).toBe('16.1');
    expect(values['wind.sustained_ms.stop']).toBe('9');
    expect(values['heat.wbgt_flag.caution']).toBe('yellow');
    const checked = checkPolicy(values, 'crane');
    expect(checked).toEqual({ ok: true, policy: sitePolicySchema.parse(policyPresets.crane) });
  });

  it('reads a blank optional field as off, and a blank required one as a mistake', () => {
    const values = { ...policyValues(defaultPolicy), 'lightning.rings.watch': '', 'aqi.stop': ' ' };
    const checked = checkPolicy(values, 'custom');
    expect(checked.ok && checked.policy.lightning.rings.watch).toBeNull();
    expect(checked.ok && checked.policy.aqi.stop).toBeNull();
    expect(checkPolicy({ ...values, 'lightning.rings.stop': '' }, 'custom')).toEqual({
      ok: false,
      errors: { 'lightning.rings.stop': 'must be a number from 1 to 75 km' },
    });
  });

  it('names each field the schema refuses, with the schema’s rule', () => {
    const values = {
      ...policyValues(defaultPolicy),
      'lightning.rings.caution': '10',
      'lightning.all_clear_minutes': '5',
      'wind.gust_ms.caution': '30',
      'wind.gust_ms.stop': '20',
      'aqi.caution': 'lots',
    };
    expect(checkPolicy(values, 'custom')).toEqual({
      ok: false,
      errors: {
        'lightning.rings.caution': 'must be wider than the stop ring (12.9 km)',
        'lightning.all_clear_minutes': 'must be a whole number from 10 to 60 minutes',
        'wind.gust_ms.caution': 'caution must be below stop',
        'aqi.caution': 'must be a whole number from 1 to 500',
      },
    });
  });
});

describe('the policy form in imperial units', () => {
  it('shows the stored metric policy in mi, mph and °F', () => {
    const values = policyValues(defaultPolicy, 'I');
    expect(values['lightning.rings.stop']).toBe('8');
    expect(values['lightning.rings.caution']).toBe('15');
    expect(values['lightning.rings.watch']).toBe('25');
    expect(values['wind.gust_ms.stop']).toBe('55.9');
    expect(values['heat.heat_index_c.caution']).toBe('102.9');
    // Minutes and the AQI have no unit to convert.
    expect(values['lightning.all_clear_minutes']).toBe('30');
    expect(values['aqi.stop']).toBe('301');
  });

  it('saves a policy shown in imperial and left unchanged exactly as it was stored', () => {
    const stored = sitePolicySchema.parse({
      ...policyPresets.general,
      preset: 'custom',
      lightning: { rings: { stop: 12.345, caution: 24.1, watch: null }, all_clear_minutes: 30 },
      wind: { sustained_ms: { caution: 13.37, stop: 17 }, gust_ms: { caution: 18, stop: 25 } },
    });
    const values = policyValues(stored, 'I');
    expect(values['lightning.rings.stop']).toBe('7.7');
    expect(checkPolicy(values, 'custom', 'I', stored)).toEqual({ ok: true, policy: stored });
  });

  it('converts only the field edited: the others keep their stored metric values', () => {
    const values = { ...policyValues(defaultPolicy, 'I'), 'lightning.rings.stop': '11' };
    const checked = checkPolicy(values, 'custom', 'I', defaultPolicy);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.policy.lightning.rings.stop).toBe(17.703);
    expect(checked.policy.lightning.rings.caution).toBe(defaultPolicy.lightning.rings.caution);
    expect(checked.policy.wind).toEqual(defaultPolicy.wind);
    expect(checked.policy.heat).toEqual(defaultPolicy.heat);
    // Read again in miles, the edited field shows what was typed.
    expect(policyValues(checked.policy, 'I')['lightning.rings.stop']).toBe('11');
  });

  it('keeps a preset’s own values when it is chosen in imperial and one field is changed', () => {
    const values: Record<string, string> = { ...presetValues('crane', 'I'), 'aqi.caution': '120' };
    expect(values['lightning.rings.stop']).toBe('10');
    const checked = checkPolicy(values, 'custom', 'I', defaultPolicy);
    expect(checked.ok && checked.policy.lightning.rings.stop).toBe(16.1);
    expect(checked.ok && checked.policy.wind.gust_ms.stop).toBe(13.4);
    expect(checked.ok && checked.policy.heat.heat_index_c.stop).toBe(51.7);
  });

  it('converts a typed imperial value to metric, °F to °C included', () => {
    const values = {
      ...policyValues(defaultPolicy, 'I'),
      'wind.gust_ms.stop': '60',
      'heat.heat_index_c.caution': '100',
    };
    const checked = checkPolicy(values, 'custom', 'I', defaultPolicy);
    expect(checked.ok && checked.policy.wind.gust_ms.stop).toBe(26.822);
    expect(checked.ok && checked.policy.heat.heat_index_c.caution).toBe(37.778);
  });

  it('states the rule in the units shown, rounded inwards so the range it names is accepted', () => {
    const values = {
      ...policyValues(defaultPolicy, 'I'),
      'lightning.rings.stop': '50',
      'lightning.rings.caution': '5',
    };
    const checked = checkPolicy(values, 'custom', 'I', defaultPolicy);
    expect(checked).toEqual({
      ok: false,
      errors: {
        'lightning.rings.stop': 'must be a number from 0.7 to 46.6 mi',
        'lightning.rings.caution': expect.stringMatching(
          /^must be wider than the stop ring \([\d.]+ mi\)$/,
        ),
      },
    });
    // The ends of the range shown are inside the metric range.
    for (const edge of ['0.7', '46.6']) {
      const at = checkPolicy(
        {
          ...policyValues(defaultPolicy, 'I'),
          'lightning.rings.stop': edge,
          'lightning.rings.caution': '',
          'lightning.rings.watch': '',
        },
        'custom',
        'I',
      );
      expect(at.ok).toBe(true);
    }
  });
});
