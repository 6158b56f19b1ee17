import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, type ApiParams, getJson, sendJson } from './api-client';

const anything = z.unknown();

/** Answers every request with `body` and records the URLs asked for. */
function stubFetch(body: unknown = {}, status = 200) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    urls.push(url);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api.get', () => {
  it('asks the endpoint with its parameters in order, leaving out the undefined ones', async () => {
    const urls = stubFetch({ ok: true });
    const data = await api.get(
      'forecast/daily',
      { lat: '35.78', lon: -78.64, units: 'I', lang: undefined, days: 7 },
      z.object({ ok: z.boolean() }),
    );
    expect(data).toEqual({ ok: true });
    expect(urls).toEqual(['/api/forecast/daily?lat=35.78&lon=-78.64&units=I&days=7']);
  });

  it('parses the answer with the schema it is given and names the route when it does not fit', async () => {
    stubFetch({ ok: 'yes' });
    await expect(
      api.get('alerts', { lat: 1, lon: 2 }, z.object({ ok: z.boolean() })),
    ).rejects.toThrow("The server's answer did not match the contract for alerts");
  });

  it('turns a refusal into an ApiError with the BFF’s sentence', async () => {
    stubFetch({ error: 'Invalid days: must be a whole number from 1 to 16' }, 400);
    const refusal = api.get('forecast/daily', { lat: 1, lon: 2, days: 99 }, anything);
    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toThrow('Invalid days: must be a whole number from 1 to 16');
  });

  it('rejects at compile time a path or a parameter the contract does not know', async () => {
    const urls = stubFetch();
    // tsc checks this file (tsconfig.json covers src/client): each line below must fail it.
    // @ts-expect-error: "forecast/weekly" is not an endpoint
    await api.get('forecast/weekly', { lat: 1, lon: 2 }, anything);
    // @ts-expect-error: alerts take a location only, not units
    await api.get('alerts', { lat: 1, lon: 2, units: 'M' }, anything);
    const built = { lat: '1', lon: '2', search_mins: 15 };
    // @ts-expect-error: search_mins is current/lightning's, not history/lightning's, even when
    // the parameters were built beforehand rather than written in the call
    await api.getAnswer('history/lightning', { ...built, date: '2025-01-01' }, anything);
    const prebuilt = { lat: 1, lon: 2, hours: 24 };
    // @ts-expect-error: hours is forecast/airquality's, not forecast/minutely's
    await api.get('forecast/minutely', prebuilt, anything);
    // @ts-expect-error: units take the provider's letters only
    await api.get('current', { lat: 1, lon: 2, units: 'metric' }, anything);
    // @ts-expect-error: the provider's endpoints go through api, which checks their parameters
    await getJson('current', { lat: 1, lon: 2 }, anything);
    // At run time nothing stops them: the BFF's 400 would be the first word of the mistake.
    expect(urls).toHaveLength(6);
  });

  it('takes the names of any endpoint of a union, as the history explorer asks', async () => {
    const urls = stubFetch();
    const endpoint = 'history/lightning' as 'history/hourly' | 'history/lightning';
    const params: ApiParams<typeof endpoint> = { lat: 1, lon: 2, date: '2025-01-01', tz: 'utc' };
    await api.get(endpoint, params, anything);
    // @ts-expect-error: neither endpoint has hours
    await api.get(endpoint, { ...params, hours: 1 }, anything);
    expect(urls[0]).toBe('/api/history/lightning?lat=1&lon=2&date=2025-01-01&tz=utc');
  });
});

describe('sendJson', () => {
  it('sends the body as JSON with the header the BFF requires of every write', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ site: { id: 'a' } }), { status: 201 }));
    });
    const answer = await sendJson(
      'POST',
      'sites',
      { name: 'Yard', lat: 36.5, lon: -91 },
      z.object({ site: z.object({ id: z.string() }) }),
    );
    expect(answer).toEqual({ site: { id: 'a' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/sites');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"name":"Yard","lat":36.5,"lon":-91}');
    expect(calls[0]!.init.headers).toMatchObject({
      'x-requested-with': 'skydeck',
      'content-type': 'application/json',
    });
  });

  it('gives null for a 204 and sends no body when there is none', async () => {
    const inits: RequestInit[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      inits.push(init);
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    expect(await sendJson('DELETE', 'sites/abc', undefined, anything)).toBeNull();
    expect(inits[0]!.body).toBeUndefined();
    expect(inits[0]!.headers).not.toHaveProperty('content-type');
  });

  it('throws a refusal with the BFF’s sentence and status', async () => {
    stubFetch({ error: 'Event 3 was already acknowledged by admin' }, 409);
    const refusal = sendJson('POST', 'events/3/ack', { note: '' }, anything);
    await expect(refusal).rejects.toMatchObject({
      status: 409,
      message: 'Event 3 was already acknowledged by admin',
    });
  });
});
