import { bench, describe } from 'vitest';
import { createSimulator } from './app';
import { preloadGeography } from './geo/surface';

/**
 * Time to answer the heaviest requests, in process (routing, validation, the world, JSON).
 * Aims from the issue: a year of history/daily under 20 ms, a month of history/hourly under
 * 10 ms, 2,500 historical lightning events under 20 ms, a current observation under 1 ms.
 */
preloadGeography();
const now = Date.parse('2026-07-15T18:20:00Z') / 1000;
// Each request lands in its own simulated second: this measures the work, not the rate limit.
let velocityMillis = 0;
const simulator = createSimulator({
  now: () => now,
  velocityClock: () => (velocityMillis += 1000),
});
let place = 0;

async function answer(path: string): Promise<void> {
  const response = await simulator.app.request(`/v2.0/${path}&key=demo-enterprise`);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  await response.text();
}

// Fresh coordinates each run, so no cache inside the simulator flatters the figure.
const nextPoint = () => {
  place = (place + 1) % 500;
  return `lat=${(35 + place * 0.01).toFixed(2)}&lon=${(-78 - place * 0.01).toFixed(2)}`;
};

describe('simulator', () => {
  bench(
    'history/daily, one year',
    () => answer(`history/daily?${nextPoint()}&start_date=2025-07-01&end_date=2026-07-01`),
    {
      time: 3000,
    },
  );
  bench(
    'history/hourly, one month',
    () => answer(`history/hourly?${nextPoint()}&start_date=2026-06-01&end_date=2026-07-01`),
    {
      time: 3000,
    },
  );
  bench(
    'history/lightning, 2,500 events',
    () =>
      answer(
        'history/lightning?lat=20&lon=-47&date=2026-07-14&tz=utc&search_distance_km=75&limit=2500',
      ),
    { time: 3000 },
  );
  bench('current observation', () => answer(`current?${nextPoint()}`), { time: 2000 });
});
