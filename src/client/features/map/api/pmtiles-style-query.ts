import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The Protomaps style for a self-hosted archive. It and the pmtiles reader load only in that
 * mode: a separate chunk the offline map never fetches.
 */
export function pmtilesStyleQueryOptions(archiveUrl: string) {
  return queryOptions({
    queryKey: queryKeys.pmtilesStyle(archiveUrl),
    queryFn: async () => {
      const [{ pmtilesStyle }] = await Promise.all([
        import('../lib/pmtiles-style'),
        import('../lib/pmtiles-protocol'),
      ]);
      return pmtilesStyle(archiveUrl);
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
