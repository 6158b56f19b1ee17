import type { UseQueryResult } from '@tanstack/react-query';
import type { RefreshingFamily } from '../lib/stale-times';
import type { ChartPanelStatus } from './chart-panel';

/**
 * A query's state as `ChartPanel` shows it; retrying refetches the same query. With a family,
 * the panel says how fresh the data is and marks it stale once it misses that family's refresh.
 */
export function queryStatus(
  query: UseQueryResult<{ timezone: string } | null>,
  refresh?: RefreshingFamily,
): ChartPanelStatus {
  return {
    pending: query.isPending,
    error: query.error,
    updatedAt: query.dataUpdatedAt,
    timeZone: query.data?.timezone,
    onRetry: () => void query.refetch(),
    refresh,
  };
}
