import { describe, expect, it } from 'vitest';
import { createSimulator } from './app';
import { createWorld } from './world/world';

/**
 * What each plan may do and what it costs: endpoint gating, the Free plan's short forecast,
 * quota units read from X-RateLimit-Remaining, the daily quota and its midnight reset, the
 * per-second velocity limit, and subscription/usage.
 */

const pinned = Date.parse('2026-07-15T18:20:00Z') / 1000;
const midnight = Date.parse('2026-07-16T00:00:00Z') / 1000;
const world = createWorld();

interface Clocks {
  /** Unix seconds; the simulated "now". */
  now?: () => number;
  /** Milliseconds for the velocity limit; by default a second passes on every call. */
  velocity?: () => number;
}

function simulator(clocks: Clocks = {}) {
  let millis = 0;
  const sim = createSimulator({
    now: clocks.now ?? (() => pinned),
    world,
    velocityClock: clocks.velocity ?? (() => (millis += 1000)),
  });
  return (path: string, key: string) =>
    sim.app.request(`/v2.0/${path}${path.includes('?') ? '&' : '?'}key=${key}`);
}

type Get = ReturnType<typeof simulator>;

const raleigh = 'lat=35.78&lon=-78.64';
const plain = `current?${raleigh}`;

const remaining = (response: Response) => Number(response.headers.get('X-RateLimit-Remaining'));

/** Units a request spends: the drop in X-RateLimit-Remaining from a plain request before it. */
async function costOf(path: string, key = 'demo-business', get: Get = simulator()) {
  const before = await get(plain, key);
  expect(before.status).toBe(200);
  const response = await get(path, key);
  expect(response.status).toBe(200);
  return remaining(before) - remaining(response);
}

interface Usage {
  calls_count: string;
  calls_remaining: number;
  calls_reset_ts: number;
  historical_calls_count: string;
  historical_calls_remaining: number;
  historical_calls_reset_ts: number;
}

async function usageOf(get: Get, key: string): Promise<Usage> {
  const response = await get('subscription/usage', key);
  expect(response.status).toBe(200);
  return (await response.json()) as Usage;
}

const historyPaths = {
  'history/hourly': `history/hourly?${raleigh}&start_date=2026-07-01&end_date=2026-07-02`,
  'history/daily': `history/daily?${raleigh}&start_date=2026-07-01&end_date=2026-07-02`,
  'history/airquality': `history/airquality?${raleigh}`,
  'history/lightning': `history/lightning?${raleigh}&date=2026-07-10`,
};
const historyCases = Object.entries(historyPaths);

describe('plan gating', () => {
  const get = simulator();

  describe.each(['demo-free', 'demo-standard'])('%s', (key) => {
    it.each(historyCases)('is refused %s with 403', async (_endpoint, path) => {
      const response = await get(path, key);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: 'Your API key does not allow access to this endpoint.',
      });
    });

    it('is not charged for a refused history request', async () => {
      const fresh = simulator();
      await fresh(historyPaths['history/hourly'], key);
      expect((await usageOf(fresh, key)).calls_count).toBe('0');
    });

    it('still gets current conditions', async () => {
      expect((await get(plain, key)).status).toBe(200);
    });
  });

  describe.each(['demo-plus', 'demo-business', 'demo-enterprise'])('%s', (key) => {
    it.each(historyCases)('is answered %s with 200', async (_endpoint, path) => {
      const response = await get(path, key);
      expect(response.status).toBe(200);
      expect(await response.json()).toHaveProperty('lat');
    });
  });
});

