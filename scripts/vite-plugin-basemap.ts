import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { encodeLand } from '../src/shared/geo/basemap-land';
import { type PlacesFile, placeTiers } from '../src/shared/geo/place-tiles';
import { gazetteer } from '../src/simulator/geo/gazetteer';
import { buildLand, buildPlaces, type LandScale } from './basemap-data';

const moduleId = 'virtual:basemap';
const resolvedId = `\0${moduleId}`;

interface BasemapFiles {
  /** JSON files by path under the output directory. */
  files: Map<string, string>;
  /** The virtual module: where the client finds them. */
  module: string;
}

/**
 * The offline basemap, built from packages at build time so there is no tile or label server:
 * land and borders (Natural Earth via world-atlas, cut at the antimeridian: the 1:110m scale for
 * the world view, a fifth of the 1:50m one's size, and 1:50m for zoomed-in views), the world's city
 * labels, and smaller places in cells fetched as the map zooms in (GeoNames, the same gazetteer
 * the simulator uses). Names carry a content hash, so the BFF may cache them for good.
 */
export function basemap(): Plugin {
  let base = '/';
  let built: BasemapFiles | undefined;
  const files = () => (built ??= buildFiles(base));
  return {
    name: 'skydeck-basemap',
    configResolved(config) {
      base = config.base;
    },
    resolveId: (id) => (id === moduleId ? resolvedId : undefined),
    load: (id) => (id === resolvedId ? files().module : undefined),
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        const file = path.startsWith(base) ? files().files.get(path.slice(base.length)) : undefined;
        if (file === undefined) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(file);
      });
    },
    generateBundle() {
      for (const [fileName, source] of files().files)
        this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

function buildFiles(base: string): BasemapFiles {
  const files = new Map<string, string>();
  const landPaths = Object.fromEntries(
    (['110m', '50m'] as const).map((scale) => {
      const land = JSON.stringify(encodeLand(buildLand(scale)));
      const path = `assets/basemap-land-${scale}-${hash(land)}.json`;
      files.set(path, land);
      return [scale, path];
    }),
  ) as Record<LandScale, string>;

  const places = buildPlaces(gazetteer().cities);
  const tileFiles = placeTiers.flatMap((tier) =>
    [...places.tiles[tier.id]].map(([key, rows]) => ({
      path: `${tier.id}/${key}.json`,
      json: JSON.stringify(rows),
    })),
  );
  const tilesHash = hash(tileFiles.map((file) => `${file.path}\0${file.json}`).join('\0'));
  const tileDirectory = `assets/places-${tilesHash}/`;
  for (const file of tileFiles) files.set(`${tileDirectory}${file.path}`, file.json);
  const placesJson = JSON.stringify({
    world: places.world,
    tiles: {
      base: `${base}${tileDirectory}`,
      tiers: {
        towns: [...places.tiles.towns.keys()],
        villages: [...places.tiles.villages.keys()],
      },
    },
  } satisfies PlacesFile);
  const placesPath = `assets/basemap-places-${hash(placesJson)}.json`;
  files.set(placesPath, placesJson);

  return {
    files,
    module: [
      `export const worldLandUrl = ${JSON.stringify(base + landPaths['110m'])};`,
      `export const landUrl = ${JSON.stringify(base + landPaths['50m'])};`,
      `export const placesUrl = ${JSON.stringify(base + placesPath)};`,
    ].join('\n'),
  };
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);
