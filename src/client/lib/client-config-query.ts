import { queryOptions } from '@tanstack/react-query';
import { clientConfigSchema } from '../../shared/api/client-config';
import { getJson } from './api-client';
import { queryKeys } from './query-keys';
import { staleTimes } from './stale-times';

export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.clientConfig(),
    queryFn: ({ signal }) => getJson('config', {}, clientConfigSchema, signal),
    staleTime: staleTimes.config,
  });
}
