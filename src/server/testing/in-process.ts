import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../log';

/**
 * A BFF in demo mode with no socket, for tests that drive it with `app.request()`: a fresh
 * ledger, no SPA build, no provider key whatever the shell has set; its log lines go to `logs`
 * when given. `closeInProcessApps` closes
 * every one made so far (a test may already have closed one).
 */
const opened: ReturnType<typeof createApp>[] = [];

export function inProcessApp(env: Record<string, string> = {}, logs?: string[]) {
  const instance = createApp({
    config: loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-in-process-')),
      STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
      WEATHERBIT_API_KEY: '',
      ...env,
    }),
    logger: createLogger([], (line) => logs?.push(line)),
  });
  opened.push(instance);
  return instance;
}

export async function closeInProcessApps(): Promise<void> {
  for (const instance of opened.splice(0)) {
    try {
      await instance.close();
    } catch {
      // Already closed by the test.
    }
  }
}
