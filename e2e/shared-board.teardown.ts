import { expect, test as teardown } from '@playwright/test';
import { demoSites } from '../src/server/watch/demo-sites';
import { pmtilesURL, standardPlanURL } from './playwright.config';

/**
 * Runs after every spec (the `e2e` project's teardown), while the servers are still up: the
 * three BFFs are shared by every spec, so a site a spec adds and leaves behind (at the storm,
 * it stops the board) changes what the specs after it see, and fails them far from the cause.
 * Each spec deletes what it adds; this names the one that did not.
 */
teardown(
  'the shared servers hold only the demo sites after every spec',
  async ({ request, baseURL }) => {
    const demo: string[] = demoSites.map((site) => site.name);
    for (const server of [baseURL ?? '', standardPlanURL, pmtilesURL]) {
      const answer = await request.get(`${server}/api/sites`);
      expect(answer.status()).toBe(200);
      const { sites } = (await answer.json()) as { sites: { name: string }[] };
      const left = sites.map((site) => site.name).filter((name) => !demo.includes(name));
      expect(left, `sites a spec left on ${server}`).toEqual([]);
    }
  },
);
