import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { alertsParamsSchema, currentParamsSchema } from '../../shared/api/endpoints';
import { parseQuery } from '../../shared/api/query';
import { type ProviderClient, UpstreamError } from '../upstream/provider-client';

/** Provider paths the BFF fronts, each with the schema its query must pass. */
const endpoints: Record<string, z.ZodType> = {
  current: currentParamsSchema,
  alerts: alertsParamsSchema,
};

/**
 * `/api/<provider path>`: validate, then forward with the key added server-side, passing the
 * provider's status and JSON through.
 */
export function weatherRoutes(provider: ProviderClient) {
  const app = new Hono();
  for (const [path, schema] of Object.entries(endpoints)) {
    app.get(`/${path}`, async (c) => {
      const params = new URL(c.req.url).searchParams;
      const parsed = parseQuery(schema, params);
      if (!parsed.ok) return c.json({ error: parsed.error }, 400);
      try {
        const upstream = await provider.get(path, params);
        if (upstream.status === 204 || upstream.body === null) return c.body(null, 204);
        return c.json(upstream.body, upstream.status as ContentfulStatusCode);
      } catch (error) {
        if (error instanceof UpstreamError) return c.json({ error: error.message }, error.status);
        throw error;
      }
    });
  }
  return app;
}
