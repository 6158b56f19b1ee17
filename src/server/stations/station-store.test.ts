import { afterAll, describe, expect, it } from 'vitest';
import type { WatchDatabase } from '../db/database';
import { engines, openTestDatabase } from '../testing/test-database';
import { StationStore } from './station-store';

const opened: WatchDatabase[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

const now = Date.parse('2026-07-15T18:20:00Z');
const minute = 60_000;
const day = 24 * 60 * minute;

async function storeOn(engine: (typeof engines)[number]) {
  const database = await openTestDatabase(engine);
  opened.push(database);
  const store = new StationStore(database.db);
  for (const [id, siteId] of [
    ['jib', 'crane'],
    ['mast', 'crane'],
    ['spare', null],
  ] as const)
    await store.create({
      id,
      name: id,
      siteId,
      key: `${id}-key`,
      passkey: null,
      at: now,
      by: 'admin',
    });
  return { database, store };
}

describe.each(engines)('station readings on %s', (engine) => {
  it('keeps one row a station and minute: the means, the highest gust, the latest direction', async () => {
    const { database, store } = await storeOn(engine);
    await store.addReading('jib', {
      at: now - 50_000,
      windMs: 4,
      gustMs: 9,
      windDir: 200,
      tempC: 30,
    });
    await store.addReading('jib', { at: now - 10_000, windMs: 6, gustMs: 7, windDir: 220 });
    // Late: an older reading of the same minute changes the means and gust, not the direction.
    await store.addReading('jib', { at: now - 40_000, windMs: 8, gustMs: 12, windDir: 90 });
    const rows = await database.db.selectFrom('station_readings').selectAll().execute();
    expect(rows).toHaveLength(1);
    const latest = await store.latestForSites(now - 10 * minute, now);
    expect(latest.get('crane')?.reading).toMatchObject({
      stationId: 'jib',
      at: now - 10_000,
      count: 3,
      windMs: 6,
      gustMs: 12,
      windDir: 220,
      tempC: 30,
      humidity: null,
    });
  });

  it("gives each site its station's latest minute in the window, never one dated ahead", async () => {
    const { store } = await storeOn(engine);
    await store.addReading('jib', { at: now - 20 * minute, gustMs: 30 });
    await store.addReading('mast', { at: now - 3 * minute, gustMs: 5 });
    await store.addReading('mast', { at: now + 5 * minute, gustMs: 40 });
    await store.addReading('spare', { at: now, gustMs: 50 });
    const latest = await store.latestForSites(now - 10 * minute, now);
    expect([...latest.keys()]).toEqual(['crane']);
    expect(latest.get('crane')).toMatchObject({
      id: 'mast',
      reading: { at: now - 3 * minute, gustMs: 5 },
      lastAt: now + 5 * minute,
    });
    // Once the mast is quiet too, the site still has a station, unused, and when it last spoke.
    const later = await store.latestForSites(now + 20 * minute, now + 30 * minute);
    expect(later.get('crane')).toMatchObject({ reading: undefined });
  });

  it('prunes minutes older than 30 days', async () => {
    const { database, store } = await storeOn(engine);
    await store.addReading('jib', { at: now - 31 * day, gustMs: 3 });
    await store.addReading('jib', { at: now - 29 * day, gustMs: 3 });
    expect(await store.prune(now)).toBe(1);
    const rows = await database.db.selectFrom('station_readings').select('minute').execute();
    expect(rows.map((row) => Number(row.minute))).toEqual([
      Math.floor((now - 29 * day) / minute) * minute,
    ]);
  });

  it('finds a station by its key or passkey only, keeping neither', async () => {
    const { database, store } = await storeOn(engine);
    expect((await store.byKey('jib', 'jib-key'))?.id).toBe('jib');
    expect(await store.byKey('jib', 'mast-key')).toBeUndefined();
    expect(await store.byKey('nope', 'jib-key')).toBeUndefined();
    await store.update('jib', { passkey: 'ABC123' }, now);
    expect((await store.byPasskey('ABC123'))?.id).toBe('jib');
    expect(await store.passkeyTaken('ABC123', 'jib')).toBe(false);
    expect(await store.passkeyTaken('ABC123')).toBe(true);
    const rows = JSON.stringify(await database.db.selectFrom('stations').selectAll().execute());
    expect(rows).not.toContain('jib-key');
    expect(rows).not.toContain('ABC123');
    expect(await store.delete('jib')).toBe(true);
    expect(await store.delete('jib')).toBe(false);
  });
});
