import { afterAll, describe, expect, it } from 'vitest';
import type { SiteJson, WatchSpendJson } from '../../shared/api/watch-answers';
import { closeInProcessApps, inProcessApp } from '../testing/in-process';

afterAll(closeInProcessApps);

async function seeded(env: Record<string, string>) {
  const instance = inProcessApp(env);
  await instance.watch.ready;
  const response = await instance.app.request('/api/sites');
  return (await response.json()) as { sites: SiteJson[]; spend: WatchSpendJson };
}

describe('demo mode seeds sites on first start', () => {
  it('seeds five storm-prone sites when the plan leaves room', async () => {
    const { sites, spend } = await seeded({ DEMO_PLAN: 'business' });
    expect(sites.map((site) => site.name)).toContain('Pocahontas depot');
    expect(sites).toHaveLength(5);
    expect(spend.units_per_day).toBeLessThanOrEqual(spend.limit ?? 0);
  });

  it('seeds only as many as the daily limit leaves room for', async () => {
    // Each seeded site asks on its own point: 1,440 lightning, 1,440 alerts and 144 current a day.
    const { sites, spend } = await seeded({ DEMO_PLAN: 'business', QUOTA_DAILY_LIMIT: '7000' });
    expect(sites).toHaveLength(2);
    expect(spend.units_per_day).toBe(2 * 3024);
    expect((await seeded({ DEMO_PLAN: 'free' })).sites).toHaveLength(0);
  });
});
