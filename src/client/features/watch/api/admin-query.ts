import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { OperatorRole } from '../../../../shared/api/operators';
import {
  auditResponseSchema,
  operatorsResponseSchema,
  savedOperatorSchema,
} from '../../../../shared/api/operator-answers';
import type { auditQuery } from '../../../../shared/api/queries';
import { apiUrl, getJson, type RouteQuery, sendJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TimeFilter } from '../url-state';

/** An admin's views: the operators' accounts and the audit record, as the BFF answers them. */

export function operatorsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.watch.operators(),
    queryFn: async ({ signal }) => {
      const answer = await getJson('operators', {}, operatorsResponseSchema, signal);
      return answer?.operators ?? [];
    },
    staleTime: 30_000,
    // Not an admin, or signed out: asking again will not change that.
    retry: false,
  });
}

export async function createOperator(body: {
  username: string;
  password: string;
  role: OperatorRole;
}) {
  return (await sendJson('POST', 'operators', body, savedOperatorSchema))?.operator;
}

export async function changeOperator(
  username: string,
  change: { role?: OperatorRole; disabled?: boolean },
) {
  const path = `operators/${encodeURIComponent(username)}` as const;
  return (await sendJson('PATCH', path, change, savedOperatorSchema))?.operator;
}

type AuditParams = RouteQuery<typeof auditQuery>;

/** The audit record, newest first, a page at a time, as the event log is read. */
export function auditQueryOptions(filter: TimeFilter, pageSize: number) {
  const params = {
    since: filter.since,
    until: filter.until,
    limit: pageSize,
  } satisfies AuditParams;
  return infiniteQueryOptions({
    queryKey: queryKeys.watch.audit.of(params),
    queryFn: ({ pageParam, signal }) =>
      getJson(
        'audit',
        { ...params, before: pageParam } satisfies AuditParams,
        auditResponseSchema,
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page?.next_before ?? undefined,
    staleTime: 30_000,
    retry: false,
  });
}

/** The whole filtered audit record as CSV: a link, so the browser downloads it. */
export function auditCsvUrl(filter: TimeFilter): string {
  return apiUrl('audit', {
    since: filter.since,
    until: filter.until,
    format: 'csv',
  } satisfies AuditParams);
}
