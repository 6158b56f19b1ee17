import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { ringArea } from '../src/shared/geo/antimeridian';
import { decodeLand, encodeLand } from '../src/shared/geo/basemap-land';
import {
  maxPlacesPerTile,
  placeTiers,
  tileAt,
  worldMinPopulation,
} from '../src/shared/geo/place-tiles';
import { gazetteer } from '../src/simulator/geo/gazetteer';
import { buildLand, buildPlaces } from './basemap-data';

const built = buildLand();
const polygons = built.land.coordinates;
const lines = built.borders.coordinates;

function widestStep(rings: readonly Position[][]): number {
  let widest = 0;
  for (const ring of rings)
    for (let i = 1; i < ring.length; i++)
      widest = Math.max(widest, Math.abs(ring[i]![0]! - ring[i - 1]![0]!));
  return widest;
}

/** Even-odd, with holes: whether a point is on the built land. */
function onLand(lat: number, lon: number, land = polygons): boolean {
  const inside = (ring: Position[]) => {
    let result = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi)
        result = !result;
    }
    return result;
  };
  return land.some(([outer, ...holes]) => inside(outer!) && !holes.some((hole) => inside(hole)));
}

function landArea(land: Position[][][]): number {
  return land.reduce(
    (sum, [outer, ...holes]) =>
      sum +
      ringArea(outer as [number, number][]) +
      holes.reduce((s, hole) => s + ringArea(hole as [number, number][]), 0),
    0,
  );
}

describe('the built land and borders', () => {
  it('have no edge across the map: no step of a ring or line spans more than 180°', () => {
    expect(widestStep(polygons.flat())).toBeLessThanOrEqual(180);
    expect(widestStep(lines)).toBeLessThanOrEqual(180);
    const longitudes = [...polygons.flat(2), ...lines.flat()].map((point) => point[0]!);
    expect(Math.min(...longitudes)).toBeGreaterThanOrEqual(-180);
    expect(Math.max(...longitudes)).toBeLessThanOrEqual(180);
  });

  it('keep the land that crosses 180° on both sides of it, and no band of sea filled', () => {
    const places: [string, number, number, boolean][] = [
      ['Moscow', 55.75, 37.62, true],
      ['Chukotka west of 180°', 66.5, 172, true],
      ['Chukotka east of 180°', 66, -173, true],
      ['Wrangel Island east of 180°', 71.2, -179.5, true],
      ['Wrangel Island west of 180°', 71.2, 179.5, true],
      ['Vanua Levu, Fiji', -16.6, 179.3, true],
      ['Taveuni, Fiji, east of 180°', -16.85, -179.95, true],
      ['Antarctica at 0°', -80, 0, true],
      ['Antarctica just east of 180°', -86, -179.9, true],
      ['Antarctica just west of 180°', -86, 179.9, true],
      // The band that used to be filled between the cut edges at 65° and 69°N.
      ['North Atlantic, north of Iceland', 68, -15, false],
      ['Norwegian Sea', 67, 0, false],
      ['Chukchi Sea', 67.5, -170, false],
      ['South Pacific', -17, -170, false],
    ];
    for (const [name, lat, lon, land] of places)
      expect([name, onLand(lat, lon)]).toEqual([name, land]);
  });

  it('keep about a third of the flat map as land, in as many pieces as the source has and a few', () => {
    const area = landArea(polygons);
    // 64,800 square degrees in all; Antarctica reaches down to -90° on a flat map.
    expect(area).toBeGreaterThan(20_000);
    expect(area).toBeLessThan(23_000);
    expect(polygons.length).toBeGreaterThan(1400);
    expect(polygons.length).toBeLessThan(1450);
    expect(lines.length).toBeGreaterThan(150);
  });

  it('round-trip through the compact file to within its thousandth of a degree', () => {
    const decoded = decodeLand(JSON.parse(JSON.stringify(encodeLand(built))));
    expect(decoded.land.coordinates.length).toBe(polygons.length);
    expect(decoded.land.coordinates[0]![0]!.length).toBe(polygons[0]![0]!.length);
    const [lon, lat] = decoded.land.coordinates[0]![0]![5]!;
    expect(lon).toBeCloseTo(polygons[0]![0]![5]![0]!, 3);
    expect(lat).toBeCloseTo(polygons[0]![0]![5]![1]!, 3);
  });
});

