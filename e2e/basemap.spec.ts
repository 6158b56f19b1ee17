import { expect, type Page, test } from '@playwright/test';
import { countOpenFetches, fetchesSettled, mapDrawn } from './page-settled';
import { pmtilesURL } from './playwright.config';

/**
 * The offline basemap: no stray bands where land crosses the antimeridian, towns at site zoom,
 * the selected place named on the map, and labels that neither collide nor get cut at the edge.
 */

async function mapReady(page: Page): Promise<void> {
  await expect(page.locator('.map[data-map-ready="true"]')).toHaveCount(1);
  await mapDrawn(page);
}

interface RenderedLabel {
  layer: string;
  name: string;
  x: number;
  y: number;
}

async function renderedLabels(page: Page, layers: string[]): Promise<RenderedLabel[]> {
  return page.evaluate((ids) => {
    const map = window.__skydeckMap!;
    const present = ids.filter((id) => map.getLayer(id));
    const seen = new Set<string>();
    const labels: RenderedLabel[] = [];
    for (const feature of map.queryRenderedFeatures({ layers: present })) {
      if (feature.geometry.type !== 'Point') continue;
      const name = String(feature.properties.name ?? '');
      const key = `${feature.layer.id}|${name}`;
      if (seen.has(key)) continue;
      // A label hidden at the screen edge is drawn transparent: not shown.
      if (feature.state.atEdge === true) continue;
      seen.add(key);
      const point = map.project(feature.geometry.coordinates as [number, number]);
      labels.push({ layer: feature.layer.id, name, x: point.x, y: point.y });
    }
    return labels;
  }, layers);
}

test('the world map has no land bands across the ocean and no colliding city labels', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await countOpenFetches(page);
  await page.goto('/');
  await mapReady(page);
  // The North Atlantic between Iceland and Norway, and the Chukchi Sea, are open sea.
  const landAt = await page.evaluate(() => {
    const map = window.__skydeckMap!;
    const at = (lon: number, lat: number) =>
      map.queryRenderedFeatures(map.project([lon, lat]), { layers: ['land'] }).length > 0;
    return { norwegianSea: at(-5, 68), northAtlantic: at(-30, 55), chukchi: at(-170, 70) };
  });
  expect(landAt).toEqual({ norwegianSea: false, northAtlantic: false, chukchi: false });

  // City labels come after the first paint.
  await expect
    .poll(async () => (await renderedLabels(page, ['place-labels'])).length)
    .toBeGreaterThan(10);
  await mapDrawn(page);
  const labels = await renderedLabels(page, ['place-labels', 'town-labels']);
  const width = page.viewportSize()!.width;
  for (const label of labels) {
    expect(label.x, `${label.name} inside the map`).toBeGreaterThanOrEqual(0);
    expect(label.x, `${label.name} inside the map`).toBeLessThanOrEqual(width);
  }
  // Anchors of two shown labels never sit on top of each other.
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i]!;
      const b = labels[j]!;
      expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.name} and ${b.name} are apart`).toBeGreaterThan(
        12,
      );
    }
  await page.screenshot({ path: 'test-results/screenshots/basemap-world.png' });

  // Zoomed in, Natural Earth's 1:50m land takes over from the world view's 1:110m.
  await page.evaluate(() => window.__skydeckMap!.jumpTo({ center: [10, 50], zoom: 5 }));
  await expect
    .poll(() =>
      page.evaluate(() => {
        const map = window.__skydeckMap!;
        const drawn = (id: string) => map.queryRenderedFeatures({ layers: [id] }).length > 0;
        return { coarse: drawn('land'), detailed: drawn('land-detail') };
      }),
    )
    .toEqual({ coarse: false, detailed: true });
  // The world view's map holds only the cities it labels; zoomed in, the smaller ones come too.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          window
            .__skydeckMap!.queryRenderedFeatures({ layers: ['place-labels'] })
            .filter((label) => Number(label.properties.population) < 1_000_000).length,
      ),
    )
    .toBeGreaterThan(5);
  await mapDrawn(page);
  await page.screenshot({ path: 'test-results/screenshots/basemap-europe.png' });
});

test('at site zoom towns are labelled, and the selected place is named on the map', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await countOpenFetches(page);
  await page.goto('/?lat=35.78&lon=-78.64&z=9');
  await mapReady(page);
  await expect
    .poll(async () => (await renderedLabels(page, ['town-labels'])).length)
    .toBeGreaterThan(5);
  await expect
    .poll(async () => (await renderedLabels(page, ['selection-label'])).map((l) => l.name))
    .toEqual(['Raleigh']);
  await page.screenshot({ path: 'test-results/screenshots/basemap-site.png' });
});

test('with BASEMAP_PMTILES the map draws the detailed basemap from the BFF by range requests', async ({
  page,
}) => {
  const ranges: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/basemap/region.pmtiles')
      ranges.push(response.status());
  });
  await page.setViewportSize({ width: 1600, height: 900 });
  await countOpenFetches(page);
  await page.goto(`${pmtilesURL}/?lat=36.5&lon=-91&z=6`);
  await expect(page.locator('.map[data-basemap="pmtiles"]')).toHaveCount(1);
  await mapReady(page);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const map = window.__skydeckMap!;
        const layers = (ids: string[]) => ids.filter((id) => map.getLayer(id));
        const names = (ids: string[]) =>
          map
            .queryRenderedFeatures({ layers: layers(ids) })
            .map((feature) => String(feature.properties.name ?? feature.layer.id));
        return {
          water: names(['water']).length > 0,
          earth: names(['earth']).length > 0,
          town: names(['places_locality']).includes('Testville'),
        };
      }),
    )
    .toEqual({ water: true, earth: true, town: true });
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges.every((status) => status === 206)).toBe(true);
  await page.screenshot({ path: 'test-results/screenshots/basemap-pmtiles.png' });
});

test('the scale bar reads in the distance unit of the units setting', async ({ page }) => {
  await page.goto('/?lat=35.78&lon=-78.64&units=I');
  await mapReady(page);
  const scale = page.locator('.maplibregl-ctrl-scale');
  // Imperial: miles, or feet for a short bar (MapLibre writes a no-break space before the unit).
  await expect(scale).toHaveText(/^\d+\s(mi|ft)$/);
  await page.getByLabel('Units').selectOption('M');
  await expect(scale).toHaveText(/^\d+\s(km|m)$/);
});

test('the world view on a desk leaves the 1:50m land until the map is zoomed in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await countOpenFetches(page);
  const detailed: string[] = [];
  page.on('request', (request) => {
    if (/\/basemap-land-50m-[\w-]+\.json$/.test(request.url())) detailed.push(request.url());
  });
  await page.goto('/');
  await mapReady(page);
  // The page's idle moments come and go (what waited for one has run: idle callbacks run in
  // the order asked), and what they started is answered.
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 10_000 })),
  );
  await fetchesSettled(page);
  expect(detailed).toEqual([]);

  await page.evaluate(() => window.__skydeckMap!.jumpTo({ zoom: 3.5 }));
  await expect.poll(() => detailed.length).toBeGreaterThan(0);
});
