import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { deliveriesQuery } from '../../../../shared/api/queries';
import { getJson, type RouteQuery, sendJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { CreateChannelBody, UpdateChannelBody } from '../../../../shared/api/channels';
import {
  channelsResponseSchema,
  deliveriesResponseSchema,
  drillResponseSchema,
  drillsResponseSchema,
  savedChannelSchema,
  testResultSchema,
} from '../../../../shared/api/channel-answers';

const channelsQuery = {
  queryKey: queryKeys.watch.channels(),
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const answer = await getJson('channels', {}, channelsResponseSchema, signal);
    return { channels: answer?.channels ?? [], kinds: answer?.kinds ?? [] };
  },
  staleTime: 30_000,
  refetchInterval: 60_000,
  // Not signed in, or a server without channels: asking again will not change that.
  retry: false,
} as const;

/** The server's alarm channels. Refreshed now and then, so a channel that starts failing shows. */
export function channelsQueryOptions() {
  return queryOptions({ ...channelsQuery, select: (answer) => answer.channels });
}

/** The kinds of channel this server can send, from the same answer. */
export function channelKindsQueryOptions() {
  return queryOptions({ ...channelsQuery, select: (answer) => answer.kinds });
}

/** Every attempt to deliver one event, by channel. */
export function deliveriesQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: queryKeys.watch.deliveries(eventId),
    queryFn: async ({ signal }) => {
      const answer = await getJson(
        'deliveries',
        { event: eventId } satisfies RouteQuery<typeof deliveriesQuery>,
        deliveriesResponseSchema,
        signal,
      );
      return answer?.deliveries ?? [];
    },
    staleTime: 15_000,
    retry: false,
  });
}

const channelPath = (id: string) => `channels/${encodeURIComponent(id)}` as const;

/** The new channel, and the server's warning about its target if it has one. */
export async function createChannel(body: CreateChannelBody) {
  const answer = await sendJson('POST', 'channels', body, savedChannelSchema);
  if (!answer) throw new Error('The server did not return the new channel');
  return answer;
}

export async function updateChannel(id: string, body: UpdateChannelBody) {
  const answer = await sendJson('PATCH', channelPath(id), body, savedChannelSchema);
  if (!answer) throw new Error('The server did not return the saved channel');
  return answer;
}

export async function deleteChannel(id: string): Promise<void> {
  await sendJson('DELETE', channelPath(id), undefined, z.unknown());
}

export async function testChannel(id: string) {
  return sendJson('POST', `${channelPath(id)}/test`, undefined, testResultSchema);
}

const sitePath = (id: string) => `sites/${encodeURIComponent(id)}` as const;

/** `POST /api/sites/:id/drill`: the drill as started, its messages on their way. */
export async function runDrill(siteId: string) {
  const answer = await sendJson(
    'POST',
    `${sitePath(siteId)}/drill`,
    undefined,
    drillResponseSchema,
  );
  if (!answer) throw new Error('The server did not return the drill');
  return answer.drill;
}

/** A site's drills with what each delivered; asked again while a message is on its way. */
export function drillsQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: queryKeys.watch.drills(siteId),
    queryFn: async ({ signal }) =>
      (await getJson(`${sitePath(siteId)}/drills`, {}, drillsResponseSchema, signal))?.drills ?? [],
    refetchInterval: (query) =>
      query.state.data?.[0]?.deliveries.some((delivery) => delivery.outcome === null)
        ? 2_000
        : false,
    retry: false,
  });
}