describe('the world view’s 1:110m land and borders', () => {
  const world = buildLand('110m');
  const land = world.land.coordinates;

  it('are cut at 180° as the 1:50m ones are, with the same seas open and land closed', () => {
    expect(widestStep(land.flat())).toBeLessThanOrEqual(180);
    expect(widestStep(world.borders.coordinates)).toBeLessThanOrEqual(180);
    const places: [string, number, number, boolean][] = [
      ['Moscow', 55.75, 37.62, true],
      ['Chukotka west of 180°', 66.5, 172, true],
      ['Chukotka east of 180°', 66, -173, true],
      ['Antarctica just east of 180°', -86, -179.9, true],
      ['Antarctica just west of 180°', -86, 179.9, true],
      ['North Atlantic, north of Iceland', 68, -15, false],
      ['Norwegian Sea', 67, 0, false],
      ['Chukchi Sea', 67.5, -170, false],
    ];
    for (const [name, lat, lon, onIt] of places)
      expect([name, onLand(lat, lon, land)]).toEqual([name, onIt]);
    expect(landArea(land)).toBeGreaterThan(20_000);
    expect(landArea(land)).toBeLessThan(23_000);
  });

  it('are a fraction of the 1:50m file', () => {
    const size = (scale: '110m' | '50m') =>
      JSON.stringify(encodeLand(scale === '110m' ? world : built)).length;
    expect(size('110m')).toBeLessThan(size('50m') / 5);
  });
});

describe('the built place labels', () => {
  const cities = gazetteer().cities;
  const places = buildPlaces(cities);

  it('carry every gazetteer place exactly once: the world file or one cell of one tier', () => {
    const inTiles = placeTiers.reduce(
      (sum, tier) =>
        sum + [...places.tiles[tier.id].values()].reduce((s, rows) => s + rows.length, 0),
      0,
    );
    expect(places.world.length + inTiles).toBe(cities.length);
    expect(places.world.every((row) => row[3] >= worldMinPopulation)).toBe(true);
    expect(places.world.map((row) => row[2])).toContain('Tokyo');
  });

  it('keep each cell small, and each place in the cell that covers it', () => {
    const misplaced: string[] = [];
    for (const tier of placeTiers) {
      for (const [key, rows] of places.tiles[tier.id]) {
        expect(rows.length).toBeLessThanOrEqual(maxPlacesPerTile);
        expect(JSON.stringify(rows).length).toBeLessThan(64 * 1024);
        const [depth, x, y] = key.split('-').map(Number) as [number, number, number];
        for (const [lon, lat, name, population] of rows) {
          const cell = tileAt(tier, depth, lon, lat);
          const fits = population >= tier.minPopulation && population < tier.belowPopulation;
          if (cell.x !== x || cell.y !== y || !fits) misplaced.push(`${tier.id} ${key} ${name}`);
        }
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('split a dense region into smaller cells rather than one large file', () => {
    // The Ruhr, Java and the Nile delta hold more villages than one cell may.
    const keys = [...places.tiles.villages.keys()];
    expect(keys.some((key) => key.startsWith('1-'))).toBe(true);
    // A cell that was split is not also written whole.
    for (const key of keys.filter((k) => k.startsWith('1-'))) {
      const [, x, y] = key.split('-').map(Number) as [number, number, number];
      expect(keys).not.toContain(`0-${x >> 1}-${y >> 1}`);
    }
  });
});
