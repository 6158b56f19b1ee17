import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { preloadDemoGeography } from './demo/embedded-simulator';
import { DataDirError } from './db/storage-errors';
import { createLogger } from './log';
import { gracefulShutdown } from './ops/shutdown';

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

// The Twilio token too: whatever a failing request's message quotes, it is never written out.
const logger = createLogger([config.apiKey ?? '', config.alarms.twilio?.authToken ?? '']);
// Demo mode loads the simulator and its geography before the first request rather than during
// it; live mode never loads them.
if (config.mode === 'demo') await preloadDemoGeography();
let app;
try {
  app = createApp({ config, logger });
} catch (error) {
  // A DATA_DIR that cannot hold the database: one sentence saying what to do, not a stack.
  if (error instanceof DataDirError) {
    console.error(`skydeck: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const base = `http://${info.address}:${info.port}`;
  const mode = config.mode === 'demo' ? 'demo mode, embedded simulator' : 'live mode';
  logger.info('listening', { url: base, mode: config.mode });
  console.error(`Skydeck is running at ${base} (${mode})`);
});

// The watch runs in the server, whether or not any page is open.
app.watch.start();

// Created before the first request arrives: it tracks the requests in flight.
const shutdown = gracefulShutdown({
  // An http server: serve() was given no http2 or https options.
  server: server as Server,
  graceMs: config.shutdownGraceMs,
  logger,
  onDrain: app.setDraining,
  onClosed: app.close,
  exit: (code) => process.exit(code),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
