import { queryOptions } from '@tanstack/react-query';
import type { standdownQuery } from '../../../../shared/api/queries';
import { standdownResponseSchema } from '../../../../shared/api/report-answers';
import { apiUrl, getJson, type RouteQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type ReportParams = RouteQuery<typeof standdownQuery>;

export interface ReportRequest {
  site: string | undefined;
  from: string;
  to: string;
}

/**
 * A stand-down report as the BFF counts it. Asked again each minute while open: a stop still
 * going grows with the clock.
 */
export function reportQueryOptions(request: ReportRequest) {
  const params = { ...request } satisfies ReportParams;
  return queryOptions({
    queryKey: queryKeys.watch.report(params),
    queryFn: ({ signal }) => getJson('reports/standdown', params, standdownResponseSchema, signal),
    staleTime: 60_000,
    refetchInterval: 60_000,
    // Signed out, or a period the server refuses: asking again will not change that.
    retry: false,
  });
}

/** The same report as the BFF's CSV (one row per site and day): a link, so the browser downloads it. */
export function reportCsvUrl(request: ReportRequest): string {
  return apiUrl('reports/standdown', { ...request, format: 'csv' } satisfies ReportParams);
}
