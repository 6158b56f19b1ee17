import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type WatchDatabase } from '../db/database';
import { AlarmStore } from './alarm-store';

/**
 * The delivery record on both engines: SQLite always, PostgreSQL when SKYDECK_TEST_DATABASE_URL
 * names an empty, throwaway database. The engine itself refuses to rewrite the record.
 */
const engines = [
  { name: 'SQLite', url: undefined },
  ...(process.env.SKYDECK_TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL', url: process.env.SKYDECK_TEST_DATABASE_URL }]
    : []),
];

describe.each(engines)('the delivery record on $name', ({ url }) => {
  let database: WatchDatabase;
  let store: AlarmStore;

  beforeAll(async () => {
    database = await openDatabase({
      dataDir: mkdtempSync(join(tmpdir(), 'skydeck-alarm-store-')),
      databaseUrl: url,
    });
    store = new AlarmStore(database.db);
  });
  afterAll(() => database.close());

  const fields = {
    kind: 'webhook' as const,
    name: 'Hook',
    target: 'https://example.com/hook',
    secret: 'a-secret-of-sixteen',
    levels: ['stop' as const],
    sites: null,
    quiet: null,
    escalateMinutes: 10,
    afterMinutes: 0,
    enabled: true,
  };

  it('records a delivery once per channel, event and kind', async () => {
    const channel = await store.createChannel(`c${Date.now()}`, fields, 'admin', 1);
    const delivery = { channelId: channel.id, eventId: 7, kind: 'change', at: 1 };
    const first = await store.recordDelivery({ ...delivery, key: `${channel.id}-a` });
    expect(first).toBeTypeOf('number');
    expect(await store.recordDelivery({ ...delivery, key: `${channel.id}-b` })).toBeUndefined();
    // A test has no event: any number of them.
    const tests = { ...delivery, eventId: null, kind: 'test' };
    expect(await store.recordDelivery({ ...tests, key: `${channel.id}-t1` })).toBeTypeOf('number');
    expect(await store.recordDelivery({ ...tests, key: `${channel.id}-t2` })).toBeTypeOf('number');
  });

  it('lets a delivery move only forward, and keeps every attempt as written', async () => {
    const channel = await store.createChannel(`d${Date.now()}`, fields, 'admin', 1);
    const id = (await store.recordDelivery({
      channelId: channel.id,
      eventId: 8,
      kind: 'change',
      key: `${channel.id}-x`,
      at: 1,
    })) as number;
    expect(await store.claim(id, 'replica-a')).toBe(true);
    expect(await store.claim(id, 'replica-a')).toBe(false);
    const delivery = (await store.getDelivery(id))!;
    await store.conclude(delivery, {
      attempt: 1,
      outcome: 'delivered',
      status: 200,
      detail: 'HTTP 200',
      at: 2,
    });
    const { db } = database;
    await expect(
      db.updateTable('deliveries').set({ state: 'pending' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/only moves forward/);
    await expect(
      db.updateTable('deliveries').set({ kind: 'escalation:1' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/only moves forward/);
    await expect(db.deleteFrom('deliveries').where('id', '=', id).execute()).rejects.toThrow(
      /permanent record/,
    );
    await expect(
      db.updateTable('delivery_attempts').set({ outcome: 'failed' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('delivery_attempts').execute()).rejects.toThrow(/append-only/);
    expect(await store.listAttempts({ deliveryId: id, limit: 10 })).toMatchObject([
      { attempt: 1, outcome: 'delivered', status: 200 },
    ]);
    expect((await store.channelHealth([channel.id])).get(channel.id)).toEqual({
      failing: false,
      last: { at: 2, outcome: 'delivered', status: 200 },
    });
    // A failure flags the channel; a note that nothing was sent (quiet hours) says nothing of it.
    const next = (await store.recordDelivery({
      channelId: channel.id,
      eventId: 9,
      kind: 'change',
      key: `${channel.id}-y`,
      at: 3,
    })) as number;
    await store.conclude((await store.getDelivery(next))!, {
      attempt: 5,
      outcome: 'failed',
      status: 503,
      detail: 'HTTP 503',
      at: 4,
    });
    await store.recordDelivery(
      { channelId: channel.id, eventId: 10, kind: 'change', key: `${channel.id}-z`, at: 5 },
      { attempt: 0, outcome: 'quiet', status: null, detail: 'held back', at: 5 },
    );
    expect((await store.channelHealth([channel.id])).get(channel.id)).toEqual({
      failing: true,
      last: { at: 5, outcome: 'quiet', status: null },
    });
    // The channel may go; what was sent to it stays on record.
    expect(await store.deleteChannel(channel.id)).toBe(true);
    expect(await store.listAttempts({ channelId: channel.id, limit: 10 })).toHaveLength(3);
  });
});
