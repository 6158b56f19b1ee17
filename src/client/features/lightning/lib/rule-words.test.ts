import { describe, expect, it } from 'vitest';
import { standardLightningRule } from '../../../../shared/safety/lightning-rule';
import { customRuleWords, ruleWords } from './rule-words';
import { siteMatchKm, type WatchedSite, watchedSiteAt } from './watched-site';

describe('a rule other than the standard, in words', () => {
  it('says a weaker link rule is weaker and what the standard is', () => {
    const weak = { stopKm: 1, cautionKm: 1, clearMinutes: 30 };
    expect(customRuleWords(weak, standardLightningRule, 'M', 'the standard')).toEqual({
      text: 'Custom rule from this link: stop within 1 km, caution within 1 km, all clear after 30 min — weaker than the standard: stop within 12.9 km and caution within 24.1 km',
      weaker: true,
    });
    expect(
      customRuleWords(
        { ...standardLightningRule, clearMinutes: 10 },
        standardLightningRule,
        'M',
        'the standard',
      )?.text,
    ).toMatch(/— weaker than the standard: all clear after 30 min$/);
  });

  it('follows the units and names a stricter rule too', () => {
    const strict = { stopKm: 16.1, cautionKm: 32.2, clearMinutes: 45 };
    expect(customRuleWords(strict, standardLightningRule, 'I', 'the standard')).toEqual({
      text: 'Custom rule from this link: stop within 10 mi, caution within 20 mi, all clear after 45 min — stricter than the standard',
      weaker: false,
    });
    expect(ruleWords(standardLightningRule, 'I')).toBe(
      'stop within 8 mi, caution within 15 mi, all clear after 30 min',
    );
  });

  it('says nothing for the standard itself', () => {
    expect(customRuleWords(standardLightningRule, standardLightningRule, 'M', 'x')).toBeUndefined();
  });
});

describe('the watched site at a point', () => {
  const site = (id: string, lat: number, lon: number): WatchedSite => ({
    id,
    name: id,
    lat,
    lon,
    rule: standardLightningRule,
    level: 'stop',
    reasons: [],
  });
  const sites = [site('a', 36.26, -90.97), site('b', 36.262, -90.97)];

  it('is the nearest site within half a kilometre', () => {
    expect(watchedSiteAt(sites, { lat: 36.2601, lon: -90.9701 })?.id).toBe('a');
    expect(watchedSiteAt(sites, { lat: 36.2619, lon: -90.97 })?.id).toBe('b');
    // 0.01° of latitude is 1.1 km: not the site.
    expect(watchedSiteAt(sites, { lat: 36.25, lon: -90.97 })).toBeUndefined();
    expect(siteMatchKm).toBeLessThan(1);
  });
});
