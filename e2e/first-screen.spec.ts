import { expect, test } from '@playwright/test';

/**
 * The world view's first screen: painted before the map's code is fetched, in the font
 * index.html preloads, without a content security policy violation.
 */
test('the first screen paints before the map is fetched, in its preloaded font, within the CSP', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    );
  });
  await page.goto('/');
  await expect(page.locator('.map[data-map-ready="true"]')).toHaveCount(1);
  const loaded = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const maplibre = resources.find((entry) => /\/assets\/maplibre-[\w-]+\.js$/.test(entry.name));
    // Inter's Latin subset, the first screen's font (the map's labels may bring other subsets).
    const font = resources.filter((entry) => entry.name.includes('/inter-latin-wght-normal-'));
    return {
      paint: paint?.startTime ?? Infinity,
      maplibre: maplibre?.startTime ?? -Infinity,
      font: font.map((entry) => entry.initiatorType),
      violations: (window as unknown as { __cspViolations: string[] }).__cspViolations,
    };
  });
  expect(loaded.maplibre).toBeGreaterThan(loaded.paint);
  // Fetched once, by the preload: a preload the stylesheet's request did not match would be
  // fetched a second time.
  expect(loaded.font).toEqual(['link']);
  expect(loaded.violations).toEqual([]);
});
