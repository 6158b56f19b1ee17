import {
  type LightningSearch,
  watchLightningQuery,
} from '../../../../shared/safety/lightning-plan';
import { safetyMaxAgeS } from '../../../../shared/safety/feed-cadence';
import { type LightningEvent, lightningSchema } from '../../../../shared/weather/lightning-schema';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshingQuery } from '../../../lib/refreshing-query';

/** One answer of the watch's search: its strikes, and when it was current (server ms). */
export interface WatchedStrikes {
  strikes: LightningEvent[];
  asOf: number;
}

/**
 * The strikes of the watch's own search for a site, refreshed on lightning's cadence. The query
 * is the watch's to the letter and no older than the watch accepts, so the BFF answers it from
 * the answer the watch judged (or fetches the one it is about to judge): same strikes, no extra
 * spend.
 */
export function watchedStrikesQueryOptions(search: LightningSearch) {
  const params = watchLightningQuery(search);
  return refreshingQuery('lightning', {
    queryKey: queryKeys.lightning.watched(params),
    queryFn: async ({ signal }): Promise<WatchedStrikes | null> => {
      const answer = await api.getAnswer(
        'current/lightning',
        params,
        lightningSchema,
        signal,
        safetyMaxAgeS('lightning'),
      );
      return answer.data ? { strikes: answer.data.lightning, asOf: answer.asOf } : null;
    },
    keepPreviousAnswer: true,
  });
}
