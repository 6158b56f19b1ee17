import { afterEach, describe, expect, it } from 'vitest';
import type { StatusLevel } from '../../shared/safety/site-policy';
import type { AlarmConfig } from '../config';
import { type Engine, openDatabase } from '../db/database';
import { until } from '../testing/until';
import { manualTimers } from '../testing/manual-timers';
import { engines, openTestDatabase } from '../testing/test-database';
import { offHoursMarks } from '../watch/schedule';
import type { EventRecord } from '../watch/store';
import { AlarmStore, type ChannelFields } from './alarm-store';
import { AlarmDispatcher, type DispatcherOptions, type SiteView } from './dispatcher';
import { emailUnavailable, type Mailer } from './mailer';
import type { SendResult } from './webhook-sender';

/*
 * The dispatcher through what it is given: a real delivery record (AlarmStore on SQLite, and on
 * PostgreSQL where replicas share one), and in-memory events, sites, clock, pause timers and
 * mailer. Email channels, because the mailer is the sender it takes; webhooks go over HTTP and
 * alarms.integration.test.ts sends them to a receiver.
 */

const delivered: SendResult = { outcome: 'delivered', retryable: false, status: 250, detail: 'OK' };
const busy: SendResult = { outcome: 'failed', retryable: true, status: 451, detail: 'try later' };
const refused: SendResult = { outcome: 'refused', retryable: false, status: 550, detail: 'no' };

const config: AlarmConfig = {
  publicUrl: 'https://skydeck.example',
  smtpUrl: undefined,
  from: undefined,
  push: { subject: 'https://skydeck.example' },
  allowPrivate: false,
  timeoutMs: 5_000,
  retries: 3,
  backoffMs: 1_000,
};

const start = Date.parse('2026-07-15T12:00:00Z');
const minutes = (n: number) => n * 60_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Sent {
  to: string;
  key: string;
  subject: string;
  /** On the pause timers. */
  at: number;
}

