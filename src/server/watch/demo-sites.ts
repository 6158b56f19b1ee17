import { policyPresets, sitePolicySchema } from '../../shared/safety/site-policy';
import type { PlannedSite } from '../../shared/safety/lightning-plan';
import { projectWatchSpend } from './quota-projection';
import type { WatchStore } from './store';

/**
 * Demo mode's first start: a handful of sites in storm-prone places, so `npm start` shows a
 * living board. Only once: a deployment whose operators deleted them keeps them deleted.
 */
export const demoSites = [
  { name: 'Tampa Bay crane yard', lat: 27.95, lon: -82.46, preset: 'crane' },
  { name: 'Oklahoma City stadium', lat: 35.46, lon: -97.52, preset: 'athletics' },
  { name: 'Pocahontas depot', lat: 36.26, lon: -90.97, preset: 'general' },
  { name: 'Houston ship channel', lat: 29.73, lon: -95.17, preset: 'crane' },
  { name: 'Darwin wharf', lat: -12.47, lon: 130.85, preset: 'general' },
] as const;

/**
 * Seeds as many of the sites, in order, as the daily limit leaves room for (the same projection
 * that refuses an operator's site): on a small plan the demo watches fewer sites rather than
 * spending past it. Returns how many were added.
 */
export async function seedDemoSites(
  store: WatchStore,
  now: number,
  dailyLimit: number | undefined,
): Promise<number> {
  if ((await store.countSites()) > 0 || (await store.hasSiteHistory())) return 0;
  const planned: PlannedSite[] = [];
  for (const site of demoSites) {
    const policy = sitePolicySchema.parse(policyPresets[site.preset]);
    const next = [...planned, { id: site.name, lat: site.lat, lon: site.lon, policy }];
    if (dailyLimit !== undefined && projectWatchSpend(next).total > dailyLimit) break;
    planned.push(...next.slice(-1));
    await store.createSite(
      {
        name: site.name,
        lat: site.lat,
        lon: site.lon,
        notes: 'A demo site, added on first start.',
        policy: JSON.stringify(policy),
      },
      'demo',
      now,
    );
  }
  return planned.length;
}
