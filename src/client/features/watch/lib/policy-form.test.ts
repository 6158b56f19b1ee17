import { describe, expect, it } from 'vitest';
import {
  defaultPolicy,
  sitePolicySchema,
  policyPresets,
} from '../../../../shared/safety/site-policy';
import { checkPolicy, policyFields, policyValues, presetValues } from './policy-form';

describe('the policy form', () => {
  it('reads a policy into text and back to the same policy', () => {
    const values = policyValues(defaultPolicy);
    expect(values['lightning.rings.stop']).toBe('12.9');
    expect(values['aqi.stop']).toBe('301');
    expect(values['alerts.Advisory']).toBe('');
    expect(checkPolicy(values, 'general')).toEqual({ ok: true, policy: defaultPolicy });
  });

  it('covers every threshold of the schema', () => {
    const paths = policyFields.map((field) => field.path);
    expect(paths).toHaveLength(17);
    expect(new Set(paths).size).toBe(paths.length);
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
