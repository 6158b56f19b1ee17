import { describe, expect, it } from 'vitest';
import { policyPresets, sitePolicySchema } from '../../../../shared/safety/site-policy';
import { ringBounds, siteBounds, siteFeatures } from './site-features';
import { testSite } from './test-sites';

describe('siteFeatures', () => {
  it('draws each site as a point coloured by its level, a site without data by its last level', () => {
    const { points } = siteFeatures([
      testSite('a', 'Yard', { level: 'stop' }),
      testSite('b', 'Depot', { level: 'no_data', last_level: 'caution' }),
      testSite('c', 'Dock', { level: 'no_data', last_level: null }),
    ]);
    expect(points.features.map((feature) => feature.properties)).toEqual([
      { id: 'a', name: 'Yard', level: 'stop', edge: 'stop', rank: 0 },
      { id: 'b', name: 'Depot', level: 'no_data', edge: 'caution', rank: 1 },
      { id: 'c', name: 'Dock', level: 'no_data', edge: 'no_data', rank: 1 },
    ]);
    expect(points.features[0]?.geometry.coordinates).toEqual([-91, 36.5]);
  });

  it('draws the policy’s rings at their radii, the one behind the level heavier', () => {
    const { rings } = siteFeatures([testSite('a', 'Yard', { level: 'caution' })]);
    // The general preset: 8, 15 and 25 mi, to a tenth of a km.
    expect(
      rings.features.map((feature) => [feature.properties.ring, feature.properties.km]),
    ).toEqual([
      ['stop', 12.9],
      ['caution', 24.1],
      ['watch', 40.2],
    ]);
    expect(rings.features.map((feature) => feature.properties.active)).toEqual([
      false,
      true,
      false,
    ]);
    // The stop ring's northern point: 12.9 km north of 36.5° N is 12.9 / 111.195 = 0.11601° on.
    const ring = rings.features[0]!.geometry.coordinates[0]!;
    expect(ring[0]![1]).toBeCloseTo(36.61601, 3);
    expect(ring[0]![0]).toBeCloseTo(-91, 6);
    expect(ring.at(-1)).toEqual(ring[0]);
  });

  it('leaves out a ring the policy switches off', () => {
    const policy = sitePolicySchema.parse({
      ...policyPresets.crane,
      lightning: { rings: { stop: 16.1, caution: null, watch: null }, all_clear_minutes: 30 },
    });
    const { rings } = siteFeatures([{ ...testSite('a', 'Yard'), policy }]);
    expect(rings.features.map((feature) => feature.properties.ring)).toEqual(['stop']);
  });
});

describe('siteBounds', () => {
  it('frames sites in one region by their extremes', () => {
    expect(
      siteBounds([
        { lat: 36.5, lon: -91 },
        { lat: 27.95, lon: -82.46 },
        { lat: 35.46, lon: -97.52 },
      ]),
    ).toEqual([
      [-97.52, 27.95],
      [-82.46, 36.5],
    ]);
  });

  it('frames sites on both sides of the Pacific across it, not round the world', () => {
    // Oklahoma City to Darwin: 131.63° across the Pacific (180 − 130.85 + 180 − 97.52),
    // against 228.37° through Europe.
    const bounds = siteBounds([
      { lat: 35.46, lon: -97.52 },
      { lat: -12.47, lon: 130.85 },
      { lat: 27.95, lon: -82.46 },
    ]);
    expect(bounds?.[0]).toEqual([130.85, -12.47]);
    expect(bounds?.[1][0]).toBeCloseTo(277.54, 6);
    expect(bounds?.[1][1]).toBe(35.46);
  });

  it('has nothing to frame without sites, and a point for one site', () => {
    expect(siteBounds([])).toBeUndefined();
    expect(siteBounds([{ lat: 1, lon: 2 }])).toEqual([
      [2, 1],
      [2, 1],
    ]);
  });
});

describe('ringBounds', () => {
  it('frames the outer ring: 40.2 km either side of the site', () => {
    const site = testSite('a', 'Yard');
    const [[west, south], [east, north]] = ringBounds(site);
    // 40.2 km of latitude is 40.2 / 111.195 = 0.3615°; of longitude at 36.5° N, 0.3615 / cos 36.5°.
    expect(north - site.lat).toBeCloseTo(0.3615, 3);
    expect(site.lat - south).toBeCloseTo(0.3615, 3);
    expect(east - site.lon).toBeCloseTo(0.3615 / Math.cos((36.5 * Math.PI) / 180), 2);
    expect(site.lon - west).toBeCloseTo(east - site.lon, 6);
  });

  it('keeps a ring across the antimeridian in one piece, past 180', () => {
    const site = { ...testSite('a', 'Suva'), lat: -18.1, lon: 179.9 };
    const [[west], [east]] = ringBounds(site);
    expect(west).toBeLessThan(179.9);
    expect(east).toBeGreaterThan(180);
    expect(east - west).toBeLessThan(1);
  });
});
