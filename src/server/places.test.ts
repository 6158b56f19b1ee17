import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { placeSearchSchema } from '../shared/api/places';
import type { City } from '../simulator/geo/gazetteer';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './log';
import { buildPlaceIndex, foldName } from './places/place-index';

const city = (name: string, countryCode: string, stateCode: string, population: number): City => ({
  id: population,
  name,
  countryCode,
  stateCode,
  population,
  lat: 0,
  lon: 0,
});

describe('the place index', () => {
  const index = buildPlaceIndex([
    city('Springfield', 'US', 'IL', 114_000),
    city('Springfield', 'US', 'MO', 169_000),
    city('Springfield Gardens', 'US', 'NY', 20_000),
    city('São Paulo', 'BR', '27', 12_000_000),
    city('Paris', 'FR', '11', 2_100_000),
    city('Parisot', 'FR', '76', 1_200),
    city('Paris', 'US', 'TX', 25_000),
  ]);
  const names = (query: string, limit = 10) =>
    index.search(query, limit).map((found) => `${found.name} ${found.stateCode}`);

  it('finds by prefix, exact names first, then the more populous', () => {
    expect(names('pari')).toEqual(['Paris 11', 'Paris TX', 'Parisot 76']);
    expect(names('springfield')).toEqual([
      'Springfield MO',
      'Springfield IL',
      'Springfield Gardens NY',
    ]);
  });

  it('folds accents and case, and narrows by state or country after a comma', () => {
    expect(names('SAO PAU')).toEqual(['São Paulo 27']);
    expect(names('springfield, il')).toEqual(['Springfield IL']);
    expect(names('paris, us')).toEqual(['Paris TX']);
    expect(names('springfield', 1)).toEqual(['Springfield MO']);
    expect(names('  ,  ')).toEqual([]);
    expect(foldName('Ærøskøbing!')).toBe('ærøskøbing');
  });
});

describe('GET /api/places', () => {
  const instance = createApp({
    config: loadConfig({
      SIMULATOR_NOW: '2026-07-15T18:20:00Z',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-places-')),
      STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
    }),
    logger: createLogger([], () => undefined),
  });
  afterAll(() => instance.close());

  it('searches the gazetteer the simulator names places from', async () => {
    const response = await instance.app.request('/api/places?q=raleigh');
    expect(response.status).toBe(200);
    const { places } = placeSearchSchema.parse(await response.json());
    expect(places[0]).toMatchObject({ name: 'Raleigh', state_code: 'NC', country_code: 'US' });
    expect(places[0]?.lat).toBeCloseTo(35.77, 1);
    const current = await instance.app.request(
      `/api/current?lat=${places[0]?.lat}&lon=${places[0]?.lon}`,
    );
    expect(((await current.json()) as { data: { city_name: string }[] }).data[0]?.city_name).toBe(
      'Raleigh',
    );
  });

  it('refuses a missing or unknown parameter by name', async () => {
    const missing = await instance.app.request('/api/places');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toMatch(/"q"/);
    const unknown = await instance.app.request('/api/places?q=xy&near=1');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/near/);
    const tooMany = await instance.app.request('/api/places?q=xy&limit=50');
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/limit/);
    const tooShort = await instance.app.request('/api/places?q=s');
    expect(tooShort.status).toBe(400);
    expect(((await tooShort.json()) as { error: string }).error).toMatch(
      /^Invalid q: must be at least 2 characters/,
    );
  });
});