/** A dispatcher over a fresh database, with everything it is given in the test's hands. */
async function setUp(options: Partial<DispatcherOptions> = {}, engine: Engine = 'sqlite') {
  const database = await openTestDatabase(engine);
  cleanups.push(() => database.close());
  const store = new AlarmStore(database.db);
  const timers = manualTimers();
  const events: EventRecord[] = [];
  const sites = new Map<string, SiteView>();
  const errors: unknown[] = [];
  const sent: Sent[] = [];
  /** Each address's answers in turn; delivered once they run out. */
  const answers = new Map<string, (SendResult | Promise<SendResult>)[]>();
  const clock = { now: start };

  const mailer: Mailer = {
    send(message) {
      const to = message.to.join(',');
      sent.push({ to, key: message.key, subject: message.subject, at: timers.now() });
      return Promise.resolve(answers.get(to)?.shift() ?? delivered);
    },
    close() {},
  };

  const dependencies = (
    store: AlarmStore,
    more: Partial<DispatcherOptions>,
  ): DispatcherOptions => ({
    store,
    events: {
      get: async (id) => events.find((event) => event.id === id),
      since: async (since) => events.filter((event) => event.at >= since),
      latestOf: async (siteId) => events.findLast((event) => event.site_id === siteId),
      previousOf: async (siteId, beforeId) =>
        events.findLast((event) => event.site_id === siteId && event.id < beforeId),
    },
    sites: { get: (id) => sites.get(id), list: () => [...sites.values()] },
    clock: () => clock.now,
    logger: { info() {}, error: (event, fields) => errors.push({ event, ...fields }) },
    config,
    mailer,
    ready: async () => {},
    timers,
    ...options,
    ...more,
  });

  const dispatcherOn = (store: AlarmStore, more: Partial<DispatcherOptions> = {}) => {
    const dispatcher = new AlarmDispatcher(dependencies(store, more));
    cleanups.push(() => dispatcher.close());
    return dispatcher;
  };
  const dispatcher = dispatcherOn(store);
  // Whatever a test did, nothing failed unseen.
  cleanups.push(() => expect(errors).toEqual([]));

  let channels = 0;
  const channel = (name: string, fields: Partial<ChannelFields> = {}, createdAt = start - 1) =>
    store.createChannel(
      `channel-${++channels}`,
      {
        kind: 'email',
        name,
        target: `${name}@example.com`,
        secret: null,
        levels: ['stop', 'caution'],
        sites: null,
        quiet: null,
        escalateMinutes: null,
        afterMinutes: 0,
        enabled: true,
        ...fields,
      },
      'admin',
      createdAt,
    );

  const change = (
    siteId: string,
    from: StatusLevel,
    to: StatusLevel,
    /** How it stood with the site's activity windows (`offHoursMarks`). */
    offHours = 0,
  ): EventRecord => {
    const event: EventRecord = {
      id: events.length + 1,
      site_id: siteId,
      site_name: `Site ${siteId}`,
      at: clock.now,
      from_level: from,
      to_level: to,
      rule: 'lightning',
      reason: `lightning: ${from} to ${to}`,
      evidence: '[]',
      data_age_s: 10,
      seq: events.length + 1,
      cause: null,
      off_hours: offHours,
      acknowledged_by: null,
      acknowledged_at: null,
      ack_note: null,
    };
    events.push(event);
    sites.set(siteId, {
      id: siteId,
      name: event.site_name,
      lat: 1,
      lon: 2,
      level: to,
      offHours: offHours > 0,
    });
    return event;
  };

  /** What an address was sent, in order, as event id and kind: "1-change", "1-escalation:2". */
  const sentTo = (to: string) =>
    sent
      .filter((message) => message.to === to)
      .map((message) => message.key.replace(/^skydeck-channel-\d+-/, ''));

  const attemptsOf = async (channelId: string) =>
    (await store.listAttempts({ channelId, limit: 100 }))
      .reverse()
      .map(({ attempt, outcome, status, detail }) => ({ attempt, outcome, status, detail }));

  const deliveriesIn = (state: 'pending' | 'sending' | 'done') => store.deliveriesIn(state, 100);

  return {
    database,
    store,
    timers,
    clock,
    sites,
    sent,
    answers,
    dispatcher,
    dispatcherOn,
    channel,
    change,
    sentTo,
    attemptsOf,
    deliveriesIn,
  };
}

