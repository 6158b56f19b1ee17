import { describe, expect, it } from 'vitest';
import { distanceKm } from '../geo/great-circle';
import { searchOfSite, watchLightningQuery } from './lightning-plan';
import { defaultPolicy, outerRingKm } from './site-policy';

const site = (id: string, lat: number, lon: number) => ({ id, lat, lon, policy: defaultPolicy });

describe('searchOfSite', () => {
  it('finds the search a cluster shares, holding the site’s outer ring', () => {
    const sites = [site('a', 36.26, -90.97), site('b', 36.4, -91.2), site('far', -12.47, 130.85)];
    const search = searchOfSite(sites, 'b');
    expect(search?.siteIds.sort()).toEqual(['a', 'b']);
    const reach = distanceKm(search!.lat, search!.lon, 36.4, -91.2) + outerRingKm(defaultPolicy);
    expect(search!.radiusKm).toBeGreaterThanOrEqual(reach);
    expect(searchOfSite(sites, 'far')).toMatchObject({
      lat: -12.47,
      lon: 130.85,
      siteIds: ['far'],
    });
    expect(searchOfSite(sites, 'gone')).toBeUndefined();
  });
});

describe('watchLightningQuery', () => {
  it('asks for the provider’s whole look-back and limit, nearest first', () => {
    expect(watchLightningQuery({ lat: 36.26, lon: -90.97, radiusKm: 41, siteIds: ['a'] })).toEqual({
      lat: 36.26,
      lon: -90.97,
      search_distance_km: 41,
      search_mins: 45,
      limit: 2500,
      sort: 'distance',
    });
  });
});
