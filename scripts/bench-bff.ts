// BFF benchmark: requests per second and latency of a cached /api/current against bare Hono
// handlers, all on loopback, measured in the same run. One bare handler returns the very bytes
// the BFF sends (body and headers: the security and cache headers are part of the answer); the
// other returns only the body with one header, the lightest answer Hono can give.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;

const servers = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-servers.ts'], {
  stdio: ['ignore', 'ignore', 'pipe'],
});
interface Ready {
  bffPort: number;
  barePort: number;
  sameBytesPort: number;
  path: string;
  bytes: number;
  headers: number;
}
const ready = await new Promise<Ready>((resolve, reject) => {
  servers.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
  servers.stderr.on('data', (chunk: Buffer) => {
    const line = chunk
      .toString()
      .split('\n')
      .find((text) => text.startsWith('{'));
    if (line) resolve(JSON.parse(line));
  });
});

async function measure(name: string, port: number) {
  const url = `http://127.0.0.1:${port}${ready.path}`;
  await autocannon({ url, connections, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections, duration: durationSeconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

try {
  const sameBytes = await measure('bare Hono, same bytes', ready.sameBytesPort);
  const bodyOnly = await measure('bare Hono, body only', ready.barePort);
  const bff = await measure('BFF /api/current (cache HIT)', ready.bffPort);
  console.log(
    `\n${connections} connections, ${durationSeconds} s each, ${ready.bytes}-byte JSON body with ${ready.headers} headers, loopback`,
  );
  for (const row of [sameBytes, bodyOnly, bff]) {
    console.log(
      `${row.name.padEnd(30)} ${row.rps.toFixed(0).padStart(7)} req/s   p50 ${row.p50} ms   p99 ${row.p99} ms`,
    );
  }
  const share = (base: { rps: number }) => `${((bff.rps / base.rps) * 100).toFixed(0)}%`;
  console.log(
    `BFF throughput: ${share(sameBytes)} of the bare handler sending the same bytes, ${share(bodyOnly)} of the body-only one (aim: 90% or more; p99 aim: under 5 ms)`,
  );
} finally {
  servers.kill('SIGTERM');
}
