/**
 * How the basemap's place labels are split so a page loads only what its view shows: the build
 * writes them this way (scripts/basemap-data.ts) and the map fetches them this way.
 *
 * Cities of `worldMinPopulation` and more come in one file with the basemap. Smaller places
 * come in tiers of square cells, fetched once the map is zoomed in to the tier's `minZoom`. A
 * cell with more than `maxPlacesPerTile` places is split into quarters (up to `maxSplits` times),
 * so no file is large wherever the places are dense.
 */

/** One place: longitude and latitude (3 decimals), name, population. */
export type PlaceRow = [lon: number, lat: number, name: string, population: number];

export interface PlaceTier {
  id: 'towns' | 'villages';
  /** The map zoom from which the tier is fetched. */
  minZoom: number;
  /** Population range, the lower bound included. */
  minPopulation: number;
  belowPopulation: number;
  /** Edge of an unsplit cell, degrees; 360 and 180 divide by it. */
  cellDegrees: number;
}

export const worldMinPopulation = 150_000;

export const placeTiers: readonly PlaceTier[] = [
  { id: 'towns', minZoom: 5, minPopulation: 10_000, belowPopulation: 150_000, cellDegrees: 8 },
  { id: 'villages', minZoom: 8, minPopulation: 0, belowPopulation: 10_000, cellDegrees: 2 },
];

/**
 * The smallest place labelled from each zoom on ([zoom, population], zooms rising). Denser
 * than the map has room for at places: symbol collision then keeps the larger of two places.
 * A tier is fetched at the first zoom that labels any of it (place-tiles.test.ts holds to that).
 */
export const labelMinPopulation: readonly (readonly [zoom: number, population: number])[] = [
  [0, 3_000_000],
  [2, 1_000_000],
  [3, 500_000],
  [4, 200_000],
  [5, 100_000],
  [6, 30_000],
  [7, 10_000],
  [8, 3_000],
  [9, 1_000],
  [10, 0],
];

/** The smallest place labelled at `zoom` (a tile's zoom: MapLibre filters labels per tile). */
export function labelMinPopulationAt(zoom: number): number {
  let population = Infinity;
  for (const [from, smallest] of labelMinPopulation) if (zoom >= from) population = smallest;
  return population;
}

export const maxPlacesPerTile = 1500;
export const maxSplits = 3;
/** No view fetches more cells than this of one tier, however it is shaped. */
export const maxTilesPerView = 48;

/** What the build wrote: per tier, the keys of the cells that have places. */
export interface PlaceTileIndex {
  /** URL prefix; a cell is at `${base}${tier}/${key}.json`. */
  base: string;
  tiers: Record<PlaceTier['id'], readonly string[]>;
}

/** The file with the world's cities and the index of the cells. */
export interface PlacesFile {
  world: PlaceRow[];
  tiles: PlaceTileIndex;
}

/** A cell at split depth d (0 unsplit) and column/row from the south-west corner of the world. */
export const tileKey = (depth: number, x: number, y: number) => `${depth}-${x}-${y}`;

export function tileUrl(index: PlaceTileIndex, tier: PlaceTier['id'], key: string): string {
  return `${index.base}${tier}/${key}.json`;
}

/** The cell of a split depth that holds a point. */
export function tileAt(tier: PlaceTier, depth: number, lon: number, lat: number) {
  const size = tier.cellDegrees / 2 ** depth;
  const columns = Math.round(360 / size);
  const rows = Math.round(180 / size);
  return {
    x: Math.min(columns - 1, Math.max(0, Math.floor((lon + 180) / size))),
    y: Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / size))),
  };
}

export interface View {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The cells of a tier (as the build wrote them) that a view overlaps. MapLibre's bounds run past
 * ±180° when the view crosses the antimeridian; they are folded back into the world here.
 */
export function tilesInView(tier: PlaceTier, view: View, available: ReadonlySet<string>): string[] {
  const south = Math.max(-90, view.south);
  const north = Math.min(90, view.north);
  if (!(north >= south) || !(view.east >= view.west)) return [];
  const spans: [number, number][] =
    view.east - view.west >= 360 ? [[-180, 180]] : folded(view.west, view.east);

  const found: string[] = [];
  const visit = (depth: number, x: number, y: number, west: number, east: number) => {
    if (found.length >= maxTilesPerView) return;
    const key = tileKey(depth, x, y);
    if (available.has(key)) {
      found.push(key);
      return;
    }
    if (depth >= maxSplits) return;
    const size = tier.cellDegrees / 2 ** (depth + 1);
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      const cx = 2 * x + dx;
      const cy = 2 * y + dy;
      const cellWest = cx * size - 180;
      const cellSouth = cy * size - 90;
      if (
        cellWest < east &&
        cellWest + size > west &&
        cellSouth < north &&
        cellSouth + size > south
      )
        visit(depth + 1, cx, cy, west, east);
    }
  };
  for (const [west, east] of spans) {
    const from = tileAt(tier, 0, west, south);
    const to = tileAt(tier, 0, Math.min(east, 180 - 1e-9), Math.min(north, 90 - 1e-9));
    for (let x = from.x; x <= to.x; x++)
      for (let y = from.y; y <= to.y; y++) visit(0, x, y, west, east);
  }
  return found;
}

/** A longitude span within [-180, 180]: one, or two when it crosses the antimeridian. */
function folded(west: number, east: number): [number, number][] {
  const shift = Math.floor((west + 180) / 360) * 360;
  const w = west - shift;
  const e = east - shift;
  return e <= 180
    ? [[w, e]]
    : [
        [w, 180],
        [-180, e - 360],
      ];
}