describe('the daily forecast length per plan', () => {
  const get = simulator();
  const daysIn = async (path: string, key: string) => {
    const response = await get(path, key);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: unknown[] }).data.length;
  };

  it('trims the Free plan to 7 days, by default and when 16 are asked for', async () => {
    expect(await daysIn(`forecast/daily?${raleigh}`, 'demo-free')).toBe(7);
    expect(await daysIn(`forecast/daily?${raleigh}&days=16`, 'demo-free')).toBe(7);
  });

  it('gives the Free plan fewer days when fewer are asked for', async () => {
    expect(await daysIn(`forecast/daily?${raleigh}&days=3`, 'demo-free')).toBe(3);
  });

  it.each(['demo-standard', 'demo-business'])('gives %s all 16 days', async (key) => {
    expect(await daysIn(`forecast/daily?${raleigh}`, key)).toBe(16);
    expect(await daysIn(`forecast/daily?${raleigh}&days=10`, key)).toBe(10);
  });
});

describe('quota units, from X-RateLimit-Remaining', () => {
  it('stamps the headers on every data response', async () => {
    const response = await simulator()(plain, 'demo-business');
    expect(response.headers.get('X-RateLimit-Limit')).toBe('2000000');
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('1999999');
    expect(response.headers.get('X-RateLimit-Reset')).toBe(String(midnight));
  });

  it.each([
    ['a plain current request', plain, 1],
    ['current with include=minutely,alerts', `${plain}&include=minutely,alerts`, 3],
    ['current with all three add-ons', `${plain}&include=minutely,alerts,lightning`, 4],
    ['current for 3 points', 'current?points=(35.78,-78.64),(40.71,-74.01),(51.5,-0.12)', 3],
    ['alerts', `alerts?${raleigh}`, 1],
    ['current/lightning', `current/lightning?${raleigh}`, 1],
    ['forecast/daily', `forecast/daily?${raleigh}`, 1],
    ['forecast/minutely', `forecast/minutely?${raleigh}`, 1],
    ['forecast/airquality', `forecast/airquality?${raleigh}`, 1],
    ['forecast/energy', `forecast/energy?${raleigh}`, 1],
  ])('%s costs %i', async (_what, path, units) => {
    expect(await costOf(path)).toBe(units);
  });

  const hourly = (start: string, end: string) =>
    `history/hourly?${raleigh}&start_date=${start}&end_date=${end}`;
  it.each([
    [30, '2026-06-01', '2026-07-01', 3],
    [14, '2026-06-01', '2026-06-15', 2],
    [10, '2026-06-01', '2026-06-11', 1],
    [11, '2026-06-01', '2026-06-12', 2],
    [1, '2026-07-14', '2026-07-15', 1],
  ])('history/hourly over %i days costs %i', async (_days, start, end, units) => {
    expect(await costOf(hourly(start, end))).toBe(units);
  });

  it('counts a range that starts within a day as that whole day (10 days and 1 hour = 2)', async () => {
    expect(await costOf(hourly('2026-06-01:00', '2026-06-11:01'))).toBe(2);
  });

  const daily = (start: string, end: string) =>
    `history/daily?${raleigh}&start_date=${start}&end_date=${end}`;
  it.each([
    [364, '2025-07-01', '2026-06-30', 25],
    [30, '2026-06-01', '2026-07-01', 2],
    [15, '2026-06-01', '2026-06-16', 1],
    [16, '2026-06-01', '2026-06-17', 2],
  ])('history/daily over %i days costs %i', async (_days, start, end, units) => {
    expect(await costOf(daily(start, end))).toBe(units);
  });

  it('history/lightning costs 10 for a day without lightning', async () => {
    const get = simulator();
    // Antarctica in July: no thunderstorm for hundreds of kilometres.
    const path = 'history/lightning?lat=-80&lon=0&date=2026-07-10&search_distance_km=75';
    const response = await get(path, 'demo-business');
    expect(((await response.json()) as { count: number }).count).toBe(0);
    expect(await costOf(path, 'demo-business', get)).toBe(10);
  });

  it('history/lightning costs 10 for a day with lightning too', async () => {
    const get = simulator();
    const candidates = [
      [35, -100],
      [30, -90],
      [25, -80],
      [10, 0],
      [0, 20],
      [-5, -60],
    ];
    let stormy: string | undefined;
    for (const [lat, lon] of candidates) {
      const path = `history/lightning?lat=${lat}&lon=${lon}&date=2026-07-10&tz=utc&search_distance_km=75&limit=1`;
      const body = (await (await get(path, 'demo-enterprise')).json()) as { count: number };
      if (body.count > 0) {
        stormy = path;
        break;
      }
    }
    expect(stormy).toBeDefined();
    expect(await costOf(stormy as string, 'demo-business', get)).toBe(10);
  });

  it('history/airquality without dates costs 1', async () => {
    expect(await costOf(historyPaths['history/airquality'])).toBe(1);
  });

  it('does not charge subscription/usage', async () => {
    const get = simulator();
    await get(plain, 'demo-business');
    const first = await usageOf(get, 'demo-business');
    const second = await usageOf(get, 'demo-business');
    expect(second).toEqual(first);
    expect(second.calls_count).toBe('1');
  });

  it('keeps each key its own ledger', async () => {
    const get = simulator();
    await get(plain, 'demo-plus');
    await get(plain, 'demo-plus');
    const other = await get(plain, 'demo-business');
    expect(remaining(other)).toBe(2_000_000 - 1);
    expect((await usageOf(get, 'demo-plus')).calls_count).toBe('2');
  });
});

