import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
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
 * Asks for every part of a planned request. `confirmed`: each part carries `confirm_units`, the
 * cost the user agreed to; without it the BFF answers only from its cache (its 428 guards a
 * cache that expired meanwhile).
 */
async function fetchHistory(
  request: PlannedRequest,
  confirmed: boolean,
  signal?: AbortSignal,
): Promise<HistoryResult> {
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
}

/**
 * The history a planned request asks for, as the explorer reads it. It spends quota, so merely
 * rendering never fetches it: the explorer enables it only when the BFF says every part is
 * cached and free. A query that costs is fetched by the spend mutation below, which writes its
 * answer here.
 */
export function historyQueryOptions(request: PlannedRequest) {
  return queryOptions({
    queryKey: queryKeys.history(
      request.endpoint,
      request.parts.map((part) => part.params),
    ),
    queryFn: ({ signal }) => fetchHistory(request, false, signal),
    // The past does not change once fetched (interim records are revised at most within days).
    staleTime: Infinity,
    // Every attempt may be charged: asking again is the user's decision, not a retry policy's.
    retry: false,
  });
}

/**
 * Spending a planned request's units once the user has confirmed them (or asked for a cost
 * under the confirmation threshold). The request is the mutation's variables, so the explorer
 * can tell whose outcome it is showing; the answer goes into the request's query.
 */
export function historySpendOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: queryKeys.historySpend(),
    mutationFn: async (request: PlannedRequest) =>
      // An answer already held was paid for once and the past does not change: it is shown
      // again, not bought again.
      queryClient.getQueryData(historyQueryOptions(request).queryKey) ??
      fetchHistory(request, true),
    // As for the query: a spend is asked again by the user, never by a retry policy.
    retry: false,
    onSuccess: (result, request) => {
      const { queryKey } = historyQueryOptions(request);
      if (queryClient.getQueryData(queryKey) !== result) queryClient.setQueryData(queryKey, result);
    },
    // Spending changes today's total and makes the same query free: ask again (in the
    // background: the answer is on screen meanwhile).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.quota() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.quotaCost.all() });
    },
  });
}