/** A promise the test settles when it chooses: a send that hangs until then. */
function held<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('AlarmDispatcher: who hears what', () => {
  it('tells each channel the changes its levels and sites follow, each change once', async () => {
    const t = await setUp();
    await t.channel('stops', { levels: ['stop'] });
    await t.channel('cautions', { levels: ['caution'] });
    await t.channel('both');
    await t.channel('only-a', { sites: ['a'] });
    await t.channel('off', { enabled: false });
    await t.channel('later', {}, start + 1);

    const events = [
      t.change('a', 'clear', 'caution'),
      t.change('b', 'caution', 'stop'),
      t.change('b', 'stop', 'clear'),
    ];
    for (const event of events) t.dispatcher.notify(event);
    // Told twice (a replica's relay, a sweep catching up): still sent once.
    t.dispatcher.notify(events[0]!);
    await t.dispatcher.idle();

    // Deliveries go side by side: in any order.
    expect(t.sentTo('stops@example.com').sort()).toEqual(['2-change', '3-change']);
    expect(t.sentTo('cautions@example.com').sort()).toEqual(['1-change', '2-change']);
    expect(t.sentTo('both@example.com').sort()).toEqual(['1-change', '2-change', '3-change']);
    expect(t.sentTo('only-a@example.com')).toEqual(['1-change']);
    expect(t.sentTo('off@example.com')).toEqual([]);
    // A channel is not told what happened before it existed.
    expect(t.sentTo('later@example.com')).toEqual([]);
    expect(t.sent).toHaveLength(8);
  });

  it('tells nobody of a change off hours, bar an `always` alert; the window opening tells them once', async () => {
    const t = await setUp();
    const subjects = () => t.sent.map((message) => message.subject);
    await t.channel('crew');
    const quiet = t.change('a', 'clear', 'stop', offHoursMarks.silent);
    for (const event of [quiet, t.change('b', 'clear', 'caution', offHoursMarks.alarmed)])
      t.dispatcher.notify(event);
    await t.dispatcher.sweep();
    await t.dispatcher.idle();
    // Only the alert the schedule alarms for at any hour went; no reminder of the silent stop.
    t.clock.now += minutes(60);
    await t.dispatcher.sweep();
    await t.dispatcher.idle();
    expect(t.sentTo('crew@example.com')).toEqual(['2-change']);

    // Site a's window opens while it is still at stop: told at once, and only once.
    t.sites.set('a', { ...t.sites.get('a')!, offHours: false });
    await t.dispatcher.sweep();
    await t.dispatcher.sweep();
    await t.dispatcher.idle();
    expect(t.sentTo('crew@example.com')).toEqual(['2-change', '1-opening']);
    expect(subjects().at(-1)).toContain('STOP at Site a as the working day starts');
  });

  it('tells nothing when a window opens on a site at watch or clear', async () => {
    const t = await setUp();
    await t.channel('crew', { levels: ['stop', 'caution', 'watch'] });
    t.dispatcher.notify(t.change('a', 'clear', 'watch', offHoursMarks.silent));
    t.sites.set('a', { ...t.sites.get('a')!, offHours: false });
    await t.dispatcher.sweep();
    await t.dispatcher.idle();
    expect(t.sent).toEqual([]);
  });

  it('holds back a caution in quiet hours, recording why, but never a stop or its end', async () => {
    const t = await setUp();
    t.clock.now = Date.parse('2026-07-15T23:00:00Z');
    const night = await t.channel('night', { quiet: { from: '22:00', to: '06:00', tz: 'UTC' } });

    for (const event of [
      t.change('a', 'clear', 'caution'),
      t.change('a', 'caution', 'stop'),
      t.change('a', 'stop', 'clear'),
    ])
      t.dispatcher.notify(event);
    await t.dispatcher.idle();

    expect(t.sentTo('night@example.com').sort()).toEqual(['2-change', '3-change']);
    expect(await t.attemptsOf(night.id)).toEqual([
      {
        attempt: 0,
        outcome: 'quiet',
        status: null,
        detail: 'held back: quiet hours 22:00–06:00 UTC',
      },
      { attempt: 1, outcome: 'delivered', status: 250, detail: 'OK' },
      { attempt: 1, outcome: 'delivered', status: 250, detail: 'OK' },
    ]);
  });

  it('reminds of an unacknowledged stop at the reminder due now, never a backlog', async () => {
    const t = await setUp();
    await t.channel('pager', { levels: ['stop'], escalateMinutes: 10 });
    await t.channel('no-reminders', { levels: ['stop'] });
    const stop = t.change('a', 'caution', 'stop');
    t.dispatcher.notify(stop);
    await t.dispatcher.idle();

    t.clock.now = start + minutes(9);
    await t.dispatcher.sweep();
    await t.dispatcher.idle();
    expect(t.sentTo('pager@example.com')).toEqual(['1-change']);

    // The sweep 25 minutes on sends the second reminder only: the first is no longer news.
    t.clock.now = start + minutes(25);
    await t.dispatcher.sweep();
    await t.dispatcher.sweep();
    await t.dispatcher.idle();
    expect(t.sentTo('pager@example.com')).toEqual(['1-change', '1-escalation:2']);
    expect(t.sentTo('no-reminders@example.com')).toEqual(['1-change']);

    stop.acknowledged_by = 'ops';
    t.clock.now = start + minutes(45);
    await t.dispatcher.sweep();
    await t.dispatcher.idle();
    expect(t.sentTo('pager@example.com')).toEqual(['1-change', '1-escalation:2']);
  });
});

