import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSimulator } from './app';

/**
 * The simulated world is deterministic: the same place and hour give the same weather on every
 * machine and in every version, unless a change means to alter the model. These digests were
 * recorded before the simulator was optimised (issue 18), so a faster path that changes one
 * byte of any answer fails here. SIMULATOR_PIN_RECORD=1 rewrites them: only for a change that
 * alters the weather on purpose, and say so in its commit.
 */
const pinnedFile = new URL('./pinned-answers.json', import.meta.url);
const recording = process.env.SIMULATOR_PIN_RECORD === '1';

const places = [
  // The demo's watched sites.
  [27.95, -82.46],
  [35.46, -97.52],
  [36.26, -90.97],
  [29.73, -95.17],
  [-12.47, 130.85],
  // Both sides of the date line, the poles, the open ocean.
  [35.78, -78.64],
  [-18.14, 178.44],
  [-13.83, -171.76],
  [78.22, 15.65],
  [-77.85, 166.67],
  [0, -140],
  // Storms at one of the two instants or the other: sensor flashes and radar estimates.
  [-19, -14],
  [-19, -131],
  [-19, 103],
  [-12, -170],
  [-19, 64],
  [-40, 129],
  [20, -47],
] as const;

const instants = ['2026-07-15T18:20:00Z', '2026-01-10T06:05:00Z'] as const;

const day = (unixSeconds: number, offsetDays: number) =>
  new Date((unixSeconds + offsetDays * 86_400) * 1000).toISOString().slice(0, 10);

function requests(now: number): string[] {
  const paths: string[] = [];
  for (const [lat, lon] of places) {
    const at = `lat=${lat}&lon=${lon}`;
    paths.push(
      `current?${at}&include=minutely,alerts,lightning`,
      `current?${at}&units=I&lang=de`,
      `alerts?${at}`,
      `current/lightning?${at}`,
      `current/lightning?${at}&search_distance_km=75&search_mins=45&limit=2500&sort=distance`,
      `current/lightning?${at}&search_distance_km=60&sort=time&skip=3&limit=40&output_type=geojson`,
      `forecast/daily?${at}`,
      `forecast/minutely?${at}&units=I`,
      `forecast/airquality?${at}`,
      `history/airquality?${at}`,
      `history/hourly?${at}&start_date=${day(now, -3)}&end_date=${day(now, -1)}&tz=local`,
      `history/daily?${at}&start_date=${day(now, -366)}&end_date=${day(now, -1)}&units=S`,
      `history/lightning?${at}&date=${day(now, -1)}&limit=2500`,
      `history/lightning?${at}&date=${day(now, -2)}&tz=utc&output_type=geojson&limit=100&sort=time`,
      `forecast/energy?${at}&tp=hourly`,
    );
  }
  paths.push(
    'current?city=Raleigh,NC',
    'current?city=Paris&country=FR',
    'current?postal_code=M5V%203L9&country=CA',
    'current?station=KRDU',
    'current?points=(35.78,-78.64),(40.71,-74.01),(51.5,-0.12)',
    `history/hourly?postal_code=27601&country=US&start_date=${day(now, -2)}&end_date=${day(now, -1)}`,
  );
  return paths;
}

async function digests(iso: string): Promise<Record<string, string>> {
  const now = Date.parse(iso) / 1000;
  // Each request in its own second: this is about the answers, not the velocity limit.
  let velocityMillis = 0;
  const simulator = createSimulator({
    now: () => now,
    velocityClock: () => (velocityMillis += 1000),
  });
  const answers: Record<string, string> = {};
  for (const path of requests(now)) {
    const response = await simulator.app.request(
      `/v2.0/${path}${path.includes('?') ? '&' : '?'}key=demo-enterprise`,
    );
    const body = await response.text();
    answers[`${iso} ${path}`] =
      `${response.status} ${createHash('sha256').update(body).digest('hex').slice(0, 32)}`;
  }
  return answers;
}

describe('pinned answers', () => {
  it('every endpoint answers byte for byte as recorded', { timeout: 120_000 }, async () => {
    const answers: Record<string, string> = {};
    for (const iso of instants) Object.assign(answers, await digests(iso));
    if (recording) writeFileSync(pinnedFile, `${JSON.stringify(answers, null, 2)}\n`);
    const pinned = JSON.parse(readFileSync(pinnedFile, 'utf8')) as Record<string, string>;
    const changed = Object.keys(pinned).filter((key) => answers[key] !== pinned[key]);
    expect(changed).toEqual([]);
    expect(Object.keys(answers).sort()).toEqual(Object.keys(pinned).sort());
  });
});
