import { serve } from '@hono/node-server';
import { preloadGeography } from '../simulator/geo/surface';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './log';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`skydeck: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config.apiKey ? [config.apiKey] : []);
// Load the simulator's gazetteer before the first request rather than during it.
if (config.mode === 'demo') preloadGeography();
const app = createApp({ config, logger });
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const base = `http://${info.address}:${info.port}`;
  const mode = config.mode === 'demo' ? 'demo mode, embedded simulator' : 'live mode';
  logger.info('listening', { url: base, mode: config.mode });
  console.error(`Skydeck is running at ${base} (${mode})`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () =>
    server.close(() => {
      app.close();
      process.exit(0);
    }),
  );
}