describe('AlarmDispatcher: escalation tiers', () => {
  /** One sweep at `at` minutes after the start, and whatever it sent. */
  const sweepAt = async (t: Awaited<ReturnType<typeof setUp>>, at: number) => {
    t.clock.now = start + minutes(at);
    await t.dispatcher.sweep();
    await t.dispatcher.idle();
  };

  it('tells a tier of a stop only once it stayed unacknowledged that long, and of its end only if told of its start', async () => {
    const t = await setUp();
    await t.channel('crew', { levels: ['stop'] });
    await t.channel('supervisor', { afterMinutes: 10 });

    t.dispatcher.notify(t.change('a', 'caution', 'stop'));
    await t.dispatcher.idle();
    expect(t.sentTo('crew@example.com')).toEqual(['1-change']);
    expect(t.sentTo('supervisor@example.com')).toEqual([]);

    await sweepAt(t, 9);
    expect(t.sentTo('supervisor@example.com')).toEqual([]);
    await sweepAt(t, 10);
    await sweepAt(t, 11);
    expect(t.sentTo('supervisor@example.com')).toEqual(['1-change']);

    // The stop it was told of ends: it hears that (a caution itself it does not hear).
    t.clock.now = start + minutes(12);
    t.dispatcher.notify(t.change('a', 'stop', 'caution'));
    await t.dispatcher.idle();
    expect(t.sentTo('supervisor@example.com')).toEqual(['1-change', '2-change']);

    // A stop that drops to caution before its tier fires: never told of it, nor of its end.
    t.clock.now = start + minutes(20);
    t.dispatcher.notify(t.change('a', 'caution', 'stop'));
    await t.dispatcher.idle();
    await sweepAt(t, 29);
    t.dispatcher.notify(t.change('a', 'stop', 'caution'));
    await t.dispatcher.idle();
    await sweepAt(t, 31);
    await sweepAt(t, 60);
    expect(t.sentTo('supervisor@example.com')).toEqual(['1-change', '2-change']);
    expect(t.sentTo('crew@example.com')).toEqual(['1-change', '2-change', '3-change', '4-change']);
  });

  it('fires no tier that has not fired yet once the stop is acknowledged', async () => {
    const t = await setUp();
    await t.channel('supervisor', { afterMinutes: 10 });
    await t.channel('manager', { afterMinutes: 20 });
    const stop = t.change('a', 'clear', 'stop');
    t.dispatcher.notify(stop);
    await t.dispatcher.idle();

    await sweepAt(t, 10);
    expect(t.sentTo('supervisor@example.com')).toEqual(['1-change']);
    stop.acknowledged_by = 'ops';
    await sweepAt(t, 20);
    await sweepAt(t, 40);
    expect(t.sentTo('manager@example.com')).toEqual([]);

    // The supervisor was told of the stop, so hears of its end; the manager was not.
    t.dispatcher.notify(t.change('a', 'stop', 'clear'));
    await t.dispatcher.idle();
    expect(t.sentTo('supervisor@example.com')).toEqual(['1-change', '2-change']);
    expect(t.sentTo('manager@example.com')).toEqual([]);
  });

  it('counts a tier’s reminders from when it was told', async () => {
    const t = await setUp();
    await t.channel('supervisor', { levels: ['stop'], afterMinutes: 10, escalateMinutes: 10 });
    t.dispatcher.notify(t.change('a', 'clear', 'stop'));
    await t.dispatcher.idle();
    await sweepAt(t, 19);
    expect(t.sentTo('supervisor@example.com')).toEqual(['1-change']);
    await sweepAt(t, 20);
    expect(t.sentTo('supervisor@example.com')).toEqual(['1-change', '1-escalation:1']);
  });

  it('still fires a tier whose wait spanned a restart', async () => {
    const t = await setUp();
    await t.channel('supervisor', { afterMinutes: 10 });
    t.dispatcher.notify(t.change('a', 'clear', 'stop'));
    await sweepAt(t, 3);
    expect(t.sentTo('supervisor@example.com')).toEqual([]);
    await t.dispatcher.close();

    // Nothing of the wait is in memory: the next process reads it from the record.
    const restarted = t.dispatcherOn(t.store);
    t.clock.now = start + minutes(9);
    await restarted.sweep();
    await restarted.idle();
    expect(t.sentTo('supervisor@example.com')).toEqual([]);
    t.clock.now = start + minutes(10);
    await restarted.sweep();
    await restarted.idle();
    expect(t.sentTo('supervisor@example.com')).toEqual(['1-change']);
  });
});

