import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  alarmDefaults,
  channelWants,
  emailRecipients,
  hearsStopAt,
  inQuietHours,
  isHttpKind,
  isPhoneKind,
  outlookKind,
  quietHoldsBack,
  sitePagePath,
  webhookHeaders,
} from '../../shared/api/channels';
import type { StatusLevel } from '../../shared/safety/site-policy';
import type { AlarmConfig } from '../config';
import type { DeliveryRow } from '../db/schema';
import type { Logger } from '../log';
import { localDate } from '../../shared/time/local-days';
import { realTimers, type Timers } from '../upstream/timers';
import { offHoursMarks } from '../watch/schedule';
import type { EventRecord } from '../watch/store';
import type { Resolver } from './address-guard';
import {
  type AlarmStore,
  type AttemptRecord,
  type Channel,
  type Drill,
  drillKind,
  type OutlookNotice,
} from './alarm-store';
import { emailUnavailable, type Mailer } from './mailer';
import { emailMessage, type Notice, webhookPayload } from './messages';
import { pushName, type PushSender } from './push-sender';
import { pushIdPrefix } from '../../shared/api/push';
import type { PushSubscription } from './push-store';
import { signatureHeader } from './signature';
import { type PhoneSender, phoneUnavailable } from './twilio';
import { postWebhook, type SendResult } from './webhook-sender';

/**
 * How far back a stop's window opening is looked for: beyond the longest tier (240 minutes) and
 * the reminders after it, a day, which only shortens a count already long past due.
 */
const openingLookbackMs = 24 * 60 * 60_000;

/**
 * A browser subscribed to pushes, told as a channel is: following its levels and sites, at once
 * (no tier, no quiet hours, no reminders), off hours only for an `always` alert, and in drills.
 */
export type PushRecipient = Omit<Channel, 'kind'> & {
  kind: 'push';
  subscription: PushSubscription;
};

/** Whoever the dispatcher tells: a channel or a push subscription. */
export type Recipient = Channel | PushRecipient;

export const pushRecipient = (subscription: PushSubscription): PushRecipient => ({
  id: subscription.id,
  kind: 'push',
  name: pushName(subscription),
  target: subscription.endpoint,
  secret: null,
  levels: subscription.levels,
  sites: subscription.sites,
  quiet: null,
  escalateMinutes: null,
  afterMinutes: 0,
  enabled: true,
  createdAt: subscription.createdAt,
  updatedAt: subscription.createdAt,
  subscription,
});

/** What the dispatcher needs to know of a site: where it is and its level now. */
export interface SiteView {
  id: string;
  name: string;
  lat: number;
  lon: number;
  level: StatusLevel;
  /** Outside its activity windows now (absent: always active). */
  offHours?: boolean;
  /** Since when it has been inside its windows without a break, back to `earliest` at most. */
  openSince?: (nowMs: number, earliest: number) => number | undefined;
  /** Its IANA zone, once the provider has named it: a forecast notice's "today" or "tomorrow". */
  timeZone?: string;
}

