import { describe, expect, it } from 'vitest';
import { inRange } from '../api/provider-params';
import {
  compareRule,
  defaultCautionKm,
  lightningRuleRanges,
  ruleBounds,
  ruleWithOverrides,
  searchForRule,
  standardLightningRule,
  widestRule,
} from './lightning-rule';
import {
  defaultPolicy,
  lightningPolicySchema,
  policyLightningRule,
  policyPresets,
  policyRanges,
} from './site-policy';

describe('one lightning rule for the map and the watch', () => {
  it('has one default: the watch’s default policy is the map’s standard rule (8 and 15 mi, 30 min)', () => {
    expect(standardLightningRule).toEqual({ stopKm: 12.9, cautionKm: 24.1, clearMinutes: 30 });
    expect(policyLightningRule(defaultPolicy)).toEqual(standardLightningRule);
    expect(policyLightningRule(policyPresets.athletics)).toEqual(standardLightningRule);
  });

  it('has one range: an all-clear of 10 to 60 minutes, radii within one search, map and watch alike', () => {
    expect(policyRanges.allClearMinutes).toEqual(lightningRuleRanges.clearMinutes);
    expect(policyRanges.ringKm).toEqual(lightningRuleRanges.stopKm);
    const policyTakes = (minutes: number) =>
      lightningPolicySchema.safeParse({ rings: { stop: 10 }, all_clear_minutes: minutes }).success;
    for (const minutes of [5, 9, 10, 30, 45, 46, 60, 61, 30.5])
      expect([minutes, inRange(minutes, ruleBounds('clearMinutes'))]).toEqual([
        minutes,
        policyTakes(minutes),
      ]);
    expect(inRange(5, ruleBounds('clearMinutes'))).toBe(false);
    expect(inRange(60, ruleBounds('clearMinutes'))).toBe(true);
  });
});

describe('a link’s rule over a baseline', () => {
  const site = { stopKm: 16.1, cautionKm: 24.1, clearMinutes: 45 };

  it('takes what the link sets and the rest from the baseline', () => {
    expect(ruleWithOverrides(site, {})).toEqual(site);
    expect(ruleWithOverrides(site, { clearMinutes: 20 })).toEqual({ ...site, clearMinutes: 20 });
    // A stop radius without a caution radius: twice the stop radius, as links were always read.
    expect(ruleWithOverrides(site, { stopKm: 5 })).toEqual({ ...site, stopKm: 5, cautionKm: 10 });
    expect(ruleWithOverrides(standardLightningRule, { stopKm: 12.9 })).toEqual(
      standardLightningRule,
    );
    // Never a caution radius inside the stop radius.
    expect(ruleWithOverrides(site, { cautionKm: 3 }).cautionKm).toBe(16.1);
    expect(defaultCautionKm(50)).toBe(75);
  });

  it('is weaker when any part is smaller or shorter, stricter when none is and one is larger', () => {
    const weak = { stopKm: 1, cautionKm: 1, clearMinutes: 30 };
    expect(compareRule(weak, standardLightningRule)).toEqual({
      same: false,
      weaker: true,
      weakerParts: ['stopKm', 'cautionKm'],
    });
    expect(
      compareRule({ ...standardLightningRule, clearMinutes: 10 }, standardLightningRule),
    ).toMatchObject({ weaker: true, weakerParts: ['clearMinutes'] });
    // Wider stop ring but a shorter all-clear is still weaker.
    expect(
      compareRule({ stopKm: 20, cautionKm: 30, clearMinutes: 20 }, standardLightningRule).weaker,
    ).toBe(true);
    expect(compareRule(site, standardLightningRule)).toEqual({
      same: false,
      weaker: false,
      weakerParts: [],
    });
    expect(compareRule(standardLightningRule, standardLightningRule).same).toBe(true);
  });

  it('searches far and long enough for the rule and its baseline both', () => {
    const weak = { stopKm: 1, cautionKm: 1, clearMinutes: 10 };
    expect(searchForRule(widestRule(weak, standardLightningRule), { km: 20, minutes: 30 })).toEqual(
      { km: 25, minutes: 30 },
    );
    // The provider looks back 45 minutes at most, whatever the rule.
    expect(searchForRule({ ...site, clearMinutes: 60 }, { km: 20, minutes: 30 }).minutes).toBe(45);
  });
});
