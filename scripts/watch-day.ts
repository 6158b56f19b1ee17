// What a simulated day of the watch leaves in PostgreSQL and costs at the provider, per site:
// the standalone simulator's world and a BFF's clock moved on a minute at a time for
// WATCH_DAY_MINUTES (default a day), one monitor round a minute, with one webhook channel.
// Rows and bytes per table (pg_total_relation_size), WAL written, provider calls by feed.
// `node --import tsx scripts/watch-day.ts`
import pg from 'pg';
import { policyPresets, sitePolicySchema } from '../src/shared/safety/site-policy';
import {
  advanceWorld,
  closeAll,
  forwardTo,
  startBff,
  startSimulator,
  startStubProvider,
} from '../src/server/testing/loopback';
import { startWebhookReceiver } from '../src/server/testing/receivers';
import { createDatabase, startTestPostgres } from '../src/server/testing/test-postgres';
import { demoSites } from '../src/server/watch/demo-sites';

const minutes = Number(process.env.WATCH_DAY_MINUTES ?? 1440);
const password = 'a day of the watch';
// The demo's storm-prone places: far enough apart that each has a search and a point of its own.
const sites = demoSites;

const server = await startTestPostgres();
try {
  const databaseUrl = await createDatabase(server.url, 'skydeck_day');

  const world = await startSimulator();
  const calls = new Map<string, number>();
  const provider = await startStubProvider((request, response) => {
    const feed = new URL(request.url ?? '/', 'http://x').pathname.replace('/v2.0/', '');
    calls.set(feed, (calls.get(feed) ?? 0) + 1);
    forwardTo(world)(request, response);
  });
  const receiver = await startWebhookReceiver();
  const bff = await startBff(provider.url, {
    DATABASE_URL: databaseUrl,
    SKYDECK_ADMIN_PASSWORD: password,
    WEBHOOK_ALLOW_PRIVATE: '1',
  });
  const signIn = await fetch(`${bff.url}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'skydeck' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const write = (path: string, body: object) =>
    fetch(`${bff.url}/api${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'skydeck',
        Cookie: cookie,
      },
      body: JSON.stringify(body),
    });
  await write('/channels', { kind: 'webhook', name: 'Ops', target: receiver.url });

  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  const wal = async () =>
    Number(
      (
        await stats.query<{ bytes: string }>(
          "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS bytes",
        )
      ).rows[0]?.bytes,
    );
  for (const site of sites)
    await write('/sites', {
      name: site.name,
      lat: site.lat,
      lon: site.lon,
      policy: sitePolicySchema.parse(policyPresets[site.preset]),
    });
  calls.clear();
  const walBefore = await wal();
  const began = performance.now();
  for (let minute = 1; minute <= minutes; minute++) {
    await advanceWorld(world, 60);
    bff.advance(60);
    await bff.watch.monitor.tick();
    if (minute % 15 === 0) await bff.watch.alarms.sweep();
  }
  await bff.watch.alarms.idle();
  const walBytes = (await wal()) - walBefore;
  await stats.query('ANALYZE');
  const { rows } = await stats.query<{
    table: string;
    rows: string;
    bytes: string;
    updates: string;
  }>(
    `SELECT relname AS table, n_live_tup AS rows, pg_total_relation_size(relid) AS bytes,
       n_tup_upd AS updates
     FROM pg_stat_user_tables ORDER BY pg_total_relation_size(relid) DESC`,
  );
  const rowBytes = new Map<string, number>();
  for (const table of [
    'events',
    'deliveries',
    'delivery_attempts',
    'watch_state',
    'provider_cache',
  ]) {
    const { rows: sizes } = await stats.query<{ bytes: string | null }>(
      `SELECT avg(pg_column_size(t.*))::int::text AS bytes FROM ${table} t`,
    );
    rowBytes.set(table, Number(sizes[0]?.bytes ?? 0));
  }
  await stats.end();

  const days = minutes / 1440;
  const perSiteDay = (value: number) => (value / sites.length / days).toFixed(1);
  console.log(
    `\n${sites.length} sites, ${minutes} simulated minutes (${(days * 24).toFixed(1)} h) in ${((performance.now() - began) / 1000).toFixed(0)} s, one round a minute, one webhook channel (${receiver.received.length} sent)`,
  );
  console.log('table                    rows  bytes (all, incl. indexes)  updates');
  for (const row of rows)
    console.log(
      `${row.table.padEnd(22)} ${row.rows.padStart(6)}  ${row.bytes.padStart(10)}                 ${row.updates.padStart(7)}`,
    );
  const total = (pick: (row: (typeof rows)[number]) => number, tables: string[]) =>
    rows.filter((row) => tables.includes(row.table)).reduce((sum, row) => sum + pick(row), 0);
  const grows = ['events', 'acknowledgements', 'deliveries', 'delivery_attempts', 'site_changes'];
  console.log(
    `growing tables (${grows.join(', ')}): ${perSiteDay(total((row) => Number(row.rows), grows))} rows and ${perSiteDay(total((row) => Number(row.bytes), grows))} bytes per site per day (table sizes round up to 8 KiB pages)`,
  );
  console.log(
    `WAL written: ${perSiteDay(walBytes)} bytes per site per day at one round a minute (the server runs a round every 5 s: its watch_state updates are 12 times as many)`,
  );
  console.log(
    `average row (pg_column_size, before the 24-byte header and index entries): ${[...rowBytes].map(([table, bytes]) => `${table} ${bytes} B`).join(', ')}`,
  );
  const totalCalls = [...calls.values()].reduce((a, b) => a + b, 0);
  console.log(
    `provider calls: ${perSiteDay(totalCalls)} per site per day (${[...calls].map(([feed, n]) => `${feed} ${perSiteDay(n)}`).join(', ')})`,
  );
  await bff.close();
} finally {
  await closeAll();
  await server.stop();
}
