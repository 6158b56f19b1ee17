import { queryOptions } from '@tanstack/react-query';
import { quotaCostSchema, quotaSchema } from '../../../../shared/api/quota';
import type { HistoryEndpoint } from '../../../../shared/quota/history-cost';
import { type ApiParams, getJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function quotaQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.quota(),
    queryFn: ({ signal }) => getJson('quota', {}, quotaSchema, signal),
    staleTime: 30_000,
  });
}

/** What the BFF will charge for one history request, by the rules it enforces. */
export function historyCostQueryOptions(
  endpoint: HistoryEndpoint,
  params: ApiParams<HistoryEndpoint>,
) {
  const query = { endpoint, ...params };
  return queryOptions({
    queryKey: queryKeys.quotaCost.of(query),
    queryFn: ({ signal }) => getJson('quota/cost', query, quotaCostSchema, signal),
    staleTime: 30_000,
  });
}
