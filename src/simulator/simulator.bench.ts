import { bench, type BenchOptions, describe } from 'vitest';
import { createSimulator } from './app';
import { preloadGeography } from './geo/surface';

/**
 * Time to answer the heaviest requests, in process (routing, validation, the world, JSON), each
 * printed beside its aim from issue 18 when its benchmark ends.
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

// A year ending on one of 37 days, so what is kept per span of time (the drift's rotations) is
// worked out again too.
let yearEnd = 0;
const nextYear = () => {
  yearEnd = (yearEnd + 1) % 37;
  const end = new Date(Date.UTC(2026, 5, 1 + yearEnd));
  const start = new Date(end);
  start.setUTCFullYear(end.getUTCFullYear() - 1);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return `start_date=${day(start)}&end_date=${day(end)}`;
};

/** Prints the mean beside its aim once the measured runs are over (not after the warm-up). */
function aimed(label: string, aimMs: number, time: number): BenchOptions {
  return {
    time,
    setup: (task, mode) => {
      if (mode !== 'run') return;
      task.addEventListener('complete', () => {
        const mean = task.result?.mean ?? Number.NaN;
        const over = mean <= aimMs ? '' : ' (over the aim)';
        console.log(`${label}: ${mean.toFixed(2)} ms (aim ≤ ${aimMs} ms)${over}`);
      });
    },
  };
}

describe('simulator', () => {
  bench(
    'history/daily, one year',
    () => answer(`history/daily?${nextPoint()}&${nextYear()}`),
    aimed('history/daily, a year', 15, 3000),
  );
  bench(
    'history/hourly, one month',
    () => answer(`history/hourly?${nextPoint()}&start_date=2026-06-01&end_date=2026-07-01`),
    { time: 3000 },
  );
  bench(
    'history/lightning, 2,500 events',
    () =>
      answer(
        'history/lightning?lat=20&lon=-47&date=2026-07-14&tz=utc&search_distance_km=75&limit=2500',
      ),
    aimed('history/lightning, 2,500 strikes', 10, 3000),
  );
  // The watch's own search (the provider's whole reach and look-back, every strike sorted by
  // distance) over a storm: ~300 strikes around (-19, -14) at this hour. The point moves each
  // run, by a cell's width or less, as sites a storm's width apart would.
  let storm = 0;
  bench(
    'current/lightning, one point, 75 km and 45 minutes',
    () => {
      storm = (storm + 1) % 100;
      const at = `lat=${(-19 - storm * 0.03).toFixed(2)}&lon=${(-14 + storm * 0.07).toFixed(2)}`;
      return answer(
        `current/lightning?${at}&search_distance_km=75&search_mins=45&limit=2500&sort=distance`,
      );
    },
    aimed('current/lightning, one point', 1, 2000),
  );
  bench('current observation', () => answer(`current?${nextPoint()}`), { time: 2000 });
});