export interface DispatcherOptions {
  store: AlarmStore;
  /** The watch's event log. */
  events: {
    get(id: number): Promise<EventRecord | undefined>;
    /** Events at or after `since` (epoch ms), acknowledgements joined. */
    since(since: number): Promise<EventRecord[]>;
    /** A site's latest event, acknowledgement joined. */
    latestOf(siteId: string): Promise<EventRecord | undefined>;
    /** A site's event before the one with id `beforeId`. */
    previousOf(siteId: string, beforeId: number): Promise<EventRecord | undefined>;
  };
  sites: { get(id: string): SiteView | undefined; list(): SiteView[] };
  /** Server time, epoch ms: event times, quiet hours, escalation. The monitor's clock. */
  clock: () => number;
  /** Real time, epoch ms: a signature's timestamp, which receivers hold to their own clocks. */
  wallClock?: () => number;
  /** The pauses between attempts: real ones unless a test moves them itself. */
  timers?: Timers;
  logger: Logger;
  config: AlarmConfig;
  mailer?: Mailer;
  /** SMS and voice, when the TWILIO variables are set. */
  phone?: PhoneSender;
  /** Web Push: the subscriptions, and how one is sent. */
  push?: {
    /** The subscriptions that may hear of a site (not other sites' public followers). */
    listFor(siteId: string): Promise<PushSubscription[]>;
    get(id: string): Promise<PushSubscription | undefined>;
    send: PushSender;
  };
  resolve?: Resolver;
  /** Start-up work first (migrations, the sites read). */
  ready: () => Promise<void>;
  /** Deliveries sent at once. */
  concurrency?: number;
  /** Deliveries waiting in memory; past it they wait in the database for the next sweep. */
  queueMax?: number;
  /**
   * This replica's id (on the deliveries it takes) and which replicas still run: deliveries a
   * live replica is sending are its own, never recovered by another. One process by default.
   */
  replica?: { id: string; alive(ids: readonly string[]): Promise<Set<string>> };
}

/** Changes the sweep looks back over for deliveries never recorded (a crash in between). */
const catchUpMs = 15 * 60_000;
/** A delivery that could not go for this long (the server was down) is no longer news. */
const maxWaitMs = 30 * 60_000;
/** The longest pause between attempts, whatever the backoff or a Retry-After asks. */
const maxBackoffMs = 60_000;

/**
 * Sends level changes to the channels that want them: each delivery recorded before it goes
 * (unique per channel, event and kind, so at most once, across restarts), sent with retries and
 * backoff, and every attempt appended to the log. A sweep on the server's clock re-sends
 * unacknowledged stops, picks up deliveries left waiting, and records changes a crash lost.
 *
 * A delivery found on its way ("sending") by a replica that is no longer running (this process
 * before a restart, or another replica that died) is recorded `interrupted` and not sent again:
 * its receiver may have had it, and chat webhooks do not deduplicate. A stop is re-sent anyway by
 * its escalation; anything else is a line in the log.
 *
 * Only the replica that runs the watch dispatches (`start` when it wins, `stopDispatching` when
 * it loses); any replica may send a test.
 */
export class AlarmDispatcher {
  private readonly queue: number[] = [];
  private readonly queued = new Set<number>();
  private active = 0;
  private busy = 0;
  private idleWaiters: (() => void)[] = [];
  private closing = false;
  private readonly closed = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;
  /** Aborted when this replica stops dispatching: pauses between attempts end at once. */
  private dispatching = new AbortController();
  private readonly replica: NonNullable<DispatcherOptions['replica']>;
  /** Changes this process has recorded deliveries for: the sweep's catching up skips them. */
  private readonly recorded = new LRUCache<number, true>({ max: 10_000 });

  constructor(private readonly options: DispatcherOptions) {
    const id = `process-${randomUUID()}`;
    this.replica = options.replica ?? {
      id,
      alive: async (ids) => new Set(ids.filter((other) => other === id)),
    };
  }

  /** A level change was recorded: tell the channels that want it. Returns at once. */
  notify(event: EventRecord): void {
    this.track(async () => {
      await this.ready();
      await this.recordChange(event);
    }).catch((error: unknown) =>
      this.options.logger.error('alarm-record', {
        event: event.id,
        message: (error as Error).message,
      }),
    );
  }

