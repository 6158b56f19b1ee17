// Replicas' benchmark: cached /api/current throughput of one BFF process against three on one
// PostgreSQL, loaded at the same time, all on loopback (a throwaway PostgreSQL as the tests
// start it). The machine's cores bound the sum: on N cores, more than N busy replicas (and the
// load generator) share them. `node --import tsx scripts/bench-replicas.ts`
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createDatabase, startTestPostgres } from '../src/server/testing/test-postgres';
import { freePort } from '../src/server/testing/processes';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const path = '/api/current?lat=35.78&lon=-78.64';

const server = await startTestPostgres();
const children: ChildProcess[] = [];
try {
  const databaseUrl = await createDatabase(server.url, 'skydeck_bench');

  const start = async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-bench-')),
        STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
        SIMULATOR_NOW: '2026-07-15T18:20:00Z',
        WEATHERBIT_API_KEY: '',
        WEATHERBIT_API_KEY_FILE: '',
        CLIENT_RATE_LIMIT: '0',
      },
      stdio: 'ignore',
    });
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    for (const began = Date.now(); ;) {
      const ready = await fetch(`${url}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() - began > 120_000) throw new Error(`replica on ${port} did not start`);
      await new Promise((next) => setTimeout(next, 200));
    }
    return url;
  };
  const urls = await Promise.all([start(), start(), start()]);
  // The first asks the provider; the others take its answer from PostgreSQL; all then hold it.
  for (const url of urls) for (let i = 0; i < 2; i++) await (await fetch(`${url}${path}`)).text();

  const load = (url: string, duration = durationSeconds) =>
    autocannon({ url: `${url}${path}`, connections, duration, workers: 1 });
  await Promise.all(urls.map((url) => load(url, 2))); // warm-up

  const one = await load(urls[0] as string);
  const three = await Promise.all(urls.map((url) => load(url)));
  const failures = [one, ...three].reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  if (failures > 0) throw new Error(`${failures} failed requests`);
  const sum = three.reduce((total, result) => total + result.requests.average, 0);
  console.log(
    `\n${connections} connections per replica, ${durationSeconds} s, cached /api/current, loopback, ${availableParallelism()} cores`,
  );
  console.log(
    `one replica alone    ${one.requests.average.toFixed(0).padStart(7)} req/s   p50 ${one.latency.p50} ms   p99 ${one.latency.p99} ms`,
  );
  for (const [i, result] of three.entries())
    console.log(
      `replica ${i + 1} of three  ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms`,
    );
  console.log(
    `three together       ${sum.toFixed(0).padStart(7)} req/s: ${(sum / one.requests.average).toFixed(2)}× one replica`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode === null ? child.once('exit', resolve) : resolve(0),
        ),
    ),
  );
  await server.stop();
}
