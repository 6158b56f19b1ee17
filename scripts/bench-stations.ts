// Station uploads (issue 32): a BFF on loopback taking 50 uploads a second, Weather Underground
// protocol GETs from 50 stations in turn (one a second each, as a rapid-fire station sends),
// paced on a timer (open loop: a slow answer does not slow the senders). Printed beside its aim,
// "a few milliseconds": the handling time the BFF logs for each upload (from its first
// middleware to its answer: the key checked, the reading read and added to its minute), and the
// round trip the sender saw, on SQLite and on a throwaway PostgreSQL (the tests' embedded one).
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/log';
import { createDatabase, startTestPostgres } from '../src/server/testing/test-postgres';

const perSecond = 50;
const seconds = Number(process.env.BENCH_STATIONS_SECONDS ?? 20);
/** "Answered within a few milliseconds": the p99 of the handling time within this. */
const aimMs = 5;
const password = 'bench station password';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ??
  0;

async function measure(engine: 'sqlite' | 'postgres', databaseUrl?: string): Promise<void> {
  const logs: string[] = [];
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-bench-stations-')),
    STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
    SKYDECK_ADMIN_PASSWORD: password,
    // One sender on loopback is one client: its 50 a second are over the per-client default.
    CLIENT_RATE_LIMIT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = createApp({ config, logger: createLogger([], (line) => logs.push(line)) });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s as Server),
    );
  });
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}/api`;
  try {
    const writeHeaders = { 'Content-Type': 'application/json', 'X-Requested-With': 'skydeck' };
    const session = await fetch(`${base}/session`, {
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify({ username: 'admin', password }),
    });
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const stations: { id: string; key: string }[] = [];
    for (let i = 0; i < perSecond; i++) {
      const created = await fetch(`${base}/stations`, {
        method: 'POST',
        headers: { ...writeHeaders, Cookie: cookie },
        body: JSON.stringify({ name: `Bench station ${i}` }),
      });
      const body = (await created.json()) as { station: { id: string }; key: string };
      stations.push({ id: body.station.id, key: body.key });
    }
    const upload = (n: number) => {
      const station = stations[n % stations.length] as { id: string; key: string };
      const gust = (10 + (n % 30)).toFixed(1);
      return (
        `${base}/stations/wu/updateweatherstation.php?ID=${station.id}&PASSWORD=${station.key}` +
        `&dateutc=now&winddir=230&windspeedmph=12&windgustmph=${gust}&tempf=70&humidity=90` +
        '&baromin=29.1&dailyrainin=0&solarradiation=512.3&softwaretype=bench&action=updateraw'
      );
    };
    // A second's warm-up, then the measured run.
    const roundTrips: number[] = [];
    let failed = 0;
    const run = async (count: number, record: boolean) => {
      const sent: Promise<void>[] = [];
      const started = performance.now();
      for (let n = 0; n < count; n++) {
        const due = started + (n * 1000) / perSecond;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const at = performance.now();
        sent.push(
          fetch(upload(n)).then(async (response) => {
            await response.text();
            if (response.status !== 200) failed++;
            if (record) roundTrips.push(performance.now() - at);
          }),
        );
      }
      await Promise.all(sent);
    };
    await run(perSecond, false);
    // Stations are limited to one a second with a minute's burst: the warm-up took one each.
    logs.length = 0;
    await run(perSecond * seconds, true);
    await new Promise((resolve) => setImmediate(resolve));
    const handled = logs
      .map((line) => JSON.parse(line) as { event?: string; path?: string; ms?: number })
      .filter((line) => line.event === 'request' && line.path?.includes('updateweatherstation'))
      .map((line) => line.ms ?? 0);
    const p50 = percentile(handled, 0.5);
    const p99 = percentile(handled, 0.99);
    console.log(
      [
        `station uploads on ${engine}: ${handled.length} at ${perSecond} a second from ${stations.length} stations, ${failed} refused`,
        `  handling: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (aim: a few milliseconds, p99 ≤ ${aimMs} ms, ${p99 <= aimMs ? 'within' : 'OVER'})`,
        `  round trip on loopback: p50 ${percentile(roundTrips, 0.5).toFixed(2)} ms, p99 ${percentile(roundTrips, 0.99).toFixed(2)} ms`,
      ].join('\n'),
    );
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.close();
  }
}

await measure('sqlite');
if (process.env.BENCH_STATIONS_POSTGRES !== '0') {
  const server = await startTestPostgres();
  try {
    await measure('postgres', await createDatabase(server.url, 'skydeck_bench_stations'));
  } finally {
    await server.stop();
  }
}