  /**
   * One round on the server's clock: changes never recorded, reminders due, deliveries left
   * waiting. Rounds never overlap.
   */
  sweep(): Promise<void> {
    this.sweeping ??= this.track(() => this.sweepOnce()).finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  start(intervalMs = 15_000): void {
    if (this.timer || this.closing) return;
    if (this.dispatching.signal.aborted) this.dispatching = new AbortController();
    const run = () => {
      this.sweep().catch((error: unknown) =>
        this.options.logger.error('alarm-sweep', { message: (error as Error).message }),
      );
    };
    this.timer = setInterval(run, intervalMs);
    this.timer.unref();
    run();
  }

  /**
   * Another replica runs the watch now: no more sweeps, nothing more taken from the queue, and a
   * delivery waiting between attempts is recorded interrupted (the new leader leaves a live
   * replica's deliveries alone). An attempt on its way finishes.
   */
  stopDispatching(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.dispatching.abort();
    this.queue.length = 0;
    this.queued.clear();
  }

  /** Resolves once nothing is being recorded, waiting or sent. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Stops sweeping and starting attempts. An attempt on its way finishes (its timeout bounds
   * it), so its outcome is known; a pause between attempts ends at once, leaving the delivery
   * on its way for the next start to record as interrupted.
   */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    this.closed.abort();
    this.queue.length = 0;
    this.queued.clear();
    await this.idle();
    this.options.mailer?.close();
  }

  /**
   * The "send test" button: one attempt, now, without retries, its result returned. Quiet
   * hours do not apply: someone asked for it.
   */
  test(channel: Channel, operator: string): Promise<AttemptRecord & { deliveryId: number }> {
    if (this.closing) return Promise.reject(new Error('the server is closing'));
    return this.track(() => this.testOnce(channel, operator));
  }

  private async testOnce(
    channel: Channel,
    operator: string,
  ): Promise<AttemptRecord & { deliveryId: number }> {
    await this.ready();
    const now = this.options.clock();
    const key = `skydeck-${channel.id}-test-${randomUUID()}`;
    const id = await this.options.store.recordDelivery({
      channelId: channel.id,
      eventId: null,
      kind: 'test',
      key,
      at: now,
    });
    const delivery = id === undefined ? undefined : await this.options.store.getDelivery(id);
    if (!delivery || !(await this.options.store.claim(delivery.id, this.replica.id)))
      throw new Error('the test delivery could not be recorded');
    const site = channel.sites?.map((siteId) => this.options.sites.get(siteId)).find(Boolean);
    const notice: Notice = {
      kind: 'test',
      escalation: null,
      channelName: channel.name,
      event: {
        id: 0,
        siteId: site?.id ?? 'test',
        at: now,
        from: 'clear',
        to: 'stop',
        reason: `test: sent from Skydeck by ${operator}; no site changed level`,
      },
      site: site
        ? { id: site.id, name: site.name, lat: site.lat, lon: site.lon }
        : { id: 'test', name: 'Skydeck test', lat: null, lon: null },
      url: this.siteUrl(site?.id),
    };
    const record = await this.send(delivery, channel, notice, 1);
    return { ...record, deliveryId: delivery.id };
  }

  /**
   * A drill at `site`, started by `operator`: every channel that would hear a stop there is sent
   * one message marked DRILL, through the queue like any delivery (recorded first, retried, in
   * the delivery log under kind `drill:<id>`, sent once across replicas). The site's level and
   * the event log are untouched. Undefined when the site had a drill this minute already.
   */
  drill(site: SiteView, operator: string, id: string): Promise<Drill | undefined> {
    if (this.closing) return Promise.reject(new Error('the server is closing'));
    return this.track(async () => {
      await this.ready();
      const { store } = this.options;
      const channels = (await this.recipients(site.id)).filter((channel) =>
        hearsStopAt(channel, site.id),
      );
      const drill: Drill = {
        id,
        siteId: site.id,
        siteName: site.name,
        at: this.options.clock(),
        startedBy: operator,
        channels: channels.map((channel) => ({
          channel_id: channel.id,
          name: channel.name,
          kind: channel.kind,
        })),
      };
      if (!(await store.recordDrill(drill))) return undefined;
      for (const channel of channels) {
        const kind = drillKind(id);
        const deliveryId = await store.recordDelivery({
          channelId: channel.id,
          eventId: null,
          kind,
          key: `skydeck-${channel.id}-${kind}`,
          at: drill.at,
        });
        if (deliveryId !== undefined) this.enqueue(deliveryId);
      }
      return drill;
    });
  }

