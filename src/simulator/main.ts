import { serve } from '@hono/node-server';
import { createSimulator } from './app';
import { simulatorConfig } from './config';
import { preloadGeography } from './geo/surface';
import { clockControl, settableClock } from './time/clock-control';

const config = simulatorConfig(process.env);
preloadGeography();
// Tests that watch a storm pass need the world's time to move with theirs: with faults on (a
// test build), POST /__simulator/clock moves it. Without faults nobody can touch the clock.
const clock = settableClock(config.now);
const simulator = createSimulator({ now: clock.now, keys: config.keys, faults: config.faults });
const control = config.faults ? clockControl(clock) : undefined;
const server = serve(
  {
    fetch: (request, env) => control?.(request) ?? simulator.fetch(request, env),
    port: config.port,
    hostname: config.host,
  },
  (info) => {
    console.log(
      `Weather Data Service simulator at http://${info.address}:${info.port}/v2.0 (keys: demo-free … demo-enterprise)`,
    );
  },
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
