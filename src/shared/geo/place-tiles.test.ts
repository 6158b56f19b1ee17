import { describe, expect, it } from 'vitest';
import {
  labelMinPopulationAt,
  maxTilesPerView,
  type PlaceTier,
  placeTiers,
  tileAt,
  tileKey,
  tilesInView,
  worldMinPopulation,
} from './place-tiles';

const villages = placeTiers.find((tier) => tier.id === 'villages') as PlaceTier;
const everyCell = (tier: PlaceTier) => {
  const keys = new Set<string>();
  for (let x = 0; x < 360 / tier.cellDegrees; x++)
    for (let y = 0; y < 180 / tier.cellDegrees; y++) keys.add(tileKey(0, x, y));
  return keys;
};

describe('place cells', () => {
  it('finds the cells a view overlaps, and only those', () => {
    // 2° cells: 3°E–5°E, 51°N–53°N covers columns 91–92 and rows 70–71.
    const keys = tilesInView(
      villages,
      { west: 3, south: 51, east: 5, north: 53 },
      everyCell(villages),
    );
    expect(keys.sort()).toEqual(['0-91-70', '0-91-71', '0-92-70', '0-92-71']);
  });

  it('folds a view across the antimeridian back into the world', () => {
    // MapLibre reports 179°E–181°E as such; 181°E is 179°W.
    const keys = tilesInView(
      villages,
      { west: 179, south: 0, east: 181, north: 1 },
      everyCell(villages),
    );
    expect(keys.sort()).toEqual(['0-0-45', '0-179-45']);
  });

  it('descends into a split cell and fetches only the quarters in view', () => {
    const available = new Set([tileKey(1, 182, 140), tileKey(1, 183, 140), tileKey(1, 182, 141)]);
    // Cell 0-91-70 (2°E–4°E, 50°N–52°N) was split; the view holds its south-west quarter only.
    const keys = tilesInView(
      villages,
      { west: 2.1, south: 50.1, east: 2.9, north: 50.9 },
      available,
    );
    expect(keys).toEqual([tileKey(1, 182, 140)]);
  });

  it('asks for nothing where the build wrote nothing, and never for too many cells', () => {
    expect(
      tilesInView(villages, { west: -40, south: -40, east: -38, north: -38 }, new Set()),
    ).toEqual([]);
    const all = tilesInView(
      villages,
      { west: -180, south: -90, east: 180, north: 90 },
      everyCell(villages),
    );
    expect(all).toHaveLength(maxTilesPerView);
  });

  it('keeps points on the edge of the world in its last cell', () => {
    expect(tileAt(villages, 0, 180, 90)).toEqual({ x: 179, y: 89 });
    expect(tileAt(villages, 0, -180, -90)).toEqual({ x: 0, y: 0 });
  });

  it('fetches each tier from the first zoom that labels any of it, and not before', () => {
    for (const tier of placeTiers) {
      expect(labelMinPopulationAt(tier.minZoom)).toBeLessThan(tier.belowPopulation);
      expect(labelMinPopulationAt(tier.minZoom - 1)).toBeGreaterThanOrEqual(tier.belowPopulation);
    }
    // Below the first tier's zoom, the world file has all that is labelled.
    expect(
      labelMinPopulationAt(Math.min(...placeTiers.map((tier) => tier.minZoom)) - 1),
    ).toBeGreaterThanOrEqual(worldMinPopulation);
  });
});

describe('the smallest place labelled at a zoom', () => {
  it('is the step the zoom is in', () => {
    expect(labelMinPopulationAt(0)).toBe(3_000_000);
    expect(labelMinPopulationAt(1.9)).toBe(3_000_000);
    expect(labelMinPopulationAt(2)).toBe(1_000_000);
    expect(labelMinPopulationAt(9.5)).toBe(1_000);
    expect(labelMinPopulationAt(22)).toBe(0);
  });
});