  /**
   * A forecast notice: `notice.day` is forecast no-go at `site`. Recorded once a site and day,
   * whichever replica (or this process before a restart) is first; then every channel that would
   * hear a stop there is sent it through the queue like any delivery (recorded first, retried,
   * in the log under kind `outlook:<site>:<day>`). Not tiers: a tier hears of a stop nobody
   * acknowledged, and a forecast has nothing to acknowledge. A channel's quiet hours hold it back
   * as they hold back any change but a stop: recorded `quiet`, with why, not sent. False when the
   * day was recorded already.
   */
  outlook(site: SiteView, notice: Omit<OutlookNotice, 'siteId' | 'siteName'>): Promise<boolean> {
    if (this.closing) return Promise.reject(new Error('the server is closing'));
    return this.track(async () => {
      await this.ready();
      const { store } = this.options;
      if (!(await store.recordOutlookNotice({ ...notice, siteId: site.id, siteName: site.name })))
        return false;
      const kind = outlookKind(site.id, notice.day);
      for (const channel of await this.recipients(site.id)) {
        if (channel.afterMinutes > 0 || !hearsStopAt(channel, site.id)) continue;
        const held = channel.quiet !== null && inQuietHours(channel.quiet, notice.at);
        const deliveryId = await store.recordDelivery(
          {
            channelId: channel.id,
            eventId: null,
            kind,
            key: `skydeck-${channel.id}-${kind}`,
            at: notice.at,
          },
          held ? quietAttempt(channel, notice.at) : undefined,
        );
        if (deliveryId !== undefined && !held) this.enqueue(deliveryId);
      }
      return true;
    });
  }

  private ready(): Promise<void> {
    return this.options.ready();
  }

  /** Every channel, then every push subscription that may hear of `siteId`. */
  private async recipients(siteId: string): Promise<Recipient[]> {
    const channels: Recipient[] = await this.options.store.listChannels();
    const push = this.options.push;
    return push ? [...channels, ...(await push.listFor(siteId)).map(pushRecipient)] : channels;
  }

  private async recipient(id: string): Promise<Recipient | undefined> {
    if (!id.startsWith(pushIdPrefix)) return this.options.store.getChannel(id);
    const subscription = await this.options.push?.get(id);
    return subscription && pushRecipient(subscription);
  }

  /**
   * Deliveries left on their way by a replica no longer running (this process before a restart,
   * or another that died): recorded interrupted, not sent again.
   */
  private async recover(): Promise<void> {
    const { store } = this.options;
    let after = 0;
    for (;;) {
      const sending = await store.deliveriesIn('sending', 100, after);
      const claimers = [...new Set(sending.map((delivery) => delivery.claimed_by ?? ''))];
      const alive = await this.replica.alive(claimers.filter(Boolean));
      for (const delivery of sending) {
        if (delivery.claimed_by !== null && alive.has(delivery.claimed_by)) continue;
        await this.interrupted(
          delivery,
          'the server stopped while this was on its way; not sent again, so it arrives at most once',
        );
      }
      if (sending.length < 100) return;
      after = sending.at(-1)?.id ?? after;
    }
  }

  private async interrupted(delivery: DeliveryRow, detail: string): Promise<void> {
    const { store } = this.options;
    await store.conclude(delivery, {
      attempt: (await store.attemptsMade(delivery.id)) + 1,
      outcome: 'interrupted',
      status: null,
      detail,
      at: this.options.clock(),
    });
  }

  private async sweepOnce(): Promise<void> {
    await this.ready();
    await this.recover();
    const now = this.options.clock();
    for (const event of await this.options.events.since(now - catchUpMs))
      if (!this.recorded.has(event.id)) await this.recordChange(event);
    await this.escalate(now);
    await this.windowsOpened();
    const room = (this.options.queueMax ?? 500) - this.queue.length;
    if (room > 0)
      for (const delivery of await this.options.store.deliveriesIn('pending', room))
        this.enqueue(delivery.id);
  }

