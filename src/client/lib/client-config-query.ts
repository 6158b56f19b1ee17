import { queryOptions } from '@tanstack/react-query';
import { clientConfigSchema } from '../../shared/api/client-config';
import { getJson } from './api-client';
import { staleTimes } from './stale-times';

export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => getJson('config', {}, clientConfigSchema, signal),
    staleTime: staleTimes.config,
  });
}
