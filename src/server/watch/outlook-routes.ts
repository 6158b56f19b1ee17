import { Hono } from 'hono';
import type { OutlookResponse } from '../../shared/api/outlook-answers';
import type { Monitor } from './monitor';
import { siteOutlook, type SiteOutlookOptions } from './site-outlook';

export interface OutlookRouteOptions extends SiteOutlookOptions {
  monitor: Monitor;
}

/** `GET /sites/:id/outlook`: the site's days judged with its policy (see site-outlook.ts). */
export function outlookRoutes(options: OutlookRouteOptions) {
  const app = new Hono();
  app.get('/sites/:id/outlook', async (c) => {
    await options.monitor.ready();
    const runtime = options.monitor.get(c.req.param('id'));
    if (!runtime) return c.json({ error: `No site ${c.req.param('id')}` }, 404);
    const answer = await siteOutlook(options, runtime);
    if (!answer.ok) return c.json({ error: answer.error }, answer.status);
    return c.json(answer.outlook satisfies OutlookResponse);
  });
  return app;
}