  /** The channels that want this change, each recorded once (held back in quiet hours). */
  private async recordChange(event: EventRecord): Promise<void> {
    const from = event.from_level as StatusLevel;
    const to = event.to_level as StatusLevel;
    // Outside the site's windows nobody is told, bar an alert its schedule alarms for at any
    // hour; the window's opening tells them if the site is still at stop or caution then.
    if (event.off_hours === offHoursMarks.silent) {
      this.recorded.set(event.id, true);
      return;
    }
    for (const channel of await this.recipients(event.site_id)) {
      // A channel added after a change is not sent what happened before it existed.
      if (channel.createdAt > event.at || !this.follows(channel, event.site_id, from, to)) continue;
      // A tier hears only stops: the stop itself from the sweep, once it has waited unacknowledged
      // (see escalate), and the end of a stop it was told of.
      if (channel.afterMinutes > 0 && !(from === 'stop' && (await this.toldOfStop(channel, event))))
        continue;
      const held =
        channel.quiet !== null && quietHoldsBack(from, to) && inQuietHours(channel.quiet, event.at);
      await this.record(
        channel,
        event.id,
        'change',
        held ? quietAttempt(channel, this.options.clock()) : undefined,
      );
    }
    // Only once it is done: a failure part-way is caught up by a later sweep.
    this.recorded.set(event.id, true);
  }

  /** Whether a tier was told of the stop `end` ends (the site's event before it). */
  private async toldOfStop(channel: Recipient, end: EventRecord): Promise<boolean> {
    const stop = await this.options.events.previousOf(end.site_id, end.id);
    if (stop?.to_level !== 'stop') return false;
    return this.options.store.hasDelivery(this.deliveryKey(channel, stop.id, 'change'));
  }

  private follows(channel: Recipient, siteId: string, from: StatusLevel, to: StatusLevel): boolean {
    return (
      channel.enabled &&
      channelWants(channel.levels, from, to) &&
      (channel.sites === null || channel.sites.includes(siteId))
    );
  }

  /**
   * A site whose window has opened while it stands at stop or caution on a change nobody was
   * told of (recorded off hours): its channels are told now, once per change (the delivery's
   * key is the change's).
   */
  private async windowsOpened(): Promise<void> {
    const waiting = this.options.sites
      .list()
      .filter(
        (site) => site.offHours === false && (site.level === 'stop' || site.level === 'caution'),
      );
    if (waiting.length === 0) return;
    for (const site of waiting) {
      const event = await this.options.events.latestOf(site.id);
      if (event?.off_hours !== offHoursMarks.silent || event.to_level !== site.level) continue;
      const from = event.from_level as StatusLevel;
      for (const channel of await this.recipients(site.id))
        if (
          // A tier waits, from the opening, for the stop to stay unacknowledged (see escalate).
          channel.afterMinutes === 0 &&
          channel.createdAt <= event.at &&
          this.follows(channel, site.id, from, site.level)
        )
          await this.record(channel, event.id, 'opening');
    }
  }

