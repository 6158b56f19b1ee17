import { createRequire } from 'node:module';
import type { Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { type Point, splitLines, splitPolygons } from '../src/shared/geo/antimeridian';
import type { Land } from '../src/shared/geo/basemap-land';
import {
  maxPlacesPerTile,
  maxSplits,
  type PlaceRow,
  type PlaceTier,
  placeTiers,
  tileAt,
  tileKey,
  worldMinPopulation,
} from '../src/shared/geo/place-tiles';
import type { City } from '../src/shared/geo/gazetteer';

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** Natural Earth's scales in world-atlas: 1:110m for the whole world, 1:50m zoomed in. */
export type LandScale = '110m' | '50m';

/**
 * Natural Earth land and land borders (world-atlas), cut at the antimeridian so a flat map
 * draws them whole. Coordinates keep 3 decimals (about 100 m), finer than either source.
 */
export function buildLand(scale: LandScale = '50m'): Land {
  const topology = createRequire(import.meta.url)(
    `world-atlas/countries-${scale}.json`,
  ) as CountriesTopology;
  const polygons: Position[][][] = [];
  for (const item of feature(topology, topology.objects.land).features) {
    const geometry = item.geometry;
    if (geometry.type === 'Polygon') polygons.push(geometry.coordinates);
    else if (geometry.type === 'MultiPolygon') polygons.push(...geometry.coordinates);
  }
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return {
    land: {
      type: 'MultiPolygon',
      coordinates: splitPolygons(polygons)
        .map((polygon) => polygon.map(roundRing).filter((ring) => ring.length >= 4))
        .filter((polygon) => polygon.length > 0),
    },
    borders: {
      type: 'MultiLineString',
      coordinates: splitLines(borders.coordinates)
        .map(roundRing)
        .filter((line) => line.length >= 2),
    },
  };
}

export interface PlaceFiles {
  /** The cities every view may show; fetched with the basemap. */
  world: PlaceRow[];
  /** Per tier, each cell's places by cell key. */
  tiles: Record<PlaceTier['id'], Map<string, PlaceRow[]>>;
}

/** GeoNames places split by size, the smaller ones into cells (see place-tiles.ts). */
export function buildPlaces(cities: readonly City[]): PlaceFiles {
  const byPopulation = [...cities].sort((a, b) => b.population - a.population);
  const row = (city: City): PlaceRow => [
    round(city.lon),
    round(city.lat),
    city.name,
    city.population,
  ];
  const tiles = {} as PlaceFiles['tiles'];
  for (const tier of placeTiers) {
    const members = byPopulation.filter(
      (city) => city.population >= tier.minPopulation && city.population < tier.belowPopulation,
    );
    tiles[tier.id] = splitIntoTiles(tier, members.map(row));
  }
  return {
    world: byPopulation.filter((city) => city.population >= worldMinPopulation).map(row),
    tiles,
  };
}

function splitIntoTiles(tier: PlaceTier, rows: PlaceRow[]): Map<string, PlaceRow[]> {
  const out = new Map<string, PlaceRow[]>();
  const place = (depth: number, members: PlaceRow[]) => {
    const cells = new Map<string, PlaceRow[]>();
    for (const member of members) {
      const { x, y } = tileAt(tier, depth, member[0], member[1]);
      const key = tileKey(depth, x, y);
      const cell = cells.get(key);
      if (cell) cell.push(member);
      else cells.set(key, [member]);
    }
    for (const [key, cell] of cells) {
      if (cell.length > maxPlacesPerTile && depth < maxSplits) place(depth + 1, cell);
      else out.set(key, cell);
    }
  };
  place(0, rows);
  return out;
}

const round = (value: number) => Math.round(value * 1e3) / 1e3;

function roundRing(ring: Position[]): Point[] {
  const out: Point[] = [];
  for (const [lon = 0, lat = 0] of ring) {
    const point: Point = [round(lon), round(lat)];
    const previous = out[out.length - 1];
    if (!previous || previous[0] !== point[0] || previous[1] !== point[1]) out.push(point);
  }
  return out;
}
