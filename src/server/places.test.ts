import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { placeAtSchema, placeSearchSchema } from '../shared/api/places';
import type { City } from '../shared/geo/gazetteer';
import { createApp } from './app';
import { loadConfig } from './config';
import { gazetteer } from './domain/geography';
import { createLogger } from './log';
import { buildPlaceIndex, foldName, PrefixDistance, typoAllowance } from './places/place-index';
import {
  describeCity,
  geonamesPlaceNames,
  loadAlternateNames,
  type PlaceNames,
} from './places/place-names';
import { gazetteerNaming, namePoint, namingReachKm, type PointNaming } from './places/point-name';

const city = (
  name: string,
  countryCode: string,
  stateCode: string,
  population: number,
  lat = 0,
  lon = 0,
): City => ({ id: population, name, countryCode, stateCode, population, lat, lon });

const geonames = geonamesPlaceNames();

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

  it('narrows by a region or country name too, given names', () => {
    const named = buildPlaceIndex(
      [
        city('Paris', 'FR', '11', 2_100_000),
        city('Paris', 'CA', '08', 11_000),
        city('Paris', 'US', 'TX', 25_000),
      ],
      geonames,
    );
    const found = (query: string) =>
      named.search(query, 5).map((place) => `${place.name} ${place.countryCode}`);
    expect(found('paris, ontario')).toEqual(['Paris CA']);
    expect(found('paris, canada')).toEqual(['Paris CA']);
    expect(found('paris, united states')).toEqual(['Paris US']);
    expect(found('paris tx')).toEqual(['Paris US']);
  });

  it('forgives a typo for a price: an exact start of a name outranks a bigger place one typo off', () => {
    const fuzzy = buildPlaceIndex([
      city('Malabo', 'GQ', '08', 300_000),
      city('Malakoff', 'FR', '11', 30_000),
      city('Paris', 'FR', '11', 2_100_000),
      city('Pairsville', 'US', 'XX', 1_000),
    ]);
    const found = (query: string) => fuzzy.search(query, 5).map((place) => place.name);
    expect(found('malak')).toEqual(['Malakoff', 'Malabo']);
    expect(found('pairs')).toEqual(['Paris', 'Pairsville']);
    // Three letters are one edit from too much to be worth guessing at.
    expect(found('mal')).toEqual(['Malabo', 'Malakoff']);
    expect(found('mak')).toEqual([]);
  });
});

describe('other names of a place', () => {
  const index = buildPlaceIndex(
    [
      city('Köln', 'DE', '07', 963_000),
      city('Cologne', 'IT', '09', 7_000),
      city('Victoria', 'CA', '02', 290_000),
      city('Hong Kong', 'HK', '00', 7_400_000),
      city('Tokyo', 'JP', '40', 8_300_000),
      city('Toyohashi', 'JP', '01', 370_000),
      city('Cairo', 'EG', '11', 7_700_000),
      city('Moscow', 'RU', '48', 10_400_000),
    ],
    undefined,
    (id) =>
      ({
        963_000: ['Cologne', 'Кельн'],
        7_400_000: ['Victoria', '香港'],
        8_300_000: ['東京', 'Tokio', 'Edo'],
        370_000: ['豊橋'],
        7_700_000: ['القاهرة', 'Kairo'],
        10_400_000: ['Москва', 'Moskau'],
      })[id] ?? [],
  );
  const found = (query: string) =>
    index
      .find(query, 5)
      .map(({ city: place, alternateName }) =>
        alternateName ? `${place.name} (${alternateName})` : place.name,
      );

  it('finds a place by another name, answering with its own and the name matched', () => {
    expect(found('東京')).toEqual(['Tokyo (東京)']);
    expect(found('Москва')).toEqual(['Moscow (Москва)']);
    expect(found('القاهرة')).toEqual(['Cairo (القاهرة)']);
    expect(found('moskau')).toEqual(['Moscow (Moskau)']);
  });

  it('ranks by population, at the price of a typo for a name that is not the place’s own', () => {
    expect(found('cologne')).toEqual(['Köln (Cologne)', 'Cologne']);
    expect(found('victoria')).toEqual(['Victoria', 'Hong Kong (Victoria)']);
  });

  it('lists a place matched by several of its names once', () => {
    // "Tokyo" and "Tokio" both start so: the place's own name is the better match.
    expect(found('tok')).toEqual(['Tokyo']);
    expect(index.search('to', 5).map((place) => place.name)).toEqual(['Tokyo', 'Toyohashi']);
  });

  it('forgives typos in other names too, but never in two or three letters', () => {
    expect(found('Мосвка')).toEqual(['Moscow (Москва)']);
    expect(found('kairp')).toEqual(['Cairo (Kairo)']);
    expect(found('東亰')).toEqual([]);
    expect(found('東京都')).toEqual([]);
  });

  it('folds every script’s letters, and Arabic vowel marks away', () => {
    expect(foldName('東京')).toBe('東京');
    expect(foldName('МОСКВА')).toBe('москва');
    expect(foldName('القاهرة')).toBe('القاهرة');
    expect(foldName('قُلُونِيَة')).toBe(foldName('قلونية'));
    expect(foldName('Αθήνα')).toBe('αθηνα');
  });
});

