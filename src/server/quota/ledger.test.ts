import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine, WatchDatabase } from '../db/database';
import { openDatabase } from '../db/database';
import { closeInProcessApps, inProcessApp } from '../testing/in-process';
import { engines, openTestDatabase } from '../testing/test-database';
import { type Budgets, QuotaLedger } from './ledger';

const noon = Date.parse('2026-07-15T12:00:00Z') / 1000;
const databases: WatchDatabase[] = [];
afterEach(async () => {
  for (const database of databases.splice(0)) await database.close();
  await closeInProcessApps();
});

/** A ledger on a new, empty database; `another` opens a second one on the same database. */
async function open(engine: Engine) {
  const database = await openTestDatabase(engine);
  databases.push(database);
  return {
    ledger: new QuotaLedger(database),
    database,
    another: async () => {
      const again = await openDatabase(database.options);
      databases.push(again);
      return new QuotaLedger(again);
    },
  };
}

describe.each(engines)('QuotaLedger reservations on %s', (engine) => {
  it('records a reservation at once and gives it back on release', async () => {
    const { ledger } = await open(engine);
    const verdict = await ledger.reserve('current', 'a', 3, noon, {});
    expect((await ledger.today(noon)).total).toBe(3);
    if (!('reservation' in verdict)) throw new Error('refused');
    await ledger.release(verdict.reservation);
    expect(await ledger.today(noon)).toMatchObject({ total: 0, byFamily: { current: 0 } });
  });

  it('refuses what would pass the daily limit, writing nothing', async () => {
    const { ledger } = await open(engine);
    expect('reservation' in (await ledger.reserve('alerts', 'a', 4, noon, { daily: 5 }))).toBe(
      true,
    );
    expect(await ledger.reserve('alerts', 'b', 2, noon, { daily: 5 })).toEqual({
      refused: { budget: 'daily', limit: 5, spent: 4 },
    });
    expect('reservation' in (await ledger.reserve('alerts', 'b', 1, noon, { daily: 5 }))).toBe(
      true,
    );
    expect((await ledger.today(noon)).total).toBe(5);
    // A first reservation larger than the whole limit is refused too.
    expect(await ledger.reserve('history', 'c', 6, noon + 86_400, { daily: 5 })).toEqual({
      refused: { budget: 'daily', limit: 5, spent: 0 },
    });
  });

  it('holds each client to its own budget, per UTC day', async () => {
    const { ledger } = await open(engine);
    const budgets = { perClient: 10 };
    expect('reservation' in (await ledger.reserve('current', 'a', 10, noon, budgets))).toBe(true);
    expect(await ledger.reserve('current', 'a', 1, noon, budgets)).toEqual({
      refused: { budget: 'client', limit: 10, spent: 10 },
    });
    expect('reservation' in (await ledger.reserve('current', 'b', 10, noon, budgets))).toBe(true);
    // A new day, a new budget; yesterday's spend stays in the daily totals.
    const tomorrow = noon + 86_400;
    expect('reservation' in (await ledger.reserve('current', 'a', 10, tomorrow, budgets))).toBe(
      true,
    );
    expect((await ledger.today(noon)).total).toBe(20);
  });

  it('a client refused writes nothing to the daily total either', async () => {
    const { ledger } = await open(engine);
    const budgets = { daily: 100, perClient: 3 };
    await ledger.reserve('alerts', 'a', 3, noon, budgets);
    expect(await ledger.reserve('lightning', 'a', 1, noon, budgets)).toMatchObject({
      refused: { budget: 'client' },
    });
    expect(await ledger.today(noon)).toMatchObject({
      total: 3,
      byFamily: { alerts: 3, lightning: 0 },
    });
  });

  it('keeps what was reserved through a reopen, as after a crash', async () => {
    const { ledger, another } = await open(engine);
    await ledger.reserve('history', 'a', 10, noon, {});
    await ledger.recordProviderLimits({ limit: 5000, remaining: 4990, reset: 9, observedAt: 1 });
    const second = await another();
    expect((await second.today(noon)).byFamily.history).toBe(10);
    expect(await second.providerLimits()).toEqual({
      limit: 5000,
      remaining: 4990,
      reset: 9,
      observedAt: 1,
    });
  });

  it('keeps the newest provider limits, whichever replica writes last', async () => {
    const { ledger, another } = await open(engine);
    const other = await another();
    await ledger.recordProviderLimits({ limit: 100, remaining: 50, reset: 9, observedAt: 20.5 });
    await other.recordProviderLimits({ limit: 100, remaining: 60, reset: 9, observedAt: 10.25 });
    expect(await other.providerLimits()).toMatchObject({ remaining: 50, observedAt: 20.5 });
  });

  it('keeps a client’s count only under a per-client budget', async () => {
    const { ledger, database } = await open(engine);
    const unmetered = await ledger.reserve('alerts', 'watch', 2, noon, { daily: 100 });
    const metered = await ledger.reserve('alerts', 'page', 3, noon, { perClient: 10 });
    const clients = () =>
      database.db.selectFrom('quota_client_spend').select(['client', 'units']).execute();
    expect(await clients()).toEqual([{ client: 'page', units: 3 }]);
    expect((await ledger.today(noon)).total).toBe(5);
    if (!('reservation' in unmetered) || !('reservation' in metered)) throw new Error('refused');
    await ledger.release(unmetered.reservation);
    await ledger.release(metered.reservation);
    expect((await clients()).map((row) => Number(row.units))).toEqual([0]);
    expect((await ledger.today(noon)).total).toBe(0);
  });

  it('writes the provider’s limits at most once a minute, yet always reads the newest here', async () => {
    const { ledger, another } = await open(engine);
    const limits = { limit: 5000, reset: 9 };
    await ledger.recordProviderLimits({ ...limits, remaining: 4990, observedAt: 100 });
    await ledger.recordProviderLimits({ ...limits, remaining: 4980, observedAt: 130 });
    expect(await ledger.providerLimits()).toMatchObject({ remaining: 4980, observedAt: 130 });
    // Another replica (or this one after a restart) reads what was written: a minute old at most.
    expect(await (await another()).providerLimits()).toMatchObject({ remaining: 4990 });
    await ledger.recordProviderLimits({ ...limits, remaining: 4970, observedAt: 160 });
    expect(await (await another()).providerLimits()).toMatchObject({ remaining: 4970 });
    // A new limit or reset is written at once.
    await ledger.recordProviderLimits({ limit: 5000, reset: 10, remaining: 5000, observedAt: 161 });
    expect(await (await another()).providerLimits()).toMatchObject({ reset: 10 });
  });

  it('never passes the daily or a client budget under 200 concurrent reservations', async () => {
    const { ledger, another } = await open(engine);
    // PostgreSQL: three replicas, each with a pool of its own. SQLite serves one process, whose
    // requests all go through one connection.
    const replicas = engine === 'postgres' ? [ledger, await another(), await another()] : [ledger];
    const run = (budgets: Budgets, day: number, client: (i: number) => string) =>
      Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (replicas[i % replicas.length] as QuotaLedger).reserve(
            'alerts',
            client(i),
            1,
            day,
            budgets,
          ),
        ),
      ).then((verdicts) => verdicts.filter((verdict) => 'reservation' in verdict).length);

    expect(await run({ daily: 50 }, noon, (i) => `client-${i % 7}`)).toBe(50);
    expect((await ledger.today(noon)).total).toBe(50);

    const tomorrow = noon + 86_400;
    expect(await run({ daily: 1000, perClient: 30 }, tomorrow, () => 'one-client')).toBe(30);
    expect((await ledger.today(tomorrow)).byFamily.alerts).toBe(30);
  });
});