  /**
   * While a site is still at stop and nobody has acknowledged it: a tier (`after_minutes`) is told
   * of the stop once it has waited that long, and every `escalate_minutes` after a channel was
   * told (at the stop, or at its tier) the stop is sent again. Only the reminder due now is sent,
   * never a backlog. A stop recorded off hours nobody heard of counts from its window's opening. Derived from the event log on each sweep, and recorded under the same unique
   * key whoever records it: a tier fires once across replicas, and after a restart mid-wait.
   */
  private async escalate(now: number): Promise<void> {
    const stopped = this.options.sites.list().filter((site) => site.level === 'stop');
    if (stopped.length === 0) return;
    // Reminders are for whoever follows stops, not for a channel told only of a level it left.
    const channels = (await this.options.store.listChannels()).filter(
      (channel) =>
        (channel.escalateMinutes !== null || channel.afterMinutes > 0) &&
        channel.levels.includes('stop'),
    );
    for (const site of stopped) {
      const event = await this.options.events.latestOf(site.id);
      if (!event || event.to_level !== 'stop' || event.acknowledged_by !== null) continue;
      // Recorded off hours and nobody told: nothing while the site is closed, then the wait
      // counts from its window's opening (the opening itself tells the channels without a tier).
      const heard =
        event.off_hours === offHoursMarks.silent
          ? site.offHours === false
            ? site.openSince?.(now, Math.max(event.at, now - openingLookbackMs))
            : undefined
          : event.at;
      if (heard === undefined) continue;
      for (const channel of channels) {
        if (!this.follows(channel, site.id, event.from_level as StatusLevel, 'stop')) continue;
        const told = heard + channel.afterMinutes * 60_000;
        if (now < told) continue;
        if (channel.afterMinutes > 0) {
          // As for any change: a tier added after the stop is not told of it.
          if (channel.createdAt > event.at) continue;
          await this.record(channel, event.id, 'change');
        }
        if (channel.escalateMinutes === null) continue;
        const due = Math.floor((now - told) / (channel.escalateMinutes * 60_000));
        if (due < 1) continue;
        await this.record(
          channel,
          event.id,
          `escalation:${Math.min(due, alarmDefaults.maxEscalations)}`,
        );
      }
    }
  }

  private async record(
    channel: Recipient,
    eventId: number,
    kind: string,
    concluded?: AttemptRecord,
  ): Promise<void> {
    const id = await this.options.store.recordDelivery(
      {
        channelId: channel.id,
        eventId,
        kind,
        key: this.deliveryKey(channel, eventId, kind),
        at: this.options.clock(),
      },
      concluded,
    );
    if (id !== undefined && !concluded) this.enqueue(id);
  }

  private deliveryKey(channel: Recipient, eventId: number, kind: string): string {
    return `skydeck-${channel.id}-${eventId}-${kind}`;
  }

  private enqueue(id: number): void {
    if (this.closing || this.queued.has(id)) return;
    // Full: the delivery stays pending in the database and a later sweep picks it up.
    if (this.queue.length >= (this.options.queueMax ?? 500)) return;
    this.queued.add(id);
    this.queue.push(id);
    this.pump();
  }

  private pump(): void {
    while (!this.closing && this.active < (this.options.concurrency ?? 4)) {
      const id = this.queue.shift();
      if (id === undefined) break;
      this.active++;
      this.deliver(id)
        .catch((error: unknown) =>
          this.options.logger.error('alarm-deliver', {
            delivery: id,
            message: (error as Error).message,
          }),
        )
        .finally(() => {
          this.active--;
          this.queued.delete(id);
          this.pump();
          this.settle();
        });
    }
  }

  private async deliver(id: number): Promise<void> {
    const { store } = this.options;
    const delivery = await store.getDelivery(id);
    if (!delivery || delivery.state !== 'pending') return;
    const channel = await this.recipient(delivery.channel_id);
    const now = this.options.clock();
    const note = (outcome: 'cancelled' | 'expired', detail: string) =>
      store.conclude(delivery, { attempt: 0, outcome, status: null, detail, at: now });
    if (!channel)
      return note(
        'cancelled',
        delivery.channel_id.startsWith(pushIdPrefix)
          ? 'the push subscription was deleted before it went'
          : 'the channel was deleted before it went',
      );
    if (!channel.enabled) return note('cancelled', 'the channel was disabled before it went');
    if (now - delivery.created_at > maxWaitMs)
      return note('expired', 'waited too long to be sent (the server was down)');
    const notice = await this.noticeFor(delivery);
    if (!notice) return note('cancelled', 'its event is not in the record');
    if (this.dispatching.signal.aborted || !(await store.claim(id, this.replica.id))) return;
    await this.send(delivery, channel, notice, 1 + this.options.config.retries);
  }

