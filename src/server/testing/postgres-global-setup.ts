import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './test-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An administrator's URL on the run's PostgreSQL server (see test-database.ts). */
    postgresUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole Vitest run, stopped and removed when the run ends (and by
 * its watchdog if the run dies). SKYDECK_TEST_POSTGRES_URL names a server of your own instead:
 * one where that user may create databases.
 */
export default async function setup(project: TestProject) {
  const own = process.env.SKYDECK_TEST_POSTGRES_URL;
  if (own) {
    project.provide('postgresUrl', own);
    return undefined;
  }
  const server = await startTestPostgres();
  console.error(`test-postgres: ${server.description}, ready in ${server.startupMs} ms`);
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