describe('QuotaLedger upgrade', () => {
  it("moves the old ledger's own tables in DATA_DIR into the new ones", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-ledger-'));
    // The tables as the ledger kept them before it moved onto the shared database.
    const old = new Database(join(dataDir, 'skydeck.sqlite'));
    old.exec(`
      CREATE TABLE spend (day TEXT NOT NULL, family TEXT NOT NULL, units INTEGER NOT NULL,
        PRIMARY KEY (day, family));
      CREATE TABLE client_spend (day TEXT NOT NULL, client TEXT NOT NULL, units INTEGER NOT NULL,
        PRIMARY KEY (day, client));
      CREATE TABLE provider_limits (id INTEGER PRIMARY KEY CHECK (id = 1),
        quota_limit INTEGER NOT NULL, remaining INTEGER NOT NULL, reset INTEGER NOT NULL,
        observed_at INTEGER NOT NULL);
      INSERT INTO spend VALUES ('2026-07-15', 'alerts', 7), ('2026-07-15', 'history', 5);
      INSERT INTO client_spend VALUES ('2026-07-15', 'a', 12);
      INSERT INTO provider_limits VALUES (1, 2000000, 1999000, 1784160000, 1784116800.5);
    `);
    old.close();
    const database = await openDatabase({ dataDir });
    databases.push(database);
    const ledger = new QuotaLedger(database);
    expect(await ledger.today(noon)).toMatchObject({ total: 12, byFamily: { alerts: 7 } });
    expect(await ledger.providerLimits()).toEqual({
      limit: 2000000,
      remaining: 1999000,
      reset: 1784160000,
      observedAt: 1784116800.5,
    });
    // The day's total came along: the limit counts what was spent before the upgrade.
    expect(await ledger.reserve('alerts', 'b', 1, noon, { daily: 12 })).toMatchObject({
      refused: { budget: 'daily', spent: 12 },
    });
    expect(await ledger.reserve('alerts', 'a', 1, noon, { perClient: 12 })).toMatchObject({
      refused: { budget: 'client', spent: 12 },
    });
  });
});

describe('the BFF and its ledger', () => {
  it('answers a cached request without the database, and spends nothing it cannot record', async () => {
    const instance = inProcessApp();
    const get = (query: string) => instance.fetch(new Request(`http://skydeck.test/api/${query}`));
    const first = await get('current?lat=40.71&lon=-74.01');
    expect([first.status, first.headers.get('x-cache')]).toEqual([200, 'MISS']);
    expect(await (await get('quota')).json()).toMatchObject({ spent: 1 });
    // The database is gone: the cached answer never needed it.
    await instance.close();
    const cached = await get('current?lat=40.71&lon=-74.01');
    expect([cached.status, cached.headers.get('x-cache')]).toEqual([200, 'HIT']);
    const uncached = await get('current?lat=51.51&lon=-0.13');
    expect(uncached.status).toBe(503);
    expect(uncached.headers.get('retry-after')).toBe('5');
    expect(await uncached.json()).toMatchObject({
      error: "Skydeck could not record this request's quota spend, so did not send it",
    });
    const calls = await instance.metrics.render();
    expect(calls).toMatch(/skydeck_upstream_requests_total\{endpoint="current",status="200"\} 1\n/);
  });
});
