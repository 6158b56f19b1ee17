import { afterAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../shared/api/health';
import { closeInProcessApps, inProcessApp } from '../testing/in-process';

/** With METRICS_TOKEN set, /metrics answers only a matching bearer token; unset, it is open. */
afterAll(closeInProcessApps);
const start = inProcessApp;

const token = 's3cret-token-for-the-scraper';

describe('/metrics behind METRICS_TOKEN', () => {
  const instance = start({ METRICS_TOKEN: token });
  const scrape = (authorization?: string) =>
    instance.app.request('/metrics', {
      headers: authorization === undefined ? {} : { Authorization: authorization },
    });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer not-the-token'],
    ['a longer token that starts with the right one', `Bearer ${token}x`],
    ['the token in another scheme', `Basic ${token}`],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401 and a Bearer challenge', async (_case, authorization) => {
    const response = await scrape(authorization);
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer\b/);
    expect(apiErrorSchema.parse(await response.json()).error).toMatch(/token/);
  });

  it('answers the metrics to the right token', async () => {
    const response = await scrape(`Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('# TYPE');
    expect((await scrape(`bearer ${token}`)).status).toBe(200);
  });

  it('guards nothing else', async () => {
    expect((await instance.app.request('/api/health')).status).toBe(200);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is open, as before', async () => {
    const response = await start({}).app.request('/metrics');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('# TYPE');
  });

  it('is open when METRICS_TOKEN is set but empty', async () => {
    expect((await start({ METRICS_TOKEN: '' }).app.request('/metrics')).status).toBe(200);
  });
});
