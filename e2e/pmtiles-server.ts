import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { FeatureCollection } from 'geojson';
import { pmtilesArchive } from '../src/server/testing/pmtiles-fixture';

/**
 * The BFF with a detailed basemap (BASEMAP_PMTILES) for the browser tests: a small region in
 * the Protomaps schema (earth, water, roads, a town), tiled to zoom 6 and written as a PMTiles
 * archive, then the production server started on it.
 */

/** A square of land around 36.5°N 91°W with a lake, a road and a town in it. */
const layers: Record<string, FeatureCollection> = {
  earth: collection([{ kind: 'earth' }, polygon(-96, 32, -86, 41)]),
  water: collection([{ kind: 'lake', name: 'Test Lake' }, polygon(-92, 35.5, -91.2, 36.2)]),
  roads: collection([
    { kind: 'major_road', name: 'Test Highway', min_zoom: 4 },
    {
      type: 'LineString',
      coordinates: [
        [-95, 36.5],
        [-87, 36.9],
      ],
    },
  ]),
  places: collection([
    { kind: 'locality', name: 'Testville', min_zoom: 2, population_rank: 12 },
    { type: 'Point', coordinates: [-89.2, 35.4] },
  ]),
};

function collection([properties, geometry]: [
  Record<string, unknown>,
  FeatureCollection['features'][number]['geometry'],
]): FeatureCollection {
  return { type: 'FeatureCollection', features: [{ type: 'Feature', properties, geometry }] };
}

function polygon(west: number, south: number, east: number, north: number) {
  return {
    type: 'Polygon' as const,
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}

const maxZoom = 6;
const indexes = Object.fromEntries(
  Object.entries(layers).map(([name, data]) => [
    name,
    new GeoJSONVT(data, { maxZoom, indexMaxZoom: maxZoom, extent: 4096 }),
  ]),
);
const tiles: { z: number; x: number; y: number; data: Uint8Array }[] = [];
for (let z = 0; z <= maxZoom; z++) {
  for (let x = 0; x < 2 ** z; x++) {
    for (let y = 0; y < 2 ** z; y++) {
      const found = Object.entries(indexes)
        .map(([name, index]) => [name, index.getTile(z, x, y)] as const)
        .filter((entry): entry is [string, NonNullable<(typeof entry)[1]>] => entry[1] !== null);
      if (found.length > 0)
        tiles.push({
          z,
          x,
          y,
          data: fromGeojsonVt(Object.fromEntries(found), { version: 2, extent: 4096 }),
        });
    }
  }
}

const dir = resolve('test-results/e2e-pmtiles');
mkdirSync(dir, { recursive: true });
const file = resolve(dir, 'region.pmtiles');
writeFileSync(file, pmtilesArchive(tiles));
process.env.BASEMAP_PMTILES = file;
await import(resolve('dist/server/main.js'));
