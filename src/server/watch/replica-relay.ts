import type { Logger } from '../log';
import type { ReplicaCoordinator, ReplicaMessage } from '../replicas/coordinator';
import type { HubMessage, StatusHub } from './hub';
import type { Monitor } from './monitor';
import { eventJson, statusJson } from './site-json';
import type { StatusMessage } from '../../shared/api/watch-answers';
import type { WatchStore } from './store';

export interface RelayOptions {
  coordinator: ReplicaCoordinator;
  hub: StatusHub;
  monitor: Monitor;
  store: WatchStore;
  logger: Logger;
  /** How long a standby waits for the leader to judge a site it changed. */
  judgeTimeoutMs?: number;
  /** Resolves once this replica has taken up the role it was given last (see watch.ts). */
  roleSettled?: () => Promise<void>;
}

/** Events replayed at most after the link to the other replicas was down. */
const replayLimit = 500;
/** Acknowledgements sent again at most after the link was down. */
const ackReplayLimit = 20;

/**
 * The watch across replicas. What this replica's hub publishes is told to the others as a
 * pointer (the event's id, the site's id); what they tell is read back from the database and
 * published to this replica's streams, in the order it came. A standby's sites follow what the
 * leader stores; a site changed on a standby is judged by the leader, and the standby waits for
 * that before answering (bounded).
 */
export function relayWatch(options: RelayOptions) {
  const { coordinator, hub, monitor, store, logger } = options;
  const judgeTimeoutMs = options.judgeTimeoutMs ?? 10_000;
  const waiting = new Map<string, (() => void)[]>();
  /** The last event this replica's streams were sent: a reconnect replays what came after. */
  let lastRecord: number | undefined;
  let incoming: Promise<void> = Promise.resolve();

  const statusMessage = (siteId: string): HubMessage | undefined => {
    const runtime = monitor.get(siteId);
    return (
      runtime && {
        event: 'status',
        data: {
          site_id: siteId,
          status: statusJson(runtime.status, runtime.storm, runtime.offHours),
        } satisfies StatusMessage,
      }
    );
  };

  const sendRecord = async (id: number) => {
    const event = await store.getEvent(id);
    if (!event) return;
    hub.deliver({ event: 'record', id: String(event.id), data: eventJson(event) });
    lastRecord = Math.max(lastRecord ?? 0, event.id);
  };

  const handle = async (message: ReplicaMessage) => {
    switch (message.kind) {
      case 'record':
        return sendRecord(message.id);
      case 'ack': {
        const event = await store.getEvent(message.id);
        if (event) hub.deliver({ event: 'ack', data: eventJson(event) });
        return;
      }
      case 'status': {
        if (monitor.isLeading) return;
        await monitor.refresh(message.site);
        const status = statusMessage(message.site);
        if (status) hub.deliver(status);
        return;
      }
      case 'site': {
        // Just won the watch: the change is the new leader's to judge once it has read the state.
        await options.roleSettled?.();
        if (!monitor.isLeading) return monitor.refresh(message.site);
        // Changed on a standby: the leader takes the change and judges the site at once.
        const { site } = await store.loadSite(message.site);
        if (site) await monitor.siteSaved(site);
        else monitor.siteDeleted(message.site);
        coordinator.publish({ kind: 'judged', site: message.site });
        return;
      }
      case 'judged': {
        if (!monitor.isLeading) await monitor.refresh(message.site);
        for (const resolve of waiting.get(message.site) ?? []) resolve();
        waiting.delete(message.site);
        return;
      }
    }
  };

  coordinator.onMessage((message) => {
    incoming = incoming
      .then(() => handle(message))
      .catch((error: unknown) =>
        logger.error('replica-message', { kind: message.kind, message: (error as Error).message }),
      );
  });

  // Messages may have been missed while the link was down: a standby reads every site again,
  // and the streams get the events they missed and every status as it is now.
  coordinator.onReconnect(() => {
    incoming = incoming
      .then(async () => {
        if (!monitor.isLeading) await monitor.reload();
        if (lastRecord !== undefined)
          for (const event of await store.listEvents({ afterId: lastRecord, limit: replayLimit }))
            await sendRecord(event.id);
        // Acknowledgements have no order to resume from: those of the latest events are sent
        // again, a few (a page takes one it has already as it is, and rereads the record).
        const acknowledged = (await store.listEvents({ limit: replayLimit })).filter(
          (event) => event.acknowledged_by !== null,
        );
        for (const event of acknowledged.slice(0, ackReplayLimit).reverse())
          hub.deliver({ event: 'ack', data: eventJson(event) });
        for (const runtime of monitor.list()) {
          const status = statusMessage(runtime.site.id);
          if (status) hub.deliver(status);
        }
      })
      .catch((error: unknown) =>
        logger.error('replica-resync', { message: (error as Error).message }),
      );
  });

  return {
    /** This replica's hub published a message: the others are told where to read it. */
    relay(message: HubMessage): void {
      const data = message.data as { id?: number; site_id?: string };
      if (message.event === 'record' && message.id !== undefined) {
        lastRecord = Math.max(lastRecord ?? 0, Number(message.id));
        coordinator.publish({ kind: 'record', id: Number(message.id) });
      } else if (message.event === 'ack' && data.id !== undefined)
        coordinator.publish({ kind: 'ack', id: data.id });
      else if (message.event === 'status' && data.site_id !== undefined)
        coordinator.publish({ kind: 'status', site: data.site_id });
    },

    /** Where to resume replaying after a reconnect: the record as it is now. */
    async start(): Promise<void> {
      try {
        await store.database.ready;
        lastRecord ??= await store.latestEventId();
      } catch (error) {
        // The first event sent sets it; until then a reconnect has nothing to replay from.
        logger.error('replica-resync', { message: (error as Error).message });
      }
    },

    /**
     * A site was changed here: the others are told; a standby waits until the leader has
     * judged it (or `judgeTimeoutMs` passed: no leader, or a slow one), so its answer shows the
     * site's status rather than "no data yet".
     */
    async siteChanged(siteId: string, leading: boolean): Promise<void> {
      if (leading) {
        coordinator.publish({ kind: 'site', site: siteId });
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      let done = () => {};
      const judged = new Promise<void>((resolve) => {
        done = resolve;
        waiting.set(siteId, [...(waiting.get(siteId) ?? []), resolve]);
        timer = setTimeout(resolve, judgeTimeoutMs);
      });
      coordinator.publish({ kind: 'site', site: siteId });
      await judged;
      clearTimeout(timer);
      const rest = (waiting.get(siteId) ?? []).filter((resolve) => resolve !== done);
      if (rest.length > 0) waiting.set(siteId, rest);
      else waiting.delete(siteId);
    },
  };
}