describe('the daily quota', () => {
  /** Spends the Free plan's 50 units with plain requests, each answered 200. */
  async function spendFreeQuota(get: Get) {
    for (let call = 1; call <= 50; call++) {
      const response = await get(plain, 'demo-free');
      expect(response.status).toBe(200);
      expect(remaining(response)).toBe(50 - call);
    }
  }

  it("answers demo-free's 51st counted request with the service's 429", async () => {
    const get = simulator();
    await spendFreeQuota(get);
    const over = await get(plain, 'demo-free');
    expect(over.status).toBe(429);
    expect(over.headers.get('X-RateLimit-Limit')).toBe('50');
    expect(over.headers.get('X-RateLimit-Remaining')).toBe('0');
    expect(over.headers.get('X-RateLimit-Reset')).toBe(String(midnight));
    const body = (await over.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error', 'status_code', 'status_message']);
    expect(body.status_code).toBe(429);
    // 18:20 UTC is 340 minutes before the reset.
    const message =
      'Your request count (51) is over the allowed limit of 50 per day - Upgrade your key, or retry after 340.0 minutes';
    expect(body.status_message).toBe(message);
    expect(body.error).toBe(message);
  });

  it('refuses every endpoint once the quota is spent, and keeps counting', async () => {
    const get = simulator();
    await spendFreeQuota(get);
    expect((await get(`forecast/daily?${raleigh}`, 'demo-free')).status).toBe(429);
    const again = await get(`alerts?${raleigh}`, 'demo-free');
    expect(again.status).toBe(429);
    const body = (await again.json()) as { status_message: string };
    expect(body.status_message).toMatch(/^Your request count \(52\) is over/);
  });

  it('does not count a refused (400) request towards the 50', async () => {
    const get = simulator();
    expect((await get('current?lat=95&lon=0', 'demo-free')).status).toBe(400);
    await spendFreeQuota(get);
  });

  it('lets one add-on-heavy request overrun the quota', async () => {
    const get = simulator();
    for (let call = 1; call <= 49; call++) await get(plain, 'demo-free');
    const response = await get(`${plain}&include=minutely,alerts`, 'demo-free');
    expect(response.status).toBe(429);
    const body = (await response.json()) as { status_message: string };
    expect(body.status_message).toMatch(/^Your request count \(52\)/);
  });

  it('resets at 00:00 UTC', async () => {
    let now = midnight - 30;
    const get = simulator({ now: () => now });
    await spendFreeQuota(get);
    const late = await get(plain, 'demo-free');
    expect(late.status).toBe(429);
    expect((await late.json()) as object).toHaveProperty(
      'status_message',
      expect.stringMatching(/retry after 0\.5 minutes$/),
    );

    now = midnight - 1;
    expect((await get(plain, 'demo-free')).status).toBe(429);

    now = midnight;
    const fresh = await get(plain, 'demo-free');
    expect(fresh.status).toBe(200);
    expect(remaining(fresh)).toBe(49);
    expect(fresh.headers.get('X-RateLimit-Reset')).toBe(String(midnight + 86_400));
    const usage = await usageOf(get, 'demo-free');
    expect(usage.calls_count).toBe('1');
    expect(usage.calls_reset_ts).toBe(midnight + 86_400);
  });
});

describe('the per-second velocity limit', () => {
  const velocityBody = {
    error: 'Rate limit exceeded. Try again later.',
    status_code: 429,
    status_message: 'Rate limit exceeded. Try again later.',
  };

  it("refuses Free's second request in the same second and admits it in the next", async () => {
    let millis = 10_000;
    const get = simulator({ velocity: () => millis });
    expect((await get(plain, 'demo-free')).status).toBe(200);

    millis = 10_999;
    const second = await get(plain, 'demo-free');
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual(velocityBody);

    millis = 11_000;
    const next = await get(plain, 'demo-free');
    expect(next.status).toBe(200);
    // The refused request did not count against the daily quota.
    expect(remaining(next)).toBe(48);
  });

  it('keeps each key its own window', async () => {
    const get = simulator({ velocity: () => 5_000 });
    expect((await get(plain, 'demo-free')).status).toBe(200);
    expect((await get(plain, 'demo-business')).status).toBe(200);
    expect((await get(plain, 'demo-free')).status).toBe(429);
  });

  it.each([
    ['demo-standard', 25],
    ['demo-plus', 50],
    ['demo-business', 150],
  ])('admits %s %i requests a second', async (key, perSecond) => {
    const get = simulator({ velocity: () => 7_500 });
    for (let call = 1; call <= perSecond; call++) {
      expect((await get(plain, key)).status).toBe(200);
    }
    const over = await get(plain, key);
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual(velocityBody);
  });
});

describe('subscription/usage', () => {
  it('starts a day at zero, with string counts', async () => {
    const usage = await usageOf(simulator(), 'demo-business');
    expect(usage).toEqual({
      calls_count: '0',
      calls_remaining: 2_000_000,
      calls_reset_ts: midnight,
      historical_calls_count: '0',
      historical_calls_remaining: 2_000_000,
      historical_calls_reset_ts: midnight,
    });
  });

  it('tracks what was spent, history apart', async () => {
    const get = simulator();
    await get(plain, 'demo-business'); // 1
    await get(`${plain}&include=minutely,alerts`, 'demo-business'); // 3
    await get(historyPaths['history/lightning'], 'demo-business'); // 10 historical
    await get(
      `history/hourly?${raleigh}&start_date=2026-06-01&end_date=2026-07-01`,
      'demo-business',
    ); // 3 historical
    const usage = await usageOf(get, 'demo-business');
    expect(usage.calls_count).toBe('17');
    expect(usage.historical_calls_count).toBe('13');
    expect(usage.calls_remaining).toBe(2_000_000 - 17);
    expect(usage.historical_calls_remaining).toBe(2_000_000 - 17);
    expect(usage.calls_reset_ts).toBe(midnight);
    expect(usage.historical_calls_reset_ts).toBe(midnight);
  });

  it('agrees with X-RateLimit-Remaining', async () => {
    const get = simulator();
    const last = await get(`forecast/daily?${raleigh}`, 'demo-free');
    const usage = await usageOf(get, 'demo-free');
    expect(usage.calls_remaining).toBe(remaining(last));
    expect(usage.calls_count).toBe('1');
  });

  it('gives a plan without history no historical calls', async () => {
    const get = simulator();
    await get(plain, 'demo-standard');
    const usage = await usageOf(get, 'demo-standard');
    expect(usage.historical_calls_count).toBe('0');
    expect(usage.historical_calls_remaining).toBe(0);
    expect(usage.calls_remaining).toBe(25_000 - 1);
  });

  it('needs a valid key', async () => {
    const response = await simulator()('subscription/usage', 'nope');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'API key not valid, or not yet activated.' });
  });
});
