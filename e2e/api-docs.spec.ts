import { expect, test } from '@playwright/test';

/**
 * The published API (issue 29, item 5): /api/docs renders /api/openapi.json readably in a real
 * browser, offline and under its own Content-Security-Policy (the page asks nothing of the
 * network, so a blocked request would show up as a console error).
 */
test('the API page renders every route of the document, styled, with no request refused', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  const document = (await (await page.request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  await page.goto('/api/docs');
  await expect(page).toHaveTitle('Skydeck API');
  await expect(page.getByRole('heading', { level: 1, name: 'Skydeck API' })).toBeVisible();

  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => ({ method, path })),
  );
  await expect(page.locator('section.op')).toHaveCount(operations.length);
  for (const { method, path } of [
    { method: 'get', path: '/api/current' },
    { method: 'post', path: '/api/sites' },
    { method: 'post', path: '/api/events/{id}/ack' },
  ])
    await expect(
      page.getByRole('heading', { level: 3, name: `${method.toUpperCase()} ${path}`, exact: true }),
    ).toBeVisible();

  // Styled: the inline stylesheet applied (the CSP lets the page's own styles through).
  const badge = page.locator('.method.get').first();
  await expect(badge).toHaveCSS('color', 'rgb(255, 255, 255)');

  // Navigable: the group links lead to their sections.
  await page.getByRole('link', { name: 'sites', exact: true }).click();
  await expect(page).toHaveURL(/#tag-sites$/);

  await page.goto('/api/docs');
  await page.screenshot({ path: 'test-results/screenshots/api-docs.png' });
  await page
    .getByRole('heading', { level: 3, name: 'POST /api/sites', exact: true })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/api-docs-sites.png' });

  // Nested fields read as rows under their parent, and a shared shape is a link to its table.
  const sites = page.locator('#get-api-sites');
  await expect(sites.getByRole('rowheader', { name: 'spend.units_per_day' })).toBeVisible();
  await sites.getByRole('link', { name: 'Site', exact: true }).click();
  await expect(page).toHaveURL(/#schema-Site$/);
  const site = page.locator('#schema-Site');
  await expect(site.getByRole('rowheader', { name: 'status.level required' })).toBeVisible();
  await expect(
    site.getByRole('rowheader', { name: 'status.findings[].measure.distance_km required' }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/api-docs-site-schema.png' });
  await site
    .getByRole('rowheader', { name: 'status.findings[].measure required' })
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/api-docs-site-findings.png' });

  // A phone's width: no sideways scroll, a field's name, type and meaning stacked.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/api/docs#get-api-sites');
  expect(
    await page.evaluate(() => window.document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/api-docs-390.png' });
  await page.goto('/api/docs#schema-Site');
  await expect(page.locator('#schema-Site').getByRole('rowheader').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/api-docs-site-schema-390.png' });

  expect(refused).toEqual([]);
  expect(requests.every((url) => new URL(url).pathname.startsWith('/api/'))).toBe(true);
});