describe('AlarmDispatcher: attempts', () => {
  it('retries a retryable failure with exponential backoff on its timers, recording each attempt', async () => {
    const t = await setUp();
    const channel = await t.channel('ops');
    t.answers.set('ops@example.com', [busy, busy, busy]);
    t.dispatcher.notify(t.change('a', 'clear', 'stop'));

    // Attempts at 0, then 1 s, 2 s and 4 s after each failure (backoffMs 1000, doubling).
    for (const [attempt, pause] of [
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
    ] as const) {
      await until(() => t.sent.length === attempt && t.timers.pending === 1, `attempt ${attempt}`);
      t.timers.advance(pause - 1);
      expect(t.timers.pending).toBe(1);
      t.timers.advance(1);
    }
    await t.dispatcher.idle();

    expect(t.sent.map((message) => message.at)).toEqual([0, 1_000, 3_000, 7_000]);
    expect(await t.attemptsOf(channel.id)).toEqual([
      { attempt: 1, outcome: 'retry', status: 451, detail: 'try later' },
      { attempt: 2, outcome: 'retry', status: 451, detail: 'try later' },
      { attempt: 3, outcome: 'retry', status: 451, detail: 'try later' },
      { attempt: 4, outcome: 'delivered', status: 250, detail: 'OK' },
    ]);
    expect(await t.deliveriesIn('done')).toHaveLength(1);
  });

  it('waits as long as Retry-After asks, at most a minute, and gives up after the retries', async () => {
    const t = await setUp({ config: { ...config, retries: 2 } });
    const channel = await t.channel('ops');
    t.answers.set('ops@example.com', [
      { ...busy, retryAfterMs: 5_000 },
      { ...busy, retryAfterMs: minutes(10) },
      busy,
    ]);
    t.dispatcher.notify(t.change('a', 'clear', 'stop'));

    for (const [attempt, pause] of [
      [1, 5_000],
      [2, 60_000],
    ] as const) {
      await until(() => t.sent.length === attempt && t.timers.pending === 1, `attempt ${attempt}`);
      t.timers.advance(pause - 1);
      expect(t.timers.pending).toBe(1);
      t.timers.advance(1);
    }
    await t.dispatcher.idle();

    expect(t.sent.map((message) => message.at)).toEqual([0, 5_000, 65_000]);
    expect((await t.attemptsOf(channel.id)).map((attempt) => attempt.outcome)).toEqual([
      'retry',
      'retry',
      'failed',
    ]);
    expect(t.timers.pending).toBe(0);
  });

  it('tries a refusal or a failure that cannot go better once', async () => {
    const t = await setUp();
    const refusing = await t.channel('refusing');
    const mailless = await t.channel('mailless');
    t.answers.set('refusing@example.com', [refused]);
    const event = t.change('a', 'clear', 'stop');
    t.dispatcher.notify(event);
    await t.dispatcher.idle();
    // A server without SMTP cannot send to an email channel, however often it tries.
    const noMailer = t.dispatcherOn(t.store, { mailer: undefined });
    await t.store.updateChannel(refusing.id, { enabled: false }, 'admin', start);
    noMailer.notify(t.change('b', 'clear', 'stop'));
    await noMailer.idle();

    expect(await t.attemptsOf(refusing.id)).toEqual([
      { attempt: 1, outcome: 'refused', status: 550, detail: 'no' },
    ]);
    expect(await t.attemptsOf(mailless.id)).toEqual([
      { attempt: 1, outcome: 'delivered', status: 250, detail: 'OK' },
      { attempt: 1, outcome: 'failed', status: null, detail: emailUnavailable },
    ]);
    expect(t.timers.pending).toBe(0);
  });

  it('sends to the other channels while one waits to retry and another hangs', async () => {
    const t = await setUp();
    const flaky = await t.channel('flaky');
    await t.channel('hanging');
    await t.channel('fine');
    const hanging = held<SendResult>();
    t.answers.set('flaky@example.com', [busy]);
    t.answers.set('hanging@example.com', [hanging.promise]);
    t.dispatcher.notify(t.change('a', 'clear', 'stop'));

    await until(
      async () => t.timers.pending === 1 && (await t.deliveriesIn('done')).length === 1,
      'one channel is sent to while one waits to retry and one hangs',
    );
    expect((await t.deliveriesIn('done')).map((delivery) => delivery.channel_id)).toEqual([
      'channel-3',
    ]);
    expect(t.sentTo('fine@example.com')).toEqual(['1-change']);

    hanging.settle(delivered);
    t.timers.advance(config.backoffMs);
    await t.dispatcher.idle();
    expect(t.sentTo('flaky@example.com')).toEqual(['1-change', '1-change']);
    expect(await t.attemptsOf(flaky.id)).toMatchObject([
      { outcome: 'retry' },
      { outcome: 'delivered' },
    ]);
    expect(await t.deliveriesIn('done')).toHaveLength(3);
  });

  it('cancels a delivery whose channel was disabled before it went, and expires a stale one', async () => {
    const t = await setUp();
    const off = await t.channel('off');
    const event = t.change('a', 'clear', 'stop');
    // Recorded by a replica that then went down: pending in the database, nothing in memory.
    const stale = await t.channel('stale');
    await t.store.recordDelivery({
      channelId: stale.id,
      eventId: event.id,
      kind: 'change',
      key: 'stale',
      at: start,
    });
    await t.store.recordDelivery({
      channelId: off.id,
      eventId: event.id,
      kind: 'change',
      key: 'off',
      at: start,
    });
    await t.store.updateChannel(off.id, { enabled: false }, 'admin', start);

    t.clock.now = start + minutes(31);
    await t.dispatcher.sweep();
    await t.dispatcher.idle();

    expect(t.sent).toEqual([]);
    expect(await t.attemptsOf(stale.id)).toEqual([
      {
        attempt: 0,
        outcome: 'expired',
        status: null,
        detail: 'waited too long to be sent (the server was down)',
      },
    ]);
    expect(await t.attemptsOf(off.id)).toEqual([
      {
        attempt: 0,
        outcome: 'cancelled',
        status: null,
        detail: 'the channel was disabled before it went',
      },
    ]);
  });
});

