import { describe, expect, it } from 'vitest';
import { policyChanges, policyChangeText, policyEditCause } from './policy-diff';
import { policyPresets, sitePolicySchema } from './site-policy';

describe('a policy edit', () => {
  const general = sitePolicySchema.parse(policyPresets.general);

  it('lists the fields it changed, from and to, and nothing else', () => {
    const edited = sitePolicySchema.parse({
      ...general,
      preset: 'custom',
      lightning: { rings: { ...general.lightning.rings, stop: 20 }, all_clear_minutes: 10 },
      alerts: { ...general.alerts, Warning: null },
    });
    const changes = policyChanges(general, edited);
    expect(changes).toEqual([
      { field: 'preset', from: 'general', to: 'custom' },
      { field: 'lightning.rings.stop', from: 12.9, to: 20 },
      { field: 'lightning.all_clear_minutes', from: 30, to: 10 },
      { field: 'alerts.Warning', from: 'stop', to: null },
    ]);
    expect(changes.map(policyChangeText)).toEqual([
      'preset general → custom',
      'lightning stop ring 12.9 km → 20 km',
      'all-clear time 30 min → 10 min',
      'Warning alerts stop → off',
    ]);
    expect(policyEditCause('admin', changes.slice(1, 2))).toBe(
      'policy edit by admin: lightning stop ring 12.9 km → 20 km',
    );
  });

  it('names every field of the policy in words, never by its bare path', () => {
    // Every leaf changed, so every field of the schema (a new rule's too) is named.
    const everyField = JSON.parse(JSON.stringify(general), (_key, value: unknown) =>
      value !== null && typeof value === 'object' ? value : 'x',
    ) as typeof general;
    const changes = policyChanges(general, everyField);
    expect(changes.map((change) => change.field)).toContain('heat.wbgt_flag.stop');
    for (const { field } of changes.filter((change) => change.field !== 'preset'))
      expect(policyChangeText({ field, from: 1, to: 2 })).not.toMatch(`${field} `);
  });

  it('finds nothing in a policy saved unchanged', () => {
    expect(policyChanges(general, sitePolicySchema.parse(policyPresets.general))).toEqual([]);
  });
});
