import { expect, test } from '@playwright/test';

/**
 * Issue 27 item 10: a place is found by the name its own people use, typed into the search box,
 * and listed by the gazetteer's name with the name that matched beside it.
 */
const nativeNames = [
  { typed: 'München', label: 'Munich, Bavaria, Germany', shot: 'munchen' },
  { typed: 'Wien', label: 'Vienna, Austria', shot: 'wien' },
  { typed: 'Praha', label: 'Prague, Czechia', shot: 'praha' },
  { typed: '東京', label: 'Tokyo, Japan', shot: 'tokyo' },
  { typed: 'Москва', label: 'Moscow, Russia', shot: 'moskva' },
  { typed: 'القاهرة', label: 'Cairo, Egypt', shot: 'cairo' },
  { typed: 'Cologne', label: 'Köln, North Rhine-Westphalia, Germany', shot: 'cologne' },
];

for (const { typed, label, shot } of nativeNames) {
  test(`"${typed}" typed in the search box suggests ${label} first`, async ({ page }) => {
    await page.goto('/?lat=40.71&lon=-74.01&z=5');
    await expect(page.getByTestId('place-name')).toHaveText(
      'New York City, New York, United States',
    );
    const search = page.getByRole('combobox', { name: 'Find a place' });
    await search.fill(typed);
    const first = page.getByRole('option').first();
    await expect(first).toContainText(label);
    // The name that matched is shown beside the gazetteer's, isolated for right-to-left scripts.
    await expect(first.locator('bdi')).toHaveText(typed);
    await page.screenshot({ path: `test-results/screenshots/face-search-${shot}.png` });

    if (shot === 'cologne' || shot === 'cairo') {
      await search.press('Enter');
      await expect(page.getByTestId('place-name')).toHaveText(label);
    }
  });
}

test('a typo in a native name still finds the place', async ({ page }) => {
  await page.goto('/?lat=40.71&lon=-74.01&z=5');
  const search = page.getByRole('combobox', { name: 'Find a place' });
  await search.fill('Мосвка');
  await expect(page.getByRole('option').first()).toContainText('Moscow, Russia');
  await search.fill('Munhcen');
  await expect(page.getByRole('option').first()).toContainText('Munich, Bavaria, Germany');
});
