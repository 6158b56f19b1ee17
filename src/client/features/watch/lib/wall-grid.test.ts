import { describe, expect, it } from 'vitest';
import { maxSitesPerPage, wallCapacity, wallCard, wallGrid, wallPage } from './wall-grid';

/** A 1080p wall's board beside the map, and a portrait one's above it (px, as measured). */
const landscape = { width: 1342, height: 915, gap: 10 };
const portrait = { width: 1040, height: 1150, gap: 10 };

const cellOf = (area: typeof landscape, grid: ReturnType<typeof wallGrid>) => ({
  width: (area.width - area.gap * (grid.columns - 1)) / grid.columns,
  height: (area.height - area.gap * (grid.rows - 1)) / grid.rows,
});

describe('a wall board', () => {
  it('holds 21 sites on one page of a 1080p screen, either way up, each cell at least the least card', () => {
    for (const area of [landscape, portrait]) {
      const grid = wallGrid(area, 21);
      expect(grid.pages).toBe(1);
      expect(grid.perPage).toBe(21);
      expect(grid.columns * grid.rows).toBeGreaterThanOrEqual(21);
      const cell = cellOf(area, grid);
      expect(cell.width).toBeGreaterThanOrEqual(wallCard.least.width);
      expect(cell.height).toBeGreaterThanOrEqual(wallCard.least.height);
    }
  });

  it('holds up to 30 sites on a landscape 1080p screen, and pages past that', () => {
    expect(wallCapacity(landscape)).toBe(maxSitesPerPage);
    expect(wallGrid(landscape, 30).pages).toBe(1);
    const grid = wallGrid(landscape, 31);
    // Spread evenly: 16 and 15, not 30 and one alone.
    expect(grid).toMatchObject({ pages: 2, perPage: 16 });
    expect(wallGrid(landscape, 61)).toMatchObject({ pages: 3, perPage: 21 });
  });

  it('never puts more than 30 sites on a page, however large the screen', () => {
    expect(wallCapacity({ width: 3800, height: 2000, gap: 10 })).toBe(maxSitesPerPage);
    expect(wallGrid({ width: 3800, height: 2000, gap: 10 }, 45).perPage).toBe(23);
  });

  it('gives few sites full-size cards, and shrinks the type with the cells as sites are added', () => {
    expect(wallGrid(landscape, 4).scale).toBeGreaterThanOrEqual(1);
    expect(wallGrid(landscape, 6).scale).toBeGreaterThanOrEqual(1);
    const scales = [6, 10, 15, 21, 30].map((count) => wallGrid(landscape, count).scale);
    expect(scales).toEqual([...scales].sort((a, b) => b - a));
    // The least cell is the floor the page's capacity keeps to.
    const least = Math.min(
      wallCard.least.width / wallCard.full.width,
      wallCard.least.height / wallCard.full.height,
    );
    expect(wallGrid(landscape, 30).scale).toBeGreaterThanOrEqual(least);
  });

  it('chooses the columns that suit the card’s shape: wide cells on a wide board', () => {
    expect(wallGrid(landscape, 1)).toMatchObject({ columns: 1, rows: 1 });
    expect(wallGrid(landscape, 2)).toMatchObject({ columns: 2, rows: 1 });
    const tall = wallGrid({ width: 500, height: 1800, gap: 10 }, 4);
    expect(tall).toMatchObject({ columns: 1, rows: 4 });
  });

  it('cuts the board’s order into pages, worst first, going round', () => {
    const sites = Array.from({ length: 40 }, (_, index) => index);
    const grid = wallGrid(landscape, sites.length);
    expect(grid.pages).toBe(2);
    expect(wallPage(sites, grid, 0)).toEqual(sites.slice(0, 20));
    expect(wallPage(sites, grid, 1)).toEqual(sites.slice(20));
    expect(wallPage(sites, grid, 2)).toEqual(sites.slice(0, 20));
  });

  it('has one page, its single cell, for an empty or tiny board', () => {
    expect(wallGrid(landscape, 0)).toMatchObject({ pages: 1, perPage: 1 });
    expect(wallGrid({ width: 100, height: 100, gap: 10 }, 3)).toMatchObject({
      pages: 3,
      perPage: 1,
    });
  });
});
