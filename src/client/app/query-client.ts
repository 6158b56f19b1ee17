import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; network trouble and 5xx might.
        retry: (failureCount, error) =>
          failureCount < 3 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache({
      // A write refused for want of a session (it expired, or was ended elsewhere): the page
      // asks again who is signed in, so it stops offering writes that cannot succeed.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401)
          void client.invalidateQueries({ queryKey: queryKeys.watch.session() });
      },
    }),
  });
  return client;
}
