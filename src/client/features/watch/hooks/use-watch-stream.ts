import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { serverNow } from '../../../lib/server-clock';
import { statusMessageSchema } from '../../../../shared/api/watch-answers';
import {
  type Board,
  boardRefetcher,
  reconnectDelayMs,
  streamUrl,
  withStatus,
} from '../lib/stream-cache';
import { setStreamMode } from '../stores/stream-store';

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * The watch's live stream (`GET /api/stream`) while a view of the watch is open or the page's
 * alarms are on: each site's status goes straight into the board's cache, a new or acknowledged
 * event refreshes the event log. When the stream fails the board falls back to polling (see
 * sitesQueryOptions) and the stream is opened again after a growing wait, resuming after the
 * last event it saw. However many parts of the page want it, the page opens one stream.
 */
export function useWatchStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => (enabled ? shareStream(queryClient) : undefined), [enabled, queryClient]);
}

let shared: { users: number; close: () => void } | undefined;

function shareStream(queryClient: QueryClient): () => void {
  shared ??= { users: 0, close: openStream(queryClient) };
  const stream = shared;
  stream.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    stream.users -= 1;
    if (stream.users > 0) return;
    stream.close();
    if (shared === stream) shared = undefined;
  };
}

function openStream(queryClient: QueryClient): () => void {
  if (typeof EventSource === 'undefined') {
    setStreamMode('polling');
    return () => setStreamMode('off');
  }
  let source: EventSource | undefined;
  let retry: number | undefined;
  let failures = 0;
  let lastEventId: string | undefined;
  const sitesKey = queryKeys.watch.sites();
  const refetchSites = boardRefetcher(queryClient, sitesKey);
  const refetchEvents = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.watch.events.all() });

  const onStatus = (event: MessageEvent<string>) => {
    const message = statusMessageSchema.safeParse(parse(event.data));
    if (!message.success) return;
    const board = queryClient.getQueryData<Board>(sitesKey);
    // No board yet: its first fetch is on its way and brings every status.
    if (!board) return;
    const next = withStatus(board, message.data, serverNow());
    if (next.known) queryClient.setQueryData(sitesKey, next.board);
    else refetchSites();
  };
  const onRecord = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    refetchEvents();
  };
  const onReady = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    failures = 0;
    setStreamMode('live');
  };
  const open = () => {
    source = new EventSource(streamUrl(lastEventId));
    source.addEventListener('status', onStatus);
    source.addEventListener('record', onRecord);
    source.addEventListener('ack', refetchEvents);
    source.addEventListener('ready', onReady);
    // The browser would reconnect by itself, at a fixed pace and without polling meanwhile:
    // the retry is ours instead.
    source.onerror = () => {
      source?.close();
      failures += 1;
      setStreamMode('polling');
      // Catch up once when the stream drops; while it stays down the board's polling (which
      // backs off while it fails) keeps it current, not every retry of the stream.
      if (failures === 1) refetchSites();
      retry = window.setTimeout(open, reconnectDelayMs(failures));
    };
  };
  setStreamMode('connecting');
  open();
  return () => {
    source?.close();
    window.clearTimeout(retry);
    setStreamMode('off');
  };
}