  private async noticeFor(delivery: DeliveryRow): Promise<Notice | undefined> {
    if (delivery.kind.startsWith('drill:')) return this.drillNotice(delivery.kind.slice(6));
    if (delivery.kind.startsWith('outlook:')) {
      // outlook:<site id>:<YYYY-MM-DD>; a site id has no colon.
      const [, siteId = '', day = ''] = delivery.kind.split(':');
      return this.outlookNotice(siteId, day);
    }
    if (delivery.event_id === null) return undefined;
    const event = await this.options.events.get(delivery.event_id);
    if (!event) return undefined;
    const site = this.options.sites.get(event.site_id);
    const escalation = delivery.kind.startsWith('escalation:')
      ? Number(delivery.kind.slice('escalation:'.length))
      : null;
    return {
      kind: escalation === null ? 'change' : 'escalation',
      escalation,
      ...(delivery.kind === 'opening' ? { opening: true } : {}),
      event: {
        id: event.id,
        siteId: event.site_id,
        at: event.at,
        from: event.from_level as StatusLevel,
        to: event.to_level as StatusLevel,
        reason: event.reason,
      },
      // A deleted site is named as the record names it.
      site: site
        ? { id: site.id, name: site.name, lat: site.lat, lon: site.lon }
        : { id: event.site_id, name: event.site_name, lat: null, lon: null },
      url: this.siteUrl(event.site_id),
    };
  }

  /** A drill's message: a stop at its site as it would be told, marked a drill throughout. */
  private async drillNotice(drillId: string): Promise<Notice | undefined> {
    const drill = await this.options.store.getDrill(drillId);
    if (!drill) return undefined;
    const site = this.options.sites.get(drill.siteId);
    return {
      kind: 'drill',
      escalation: null,
      event: {
        id: 0,
        siteId: drill.siteId,
        at: drill.at,
        from: site?.level ?? 'clear',
        to: 'stop',
        reason: `drill started by ${drill.startedBy}: this is how a stop at this site reaches you; the site's level did not change`,
      },
      site: site
        ? { id: site.id, name: site.name, lat: site.lat, lon: site.lon }
        : { id: drill.siteId, name: drill.siteName, lat: null, lon: null },
      url: this.siteUrl(drill.siteId),
    };
  }

  /** A forecast notice's message: the day, its reasons, and the site's level now, unchanged. */
  private async outlookNotice(siteId: string, day: string): Promise<Notice | undefined> {
    const notice = await this.options.store.getOutlookNotice(siteId, day);
    if (!notice) return undefined;
    const site = this.options.sites.get(siteId);
    const level = site?.level ?? 'no_data';
    const now = this.options.clock();
    return {
      kind: 'outlook',
      escalation: null,
      outlook: {
        date: day,
        when: site?.timeZone && localDate(site.timeZone, now) === day ? 'today' : 'tomorrow',
        reasons: notice.reasons,
      },
      event: {
        id: 0,
        siteId,
        at: notice.at,
        from: level,
        to: level,
        reason: notice.reasons.join('; '),
      },
      site: site
        ? { id: site.id, name: site.name, lat: site.lat, lon: site.lon }
        : { id: siteId, name: notice.siteName, lat: null, lon: null },
      url: this.siteUrl(siteId),
    };
  }

  private siteUrl(siteId: string | undefined): string {
    const base = this.options.config.publicUrl;
    return siteId === undefined ? `${base}/` : `${base}${sitePagePath(siteId)}`;
  }

