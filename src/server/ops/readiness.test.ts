import { afterEach, describe, expect, it } from 'vitest';
import { readySchema } from '../../shared/api/health';
import { createLogger } from '../log';
import { readiness } from './readiness';
import { closeInProcessApps, inProcessApp } from '../testing/in-process';

/** /api/ready tells a load balancer whether to send this instance traffic; /api/health is liveness. */
afterEach(closeInProcessApps);
const start = inProcessApp;

async function ready(instance: ReturnType<typeof start>) {
  const response = await instance.app.request('/api/ready');
  return { status: response.status, body: readySchema.parse(await response.json()), response };
}

describe('GET /api/ready', () => {
  it('is 200 with the database and breaker state while serving', async () => {
    const { status, body, response } = await ready(start());
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      database: 'ok',
      breaker: 'closed',
      watch: 'leader',
      draining: false,
    });
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });

  it('is 503 once shutdown has begun, while /api/health stays 200', async () => {
    const instance = start();
    instance.setDraining();
    const { status, body } = await ready(instance);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'not_ready', database: 'ok', draining: true });
    expect((await instance.app.request('/api/health')).status).toBe(200);
  });

  it('is 503 naming the database when the quota ledger cannot answer', async () => {
    const instance = start();
    await instance.close();
    const { status, body } = await ready(instance);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'not_ready', database: 'error', draining: false });
  });

  it('reports an open breaker without turning 503: the provider is down, not this instance', async () => {
    const probe = readiness({
      pingDatabase: () => undefined,
      breakerState: () => 'open',
      logger: createLogger([], () => undefined),
    });
    const response = await probe.routes.request('/ready');
    expect(response.status).toBe(200);
    expect(readySchema.parse(await response.json())).toMatchObject({
      status: 'ready',
      breaker: 'open',
    });
  });

  it('is never rate-limited, nor is /api/health', async () => {
    // Requests made in-process all count as one client: the limit of 2 is spent at once.
    const instance = start({ CLIENT_RATE_LIMIT: '2' });
    const limited = [];
    for (let i = 0; i < 5; i += 1) limited.push((await instance.app.request('/api/config')).status);
    expect(limited).toContain(429);
    for (let i = 0; i < 20; i += 1) {
      expect((await instance.app.request('/api/ready')).status).toBe(200);
      expect((await instance.app.request('/api/health')).status).toBe(200);
    }
  });
});
