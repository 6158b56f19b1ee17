import { serve } from '@hono/node-server';
import { createSimulator } from './app';
import { simulatorConfig } from './config';
import { preloadGeography } from './geo/surface';

const config = simulatorConfig(process.env);
preloadGeography();
const simulator = createSimulator({ now: config.now, keys: config.keys, faults: config.faults });
const server = serve(
  { fetch: simulator.fetch, port: config.port, hostname: config.host },
  (info) => {
    console.log(
      `Weather Data Service simulator at http://${info.address}:${info.port}/v2.0 (keys: demo-free … demo-enterprise)`,
    );
  },
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