  /** Attempts until delivered, refused, given up or closing; each attempt appended to the log. */
  private async send(
    delivery: DeliveryRow,
    channel: Recipient,
    notice: Notice,
    attempts: number,
  ): Promise<AttemptRecord> {
    const { store, config, logger } = this.options;
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      const result = await this.sendOnce(delivery, channel, notice);
      const final = result.outcome !== 'failed' || !result.retryable || attempt >= attempts;
      const record: AttemptRecord = {
        attempt,
        outcome: final ? result.outcome : 'retry',
        status: result.status,
        detail: result.detail,
        at: this.options.clock(),
        providerSid: result.providerSid,
      };
      logger.info('alarm-attempt', {
        delivery: delivery.id,
        channel: channel.id,
        kind: delivery.kind,
        attempt,
        outcome: record.outcome,
        status: record.status,
        ms: Math.round(performance.now() - started),
      });
      if (final) {
        await store.conclude(delivery, record);
        return record;
      }
      await store.appendAttempt(delivery, record);
      const backoff = Math.min(
        maxBackoffMs,
        Math.max(config.backoffMs * 2 ** (attempt - 1), result.retryAfterMs ?? 0),
      );
      // Closing mid-backoff leaves the delivery on its way: the next start records it interrupted.
      if (!(await this.pause(backoff))) {
        // Leadership lost mid-backoff: this replica still runs, so nobody else would.
        if (!this.closing)
          await this.interrupted(
            delivery,
            'another replica took over the watch while this waited to be retried; not sent again, so it arrives at most once',
          );
        return record;
      }
    }
  }

  private async sendOnce(
    delivery: DeliveryRow,
    channel: Recipient,
    notice: Notice,
  ): Promise<SendResult> {
    const { config } = this.options;
    if (channel.kind === 'push') {
      const push = this.options.push;
      if (!push)
        return { outcome: 'failed', retryable: false, status: null, detail: 'push is off' };
      return push.send(channel.subscription, notice);
    }
    if (isPhoneKind(channel.kind)) {
      const phone = this.options.phone;
      if (!phone)
        return { outcome: 'failed', retryable: false, status: null, detail: phoneUnavailable };
      return phone.send(channel.kind, channel.target, notice);
    }
    if (!isHttpKind(channel.kind)) {
      const mailer = this.options.mailer;
      if (!mailer)
        return {
          outcome: 'failed',
          retryable: false,
          status: null,
          detail: emailUnavailable,
        };
      return mailer.send({
        to: emailRecipients(channel.target),
        key: delivery.key,
        ...emailMessage(notice),
      });
    }
    const body = webhookPayload(channel.kind, notice);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      [webhookHeaders.delivery]: delivery.key,
    };
    if (channel.secret) {
      const seconds = Math.floor((this.options.wallClock ?? Date.now)() / 1000);
      headers[webhookHeaders.signature] = signatureHeader(channel.secret, body, seconds);
    }
    return postWebhook(channel.target, body, headers, {
      allowPrivate: config.allowPrivate,
      timeoutMs: config.timeoutMs,
      resolve: this.options.resolve,
    });
  }

  /** Waits `ms`; false if the dispatcher closed or stopped dispatching meanwhile. */
  private pause(ms: number): Promise<boolean> {
    const signals = [this.closed.signal, this.dispatching.signal];
    if (signals.some((signal) => signal.aborted)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const cancel = (this.options.timers ?? realTimers).after(ms, () => {
        for (const signal of signals) signal.removeEventListener('abort', onStop);
        resolve(true);
      });
      const onStop = () => {
        cancel();
        for (const signal of signals) signal.removeEventListener('abort', onStop);
        resolve(false);
      };
      for (const signal of signals) signal.addEventListener('abort', onStop, { once: true });
    });
  }

  /** Counts work in progress, so `idle()` and `close()` wait for it. */
  private track<T>(work: () => Promise<T>): Promise<T> {
    this.busy++;
    const running = work();
    const done = () => {
      this.busy--;
      this.settle();
    };
    running.then(done, done);
    return running;
  }

  private isIdle(): boolean {
    return this.busy === 0 && this.active === 0 && this.queue.length === 0;
  }

  private settle(): void {
    if (!this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

/** The delivery's only attempt when a channel's quiet hours hold it back: recorded, with why. */
function quietAttempt(channel: Recipient, at: number) {
  return {
    attempt: 0,
    outcome: 'quiet' as const,
    status: null,
    detail: `held back: quiet hours ${channel.quiet?.from}–${channel.quiet?.to} ${channel.quiet?.tz}`,
    at,
  };
}