/** Optimal string alignment distance to the closest start of `name`, cell by cell. */
function naivePrefixDistance(typed: string, name: string): number {
  const rows = typed.length + 1;
  const columns = name.length + 1;
  const d = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: columns }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < columns; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      row[j] = Math.min(
        (above[j - 1] as number) + (typed[i - 1] === name[j - 1] ? 0 : 1),
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
      );
      if (i > 1 && j > 1 && typed[i - 1] === name[j - 2] && typed[i - 2] === name[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return Math.min(...(d[typed.length] as number[]));
}

describe('PrefixDistance', () => {
  it('agrees with the cell-by-cell distance, names given in sorted order as the index does', () => {
    // A small alphabet makes near misses, shared starts and swaps common.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const word = (most: number) =>
      Array.from(
        { length: 1 + Math.floor(random() * most) },
        () => 'abc '[Math.floor(random() * 4)],
      )
        .join('')
        .trim() || 'a';
    for (let round = 0; round < 40; round++) {
      const typed = word(9);
      const allowance = typoAllowance(typed.length) || 1;
      const measure = new PrefixDistance(typed, allowance);
      const sorted = Array.from({ length: 60 }, () => word(12)).sort();
      for (const name of sorted) {
        const expected = Math.min(naivePrefixDistance(typed, name), allowance + 1);
        expect({ typed, name, distance: measure.to(name) }).toEqual({
          typed,
          name,
          distance: expected,
        });
      }
    }
  });

  it('counts a swap of neighbours as one edit, against the start of a longer name', () => {
    expect(new PrefixDistance('new yrok', 2).to('new york city')).toBe(1);
    expect(new PrefixDistance('lodnon', 1).to('london')).toBe(1);
    expect(new PrefixDistance('lodnon', 1).to('lyon')).toBe(2);
  });
});

describe('the gazetteer search', async () => {
  const index = buildPlaceIndex(gazetteer().cities, geonames, await loadAlternateNames());
  const first = (query: string) => {
    const [found] = index.search(query, 8);
    return found && describeCity(found, geonames).label;
  };

  it.each([
    ['pairs', 'Paris, Île-de-France, France'],
    ['lodnon', 'London, England, United Kingdom'],
    ['new yrok', 'New York City, New York, United States'],
    ['washington dc', 'Washington, D.C., District of Columbia, United States'],
    ['washington, d.c.', 'Washington, D.C., District of Columbia, United States'],
    ['paris, ontario', 'Paris, Ontario, Canada'],
    ['victoria', 'Victoria, British Columbia, Canada'],
  ])('finds "%s" as %s', (query, label) => {
    expect(first(query)).toBe(label);
  });

  it.each([
    ['München', 'Munich, Bavaria, Germany', 'München'],
    ['Wien', 'Vienna, Austria', 'Wien'],
    ['Praha', 'Prague, Czechia', 'Praha'],
    ['東京', 'Tokyo, Japan', '東京'],
    ['Москва', 'Moscow, Russia', 'Москва'],
    ['القاهرة', 'Cairo, Egypt', 'القاهرة'],
    ['Cologne', 'Köln, North Rhine-Westphalia, Germany', 'Cologne'],
    ['Munhcen', 'Munich, Bavaria, Germany', 'München'],
    ['Мосвка', 'Moscow, Russia', 'Москва'],
    ['Colgone', 'Köln, North Rhine-Westphalia, Germany', 'Cologne'],
  ])('finds "%s", a native name or a typo of one, as %s', (query, label, matched) => {
    const [found] = index.find(query, 8);
    expect(found && describeCity(found.city, geonames).label).toBe(label);
    expect(found?.alternateName).toBe(matched);
  });

  it('finds nothing for what is no place, even allowing typos', () => {
    expect(index.search('xqzzyvw', 8)).toEqual([]);
  });

  it('measures a typo query against a small share of the 135,000 names', () => {
    const measured = vi.spyOn(PrefixDistance.prototype, 'to');
    try {
      index.search('springfeld', 8);
      expect(measured.mock.calls.length).toBeGreaterThan(0);
      expect(measured.mock.calls.length).toBeLessThan(gazetteer().cities.length / 20);
    } finally {
      measured.mockRestore();
    }
  });
});

describe('naming', () => {
  it('spells out GeoNames admin-1 codes and country codes', () => {
    const label = (name: string, countryCode: string, stateCode: string) =>
      describeCity(city(name, countryCode, stateCode, 1), geonames);
    expect(label('Malakoff', 'FR', '11')).toMatchObject({
      state_code: '11',
      state_name: 'Île-de-France',
      country_name: 'France',
      label: 'Malakoff, Île-de-France, France',
    });
    expect(label('Tokyo', 'JP', '40').label).toBe('Tokyo, Japan');
    expect(label('Shinjuku', 'JP', '40').label).toBe('Shinjuku, Tokyo, Japan');
    expect(label('Albany', 'US', 'NY').label).toBe('Albany, New York, United States');
    expect(label('Paris', 'CA', '08').label).toBe('Paris, Ontario, Canada');
    // A code GeoNames has retired goes without a region rather than show the code.
    expect(label('Nowhere', 'NO', '99')).toMatchObject({
      state_name: '',
      label: 'Nowhere, Norway',
    });
  });
});

describe('what a point is called', () => {
  const plain: PlaceNames = { regionName: () => '' };
  const town = city('Townsville', 'AU', '04', 180_000, -19.26, 146.82);
  const village = city('Smalltown', 'AU', '04', 1_000, -19.26, 147.5);
  const naming = (over: Partial<PointNaming>): PointNaming => ({
    names: plain,
    namingCity: () => town,
    nearestCity: () => town,
    isLand: () => true,
    ...over,
  });

  it('names a point within reach after the town the provider names it after', () => {
    const named = namePoint(-19.3, 146.8, naming({}));
    expect(named).toMatchObject({ label: 'Townsville, Australia', named: true });
    expect(named.place.distance_km).toBeLessThan(10);
  });

  it('falls back to a nearer town when the provider chose a big one out of reach', () => {
    // ~70 km from Townsville, ~5 km from Smalltown.
    const named = namePoint(-19.26, 147.46, naming({ nearestCity: () => village }));
    expect(named).toMatchObject({ label: 'Smalltown, Australia', named: true });
  });

  it('describes a point past reach of any town, giving the nearest and its distance', () => {
    const atSea = namePoint(-19.26, 149, naming({ isLand: () => false }));
    expect(atSea).toMatchObject({ label: 'At sea, 19.26°S, 149.00°E', named: false });
    expect(atSea.place.name).toBe('Townsville');
    expect(atSea.place.distance_km).toBeGreaterThan(namingReachKm);
    expect(namePoint(-21, 146.82, naming({})).label).toBe('21.00°S, 146.82°E');
    expect(namePoint(-80, 0, naming({})).label).toBe('Antarctica, 80.00°S, 0.00°E');
  });

  it('never names 80°S after a town thousands of kilometres off', () => {
    const named = namePoint(-80, 0, gazetteerNaming(geonames));
    expect(named.label).toBe('Antarctica, 80.00°S, 0.00°E');
    expect(named.named).toBe(false);
    expect(named.place.distance_km).toBeGreaterThan(1_000);
    expect(namePoint(48.82, 2.3, gazetteerNaming(geonames))).toMatchObject({
      label: 'Malakoff, Île-de-France, France',
      named: true,
    });
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
    expect(places[0]).toMatchObject({
      name: 'Raleigh',
      state_code: 'NC',
      country_code: 'US',
      state_name: 'North Carolina',
      label: 'Raleigh, North Carolina, United States',
    });
    expect(places[0]?.lat).toBeCloseTo(35.77, 1);
    const current = await instance.app.request(
      `/api/current?lat=${places[0]?.lat}&lon=${places[0]?.lon}`,
    );
    expect(((await current.json()) as { data: { city_name: string }[] }).data[0]?.city_name).toBe(
      'Raleigh',
    );
  });

  it('calls a point by the town the weather names it after, or by where it is', async () => {
    const raleigh = await instance.app.request('/api/places/at?lat=35.78&lon=-78.64');
    expect(raleigh.status).toBe(200);
    expect(placeAtSchema.parse(await raleigh.json())).toMatchObject({
      label: 'Raleigh, North Carolina, United States',
      named: true,
      place: { name: 'Raleigh', state_code: 'NC', country_code: 'US' },
    });
    const pole = await instance.app.request('/api/places/at?lat=-80&lon=0');
    expect(placeAtSchema.parse(await pole.json())).toMatchObject({
      label: 'Antarctica, 80.00°S, 0.00°E',
      named: false,
    });
    const wrong = await instance.app.request('/api/places/at?lat=95&lon=0');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/lat/);
  });

  it('finds places by their native names over HTTP, answering with the gazetteer’s names', async () => {
    const server = await new Promise<{ url: string; close: () => void }>((resolve) => {
      const listening = serve(
        { fetch: instance.app.fetch, port: 0, hostname: '127.0.0.1' },
        (info) =>
          resolve({
            url: `http://127.0.0.1:${info.port}`,
            close: () => {
              (listening as Server).closeAllConnections();
              listening.close();
            },
          }),
      );
    });
    try {
      const search = async (q: string) => {
        const response = await fetch(`${server.url}/api/places?${new URLSearchParams({ q })}`);
        expect(response.status).toBe(200);
        return placeSearchSchema.parse(await response.json()).places;
      };
      for (const [query, name, countryCode] of [
        ['München', 'Munich', 'DE'],
        ['Wien', 'Vienna', 'AT'],
        ['Praha', 'Prague', 'CZ'],
        ['東京', 'Tokyo', 'JP'],
        ['Москва', 'Moscow', 'RU'],
        ['القاهرة', 'Cairo', 'EG'],
        ['Cologne', 'Köln', 'DE'],
      ] as const)
        expect((await search(query))[0]).toMatchObject({
          name,
          country_code: countryCode,
          matched_name: query,
        });
      // A place found by its own name says no other.
      expect((await search('Raleigh'))[0]).not.toHaveProperty('matched_name');
    } finally {
      server.close();
    }
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
