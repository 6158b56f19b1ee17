import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeAtSchema } from '../shared/api/places';
import { currentResponseSchema } from '../shared/weather/current-schema';
import { type Bff, closeAll, startBff, startSimulator } from './testing/loopback';

/**
 * Issue 27 item 12: the South Pole is Antarctica, not "At sea", and 80°S 0°E keeps Antarctic
 * time, not Africa/Johannesburg. Over real HTTP on 127.0.0.1: the BFF in front of the
 * standalone simulator, as the map's point card asks them.
 */
let bff: Bff;

beforeAll(async () => {
  bff = await startBff(await startSimulator());
});

afterAll(() => closeAll());

async function json(path: string): Promise<unknown> {
  const response = await fetch(`${bff.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.json();
}

describe('Antarctica on the point card', () => {
  it('names the South Pole Antarctica, on land', async () => {
    for (const lon of [0, 180, -180, 45]) {
      const named = placeAtSchema.parse(await json(`/api/places/at?lat=-90&lon=${lon}`));
      expect(named.label).toMatch(/^Antarctica, 90\.00°S, /);
      expect(named.named).toBe(false);
    }
  });

  it('keeps the South Pole and 80°S 0°E in Antarctic time zones', async () => {
    const pole = currentResponseSchema.parse(await json('/api/current?lat=-90&lon=0'));
    expect(pole.data[0]?.timezone).toBe('Antarctica/McMurdo');
    const troll = currentResponseSchema.parse(await json('/api/current?lat=-80&lon=0'));
    expect(troll.data[0]?.timezone).toBe('Antarctica/Troll');
    const named = placeAtSchema.parse(await json('/api/places/at?lat=-80&lon=0'));
    expect(named.label).toBe('Antarctica, 80.00°S, 0.00°E');
  });
});