describe('AlarmDispatcher: bounds', () => {
  it('keeps at most queueMax deliveries in memory; the rest wait in the database for a sweep', async () => {
    const t = await setUp({ concurrency: 1, queueMax: 2 });
    for (const name of ['one', 'two', 'three', 'four', 'five']) await t.channel(name);
    const gate = held<SendResult>();
    for (const name of ['one', 'two', 'three', 'four', 'five'])
      t.answers.set(`${name}@example.com`, [gate.promise]);
    t.dispatcher.notify(t.change('a', 'clear', 'stop'));

    await until(async () => t.sent.length === 1, 'the first delivery is on its way');
    // Each delivery is recorded before anything is sent, whether it fits in memory or not.
    await until(
      async () => (await t.deliveriesIn('pending')).length === 4,
      'all five are recorded',
    );
    gate.settle(delivered);
    await t.dispatcher.idle();
    expect(t.sent).toHaveLength(3);
    expect(await t.deliveriesIn('pending')).toHaveLength(2);

    await t.dispatcher.sweep();
    await t.dispatcher.idle();
    expect(t.sent.map((message) => message.to)).toEqual(
      ['one', 'two', 'three', 'four', 'five'].map((name) => `${name}@example.com`),
    );
    expect(await t.deliveriesIn('pending')).toEqual([]);
  });
});

