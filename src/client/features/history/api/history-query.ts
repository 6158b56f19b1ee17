import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { HistoryEndpoint } from '../../../../shared/quota/history-cost';
import { airQualitySchema } from '../../../../shared/weather/air-quality-schema';
import { historyDailySchema, historyHourlySchema } from '../../../../shared/weather/history-schema';
import { lightningGeoJsonSchema } from '../../../../shared/weather/lightning-schema';
import { api } from '../../../lib/api-client';
import type { TimeBasis } from '../../../lib/period-labels';
import { queryKeys } from '../../../lib/query-keys';
import type { PlannedRequest } from '../lib/history-plan';

const schemas = {
  'history/hourly': historyHourlySchema,
  'history/daily': historyDailySchema,
  'history/airquality': airQualitySchema,
  'history/lightning': lightningGeoJsonSchema,
} satisfies Record<HistoryEndpoint, z.ZodType>;

export interface HistoryResult {
  endpoint: HistoryEndpoint;
  /** One answer per request made (a split range makes several), in order. */
  answers: { data: unknown; cache: string | null; text: string }[];
  /** Units these requests spent: none for answers the BFF had cached. */
  unitsSpent: number;
  /** Whether times were asked for in local time or UTC (tz). */
  basis: TimeBasis;
}

/**
 * The history a planned request asks for. It spends quota, so it is never fetched by merely
 * rendering: the explorer fetches it when the user has confirmed the cost (`confirmed`: each
 * part then carries `confirm_units`, the cost agreed to), or shows it when the BFF says it is
 * cached and free (without `confirm_units`, so the BFF's 428 still guards a cache that expired).
 */
export function historyQueryOptions(request: PlannedRequest, confirmed: boolean) {
  return queryOptions({
    queryKey: queryKeys.history(
      request.endpoint,
      request.parts.map((part) => part.params),
    ),
    queryFn: async ({ signal }): Promise<HistoryResult> => {
      const answers: HistoryResult['answers'] = [];
      let unitsSpent = 0;
      // One at a time: the provider paces history, and a failure stops before spending more.
      for (const part of request.parts) {
        const answer = await api.getAnswer(
          request.endpoint,
          confirmed ? { ...part.params, confirm_units: part.units } : part.params,
          schemas[request.endpoint],
          signal,
        );
        if (answer.cache !== 'HIT' && answer.cache !== 'STALE') unitsSpent += part.units;
        answers.push(answer);
      }
      const basis = request.parts[0]?.params.tz === 'utc' ? 'utc' : 'local';
      return { endpoint: request.endpoint, answers, unitsSpent, basis };
    },
    // The past does not change once fetched (interim records are revised at most within days).
    staleTime: Infinity,
    // Every attempt may be charged: asking again is the user's decision, not a retry policy's.
    retry: false,
  });
}
