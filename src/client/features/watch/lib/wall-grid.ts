/**
 * A wall's board: every site on screen at once in a grid of equal cells, the cell's size
 * setting the card's type (board-panel.css), and pages when one screen cannot hold them all at
 * a readable size. Pure, so the layout and the paging are tested without a browser or a clock.
 */

/** The most sites a page of the wall shows, however large the screen. */
export const maxSitesPerPage = 30;

/** Each page stays this long (ms) before the next. */
export const wallPageMs = 10_000;

/** The space between cells (px), in the layout and on the page alike. */
export const wallGap = 10;

/**
 * A card's cell at full size (scale 1: level 64 px, countdown 40 px, name 32 px, other text
 * 24 px), and the smallest cell a page may give a card: at that size the type is at its floor
 * (level 36 px, countdown 26 px, name 22 px, nothing under 18 px; board-panel.css) and the
 * card still holds its level, name and countdown. More sites than such cells fit go on pages.
 */
export const wallCard = {
  full: { width: 440, height: 300 },
  least: { width: 260, height: 140 },
} as const;

/** The type never grows past this on a large wall with few sites. */
const maxScale = 2;

export interface WallArea {
  width: number;
  height: number;
  /** The space between cells. */
  gap: number;
}

export interface WallGrid {
  columns: number;
  rows: number;
  /** Sites on each page (the last may have fewer). */
  perPage: number;
  pages: number;
  /** The cells' size against the full-size cell: the card's type scales with it. */
  scale: number;
}

/** A cell's width and height when `count` of them share `area` along one axis. */
const cell = (length: number, count: number, gap: number) => (length - gap * (count - 1)) / count;

/** How many cells of at least the least card's size fit the area, up to the page's maximum. */
export function wallCapacity(area: WallArea): number {
  const fit = (length: number, least: number) =>
    Math.max(1, Math.floor((length + area.gap) / (least + area.gap)));
  return Math.min(
    maxSitesPerPage,
    fit(area.width, wallCard.least.width) * fit(area.height, wallCard.least.height),
  );
}

/**
 * The grid for `count` sites in `area`: as few pages as the area's capacity allows, the sites
 * spread evenly over them (31 sites where 30 fit make pages of 16 and 15, not 30 and 1), and
 * the columns that give each card the most room for its shape.
 */
export function wallGrid(area: WallArea, count: number): WallGrid {
  const capacity = wallCapacity(area);
  const pages = Math.max(1, Math.ceil(count / capacity));
  const perPage = Math.max(1, Math.ceil(count / pages));
  let best = { columns: 1, rows: perPage, scale: -1, empty: 0, fits: false };
  for (let columns = 1; columns <= perPage; columns += 1) {
    const rows = Math.ceil(perPage / columns);
    // A whole row or column left empty is only a worse copy of another grid.
    if ((rows - 1) * columns >= perPage || rows * (columns - 1) >= perPage) continue;
    const width = cell(area.width, columns, area.gap);
    const height = cell(area.height, rows, area.gap);
    const scale = Math.min(width / wallCard.full.width, height / wallCard.full.height);
    // A cell below the least card's size in either direction clips the card, whatever its scale.
    const fits = width >= wallCard.least.width && height >= wallCard.least.height;
    const empty = columns * rows - perPage;
    const better =
      fits !== best.fits
        ? fits
        : scale > best.scale + 1e-9 || (Math.abs(scale - best.scale) <= 1e-9 && empty < best.empty);
    if (better) best = { columns, rows, scale, empty, fits };
  }
  const scale = Math.round(Math.min(maxScale, Math.max(0, best.scale)) * 1000) / 1000;
  return { columns: best.columns, rows: best.rows, perPage, pages, scale };
}

/** The sites a page shows: the board's order cut into pages, so the first page is the worst. */
export function wallPage<T>(sites: readonly T[], grid: WallGrid, page: number): T[] {
  const index = ((page % grid.pages) + grid.pages) % grid.pages;
  return sites.slice(index * grid.perPage, (index + 1) * grid.perPage);
}