describe.each(engines)('AlarmDispatcher across replicas on %s', (engine) => {
  it('sends a change once when two replicas are told of it', async () => {
    const t = await setUp({}, engine);
    await t.channel('ops');
    const alive = async (ids: readonly string[]) => new Set(ids);
    const a = t.dispatcherOn(t.store, { replica: { id: 'replica-a', alive } });
    // Replicas share PostgreSQL, each with its own connections; SQLite is one process's.
    let otherStore = t.store;
    if (engine === 'postgres') {
      const other = await openDatabase(t.database.options);
      cleanups.push(() => other.close());
      otherStore = new AlarmStore(other.db);
    }
    const b = t.dispatcherOn(otherStore, { replica: { id: 'replica-b', alive } });

    const event = t.change('a', 'clear', 'stop');
    a.notify(event);
    b.notify(event);
    await Promise.all([a.idle(), b.idle()]);
    await Promise.all([a.sweep(), b.sweep()]);
    await Promise.all([a.idle(), b.idle()]);

    expect(t.sentTo('ops@example.com')).toEqual(['1-change']);

    // A delivery left waiting in the database, which both replicas' sweeps pick up at once.
    const waiting = t.change('b', 'clear', 'stop');
    await t.store.recordDelivery({
      channelId: 'channel-1',
      eventId: waiting.id,
      kind: 'change',
      key: 'waiting',
      at: start,
    });
    await Promise.all([a.sweep(), b.sweep()]);
    await Promise.all([a.idle(), b.idle()]);
    expect(t.sentTo('ops@example.com')).toEqual(['1-change', 'waiting']);
    expect(await t.deliveriesIn('done')).toHaveLength(2);
  });

  it('fires a tier once when two replicas sweep at the same time', async () => {
    const t = await setUp({}, engine);
    await t.channel('supervisor', { afterMinutes: 10 });
    const alive = async (ids: readonly string[]) => new Set(ids);
    let otherStore = t.store;
    if (engine === 'postgres') {
      const other = await openDatabase(t.database.options);
      cleanups.push(() => other.close());
      otherStore = new AlarmStore(other.db);
    }
    const a = t.dispatcherOn(t.store, { replica: { id: 'replica-a', alive } });
    const b = t.dispatcherOn(otherStore, { replica: { id: 'replica-b', alive } });
    const stop = t.change('a', 'clear', 'stop');
    a.notify(stop);
    b.notify(stop);
    await Promise.all([a.idle(), b.idle()]);
    expect(t.sentTo('supervisor@example.com')).toEqual([]);
    t.clock.now = start + minutes(10);
    await Promise.all([a.sweep(), b.sweep()]);
    await Promise.all([a.sweep(), b.sweep()]);
    await Promise.all([a.idle(), b.idle()]);
    expect(t.sentTo('supervisor@example.com')).toEqual(['1-change']);
  });

  it('records interrupted what a replica that died left on its way, and leaves a live one’s alone', async () => {
    const t = await setUp({}, engine);
    const event = t.change('a', 'clear', 'stop');
    const ids: Record<string, number> = {};
    for (const replica of ['dead', 'live']) {
      const channel = await t.channel(replica);
      ids[replica] = (await t.store.recordDelivery({
        channelId: channel.id,
        eventId: event.id,
        kind: 'change',
        key: replica,
        at: start,
      })) as number;
      expect(await t.store.claim(ids[replica], replica)).toBe(true);
    }
    const me = t.dispatcherOn(t.store, {
      replica: {
        id: 'me',
        alive: async (claimers) => new Set(claimers.filter((id) => id !== 'dead')),
      },
    });

    await me.sweep();
    await me.idle();

    expect(t.sent).toEqual([]);
    expect((await t.store.getDelivery(ids.dead!))?.state).toBe('done');
    expect(await t.attemptsOf('channel-1')).toMatchObject([{ attempt: 1, outcome: 'interrupted' }]);
    expect((await t.store.getDelivery(ids.live!))?.state).toBe('sending');
    expect(await t.attemptsOf('channel-2')).toEqual([]);
  });

  it('records interrupted, and sends no more, a delivery waiting to retry when the watch moves', async () => {
    const t = await setUp({}, engine);
    const channel = await t.channel('ops');
    t.answers.set('ops@example.com', [busy]);
    t.dispatcher.notify(t.change('a', 'clear', 'stop'));
    await until(() => t.timers.pending === 1, 'the first attempt failed and waits');

    t.dispatcher.stopDispatching();
    await t.dispatcher.idle();

    expect(t.timers.pending).toBe(0);
    expect(t.sent).toHaveLength(1);
    expect(await t.attemptsOf(channel.id)).toMatchObject([
      { attempt: 1, outcome: 'retry' },
      { attempt: 2, outcome: 'interrupted' },
    ]);
  });
});
