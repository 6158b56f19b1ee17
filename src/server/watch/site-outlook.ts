import type { OutlookResponse } from '../../shared/api/outlook-answers';
import { roundCoordinate } from '../../shared/geo/coordinates';
import { judgeOutlook } from '../../shared/safety/outlook';
import { airQualitySchema } from '../../shared/weather/air-quality-schema';
import { dailyForecastSchema } from '../../shared/weather/daily-forecast-schema';
import { freshSeconds } from '../../shared/api/freshness';
import type { Logger } from '../log';
import type { PipelineAnswer, PipelineFetch, SiteRuntime } from './monitor';

export interface SiteOutlookOptions {
  /** The BFF's own weather routes, as the watch asks them: cache, coalescing and quota apply. */
  fetch: PipelineFetch;
  /** Server time, epoch ms. */
  clock: () => number;
  logger: Logger;
}

/** The outlook, or why there is none: the weather routes' status and words. */
export type SiteOutlook =
  | { ok: true; outlook: OutlookResponse }
  | { ok: false; status: 429 | 502 | 503 | 504; error: string };

/**
 * A site's outlook: the 16-day daily forecast and the 72-hour air-quality forecast at the point
 * the watch uses for the site, judged with its policy (shared/safety/outlook). Asked through the
 * same cache as any client, so every site on a point and every reader within the cache's hour
 * share two provider requests. The outlook route and the forecast notice both judge with this.
 */
export async function siteOutlook(
  options: SiteOutlookOptions,
  runtime: Pick<SiteRuntime, 'site' | 'policy'>,
): Promise<SiteOutlook> {
  const { lat, lon } = runtime.site;
  const ask = (endpoint: 'forecast/daily' | 'forecast/airquality') =>
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
  const [daily, air] = await Promise.all([ask('forecast/daily'), ask('forecast/airquality')]);
  const forecast = daily.status === 200 ? dailyForecastSchema.safeParse(daily.body) : undefined;
  if (!forecast?.success) {
    // The weather routes' own words (a spent budget's 429, a timeout's 504) say why.
    const why = (daily.body as { error?: unknown } | null)?.error;
    const status =
      daily.status === 429 || daily.status === 503 || daily.status === 504 ? daily.status : 502;
    return {
      ok: false,
      status,
      error: `No daily forecast for site ${runtime.site.id}${typeof why === 'string' ? `: ${why}` : ''}`,
    };
  }
  // Without air quality the outlook still stands: the days say they could not judge it.
  const hours = air.status === 200 ? airQualitySchema.safeParse(air.body) : undefined;
  if (!hours?.success)
    options.logger.error('outlook-air-quality', { site: runtime.site.id, status: air.status });
  return {
    ok: true,
    outlook: {
      site_id: runtime.site.id,
      generated_at: new Date(options.clock()).toISOString(),
      days: judgeOutlook(
        runtime.policy,
        forecast.data.data,
        hours?.success ? hours.data.data : undefined,
      ),
    },
  };
}
