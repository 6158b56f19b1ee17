import { Hono } from 'hono';
import type { OutlookResponse } from '../../shared/api/outlook-answers';
import { roundCoordinate } from '../../shared/geo/coordinates';
import { judgeOutlook } from '../../shared/safety/outlook';
import { airQualitySchema } from '../../shared/weather/air-quality-schema';
import { dailyForecastSchema } from '../../shared/weather/daily-forecast-schema';
import { freshSeconds } from '../cache/cache-policy';
import type { Logger } from '../log';
import type { Monitor, PipelineAnswer, PipelineFetch } from './monitor';

export interface OutlookRouteOptions {
  monitor: Monitor;
  /** The BFF's own weather routes, as the watch asks them: cache, coalescing and quota apply. */
  fetch: PipelineFetch;
  /** Server time, epoch ms. */
  clock: () => number;
  logger: Logger;
}

/**
 * `GET /sites/:id/outlook`: the 16-day daily forecast and the 72-hour air-quality forecast at
 * the site, judged with its policy (shared/safety/outlook). Both are asked for at the point the
 * watch uses for the site, through the same cache as any client, so every site on a point and
 * every reader within the cache's hour share two provider requests.
 */
export function outlookRoutes(options: OutlookRouteOptions) {
  const app = new Hono();

  const ask = async (
    endpoint: 'forecast/daily' | 'forecast/airquality',
    lat: number,
    lon: number,
  ) =>
    options
      .fetch(
        endpoint,
        { lat: roundCoordinate(lat), lon: roundCoordinate(lon) },
        freshSeconds[endpoint],
      )
      .catch((error: unknown): PipelineAnswer => {
        options.logger.error('outlook-fetch', { endpoint, message: (error as Error).message });
        return { status: 502, body: { error: 'The weather provider could not be asked' }, ageS: 0 };
      });

  app.get('/sites/:id/outlook', async (c) => {
    await options.monitor.ready();
    const runtime = options.monitor.get(c.req.param('id'));
    if (!runtime) return c.json({ error: `No site ${c.req.param('id')}` }, 404);
    const { lat, lon } = runtime.site;
    const [daily, air] = await Promise.all([
      ask('forecast/daily', lat, lon),
      ask('forecast/airquality', lat, lon),
    ]);
    const forecast = daily.status === 200 ? dailyForecastSchema.safeParse(daily.body) : undefined;
    if (!forecast?.success) {
      // The weather routes' own words (a spent budget's 429, a timeout's 504) say why.
      const why = (daily.body as { error?: unknown } | null)?.error;
      const status =
        daily.status === 429 || daily.status === 503 || daily.status === 504 ? daily.status : 502;
      return c.json(
        {
          error: `No daily forecast for site ${runtime.site.id}${typeof why === 'string' ? `: ${why}` : ''}`,
        },
        status,
      );
    }
    // Without air quality the outlook still stands: the days say they could not judge it.
    const hours = air.status === 200 ? airQualitySchema.safeParse(air.body) : undefined;
    if (!hours?.success)
      options.logger.error('outlook-air-quality', { site: runtime.site.id, status: air.status });
    return c.json({
      site_id: runtime.site.id,
      generated_at: new Date(options.clock()).toISOString(),
      days: judgeOutlook(
        runtime.policy,
        forecast.data.data,
        hours?.success ? hours.data.data : undefined,
      ),
    } satisfies OutlookResponse);
  });
  return app;
}
