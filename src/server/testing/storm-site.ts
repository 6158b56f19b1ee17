import type { SitePolicyInput } from '../../shared/safety/site-policy';

/**
 * A site under the simulator's pinned storm (Pocahontas, Arkansas, at the tests' 18:20Z: strikes
 * 6.9 km and 7.7 km away), and two policies that put it at a known level: the alarm tests' shared
 * ground, so each says only what it adds.
 */
export const stormSite = { lat: 36.5, lon: -91 };

/** The 6.9 km strike is inside the stop ring: STOP until 18:40:48.999 and fresh data after it. */
export const stopPolicy: SitePolicyInput = {
  lightning: { rings: { stop: 7, caution: 9, watch: 40 }, all_clear_minutes: 30 },
};

/**
 * The same strikes fall in the caution ring only. Its watch ring differs from the stop policy's,
 * so the site has a lightning search of its own, fetched the moment it is added.
 */
export const cautionPolicy: SitePolicyInput = {
  lightning: { rings: { stop: 5, caution: 9, watch: 30 }, all_clear_minutes: 30 },
};
