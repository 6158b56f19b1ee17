import { expect, type Locator, type Page, test } from '@playwright/test';
import { simulatorNow } from './playwright.config';

/**
 * The outlook on the watch board (issue 32 §1): each demo site's card shows its forecast days
 * as a strip of weekdays and marks (not colour alone), from the site's own today; a day's
 * reasons come on hover and on keyboard focus, one Tab stop per strip with the arrows between
 * its days; every site's outlook is also a table; a loading or failed outlook says so in words;
 * and the strip fits a phone, a desktop, a portrait wall and a 4K wall. Adds no site.
 */

interface BoardRow {
  id: string;
  name: string;
  timezone: string | null;
}

interface OutlookAnswer {
  days: { date: string; verdict: string; reasons: string[]; unjudged: string[] }[];
}

const now = Date.parse(simulatorNow);

async function boardSites(page: Page): Promise<BoardRow[]> {
  const answer = await page.request.get('/api/sites');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { sites: BoardRow[] }).sites;
}

async function outlookOf(page: Page, id: string): Promise<OutlookAnswer> {
  const answer = await page.request.get(`/api/sites/${encodeURIComponent(id)}/outlook`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as OutlookAnswer;
}

/** The site's calendar date at the pinned time, YYYY-MM-DD. */
function todayIn(timeZone: string | null): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC' }).format(now);
}

const cardOf = (page: Page, id: string) =>
  page.locator(`[data-testid="site-card"][data-site-id="${id}"]`);
const daysOf = (card: Locator) => card.getByTestId('board-outlook').getByRole('listitem');

/** Nothing on the page is wider than the window: no sideways scrolling anywhere. */
async function expectNoSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const wider = [...document.querySelectorAll<HTMLElement>('.workspace__board, body')].map(
      (element) => element.scrollWidth - element.clientWidth,
    );
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, ...wider);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const screen of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`every demo site's card shows its outlook from its own today, with reasons on hover and keyboard focus (${screen.name})`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const sites = await boardSites(page);
    expect(sites.length).toBeGreaterThanOrEqual(5);
    await page.goto('/?v=3&view=board');
    await expect(page.getByTestId('site-card')).toHaveCount(sites.length);

    let withReasons: { site: BoardRow; index: number; reason: string } | undefined;
    for (const site of sites) {
      const days = daysOf(cardOf(page, site.id));
      const answer = await outlookOf(page, site.id);
      const shown = answer.days.filter((day) => day.date >= todayIn(site.timezone));
      await expect(days, site.name).toHaveCount(shown.length);
      expect(shown.length).toBeGreaterThanOrEqual(15);
      // Today first; a weekday and a mark in every day, so no verdict is colour alone.
      await expect(days.first()).toHaveAttribute('data-date', todayIn(site.timezone));
      for (const [index, day] of shown.entries()) {
        const cell = days.nth(index);
        await expect(cell).toHaveAttribute('data-verdict', day.verdict);
        await expect(cell.locator('.outlook__weekday')).toHaveText(
          /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)$/,
        );
        // Past the air-quality forecast, a "*" that the card's line below explains.
        await expect(cell.locator('.outlook__mark')).toHaveText(
          { go: '✓', marginal: '!', no_go: '✕' }[day.verdict]! +
            (day.unjudged.length > 0 ? '*' : ''),
        );
        if (!withReasons && day.reasons.length > 0)
          withReasons = { site, index, reason: day.reasons[0]! };
      }
      await expect(cardOf(page, site.id).getByTestId('board-outlook-horizon')).toHaveCount(
        shown.some((day) => day.unjudged.length > 0) ? 1 : 0,
      );
      // One Tab stop per strip.
      await expect(days.and(page.locator('[tabindex="0"]'))).toHaveCount(1);
    }
    expect(withReasons, 'a demo site with a marginal or no-go day').toBeDefined();
    const { site, index, reason } = withReasons!;
    const card = cardOf(page, site.id);
    const days = daysOf(card);
    const day = days.nth(index);
    const tip = day.getByRole('tooltip');

    // A pointer: the reasons while the day is pointed at.
    await card.scrollIntoViewIfNeeded();
    await expect(tip).toBeHidden();
    await day.hover();
    await expect(tip).toBeVisible();
    await expect(tip).toContainText(reason);
    await expect(tip).toBeInViewport();
    await page.screenshot({
      path: `test-results/screenshots/board-outlook-hover-${screen.name}.png`,
    });
    await page.mouse.move(0, 0);
    await expect(tip).toBeHidden();

    // A keyboard: Tab from the site's name reaches the strip's first day, the arrows the rest.
    await card.locator('.site-card__name a').focus();
    for (let presses = 0; presses < 10; presses += 1) {
      if (await days.first().evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(days.first()).toBeFocused();
    await expect(days.first().getByRole('tooltip')).toBeVisible();
    for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowRight');
    await expect(day).toBeFocused();
    await expect(tip).toBeVisible();
    await expect(tip).toContainText(reason);
    await page.screenshot({
      path: `test-results/screenshots/board-outlook-focus-${screen.name}.png`,
    });
    await page.keyboard.press('End');
    await expect(days.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(days.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(days.first().getByRole('tooltip')).toBeHidden();
    // The strip is one stop: Tab from any of its days leaves it.
    await days.nth(2).focus();
    await page.keyboard.press('Tab');
    await expect(days.nth(3)).not.toBeFocused();
    expect(await days.evaluateAll((all) => all.some((day) => day === document.activeElement))).toBe(
      false,
    );

    await expectNoSidewaysOverflow(page);
    await page.mouse.move(0, 0);
    await page.getByTestId('board').scrollIntoViewIfNeeded();
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      document.querySelector('.workspace__board')?.scrollTo(0, 0);
    });
    await page.screenshot({ path: `test-results/screenshots/board-outlook-${screen.name}.png` });
  });
}

test('the board gives every site’s outlook as a table: day, verdict in words and reasons', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const sites = await boardSites(page);
  await page.goto('/?v=3&view=board');
  const key = page.getByTestId('board-outlook-key');
  await expect(key).toContainText('✓ go');
  await expect(key).toContainText('✕ no go');
  await key.getByText('Outlook as a table').click();
  const tables = page.getByTestId('board-outlook-tables');
  for (const site of sites) {
    const section = tables.locator(`[data-site-id="${site.id}"]`);
    await expect(section.getByRole('heading', { name: site.name })).toBeVisible();
    const table = section.getByRole('table', { name: `${site.name}: outlook by day` });
    const answer = await outlookOf(page, site.id);
    const shown = answer.days.filter((day) => day.date >= todayIn(site.timezone));
    await expect(table.getByRole('row')).toHaveCount(shown.length + 1);
    const worst = shown.find((day) => day.reasons.length > 0);
    if (worst) {
      const row = table.locator('tbody tr').nth(shown.indexOf(worst));
      await expect(row).toContainText({ marginal: 'Marginal', no_go: 'No go' }[worst.verdict]!);
      await expect(row).toContainText(worst.reasons[0]!);
    }
  }
  await tables.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/board-outlook-table.png' });
});

test('a loading or failed outlook says so in words on its card, never an empty strip', async ({
  page,
}) => {
  const sites = await boardSites(page);
  const [slow, failing] = sites;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/sites/*/outlook', async (route) => {
    const url = route.request().url();
    if (url.includes(`/sites/${encodeURIComponent(failing!.id)}/outlook`))
      return route.fulfill({
        status: 429,
        json: { error: 'The daily budget of provider requests is spent' },
      });
    if (url.includes(`/sites/${encodeURIComponent(slow!.id)}/outlook`)) await held;
    return route.fallback();
  });
  await page.goto('/?v=3&view=board');
  const slowStrip = cardOf(page, slow!.id).getByTestId('board-outlook');
  await expect(slowStrip).toHaveText('Outlook loading…');
  const failed = cardOf(page, failing!.id).getByTestId('board-outlook');
  await expect(failed).toContainText('Outlook unavailable:', { timeout: 30_000 });
  await expect(failed).toContainText('budget');
  await expect(failed.getByRole('listitem')).toHaveCount(0);
  await failed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/board-outlook-failed.png' });
  release();
  await expect(slowStrip.getByRole('listitem').first()).toBeVisible();
});

for (const screen of [
  { name: 'portrait-wall', width: 1080, height: 1920 },
  { name: '4k-wall', width: 3840, height: 2160 },
]) {
  test(`a ${screen.name} shows each card's outlook within its cell, in wall-sized type`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const sites = await boardSites(page);
    await page.goto('/?view=board&kiosk=1');
    await expect(page.getByTestId('site-card')).toHaveCount(sites.length);
    let shown = 0;
    for (const site of sites) {
      const card = cardOf(page, site.id);
      const outlook = card.getByTestId('board-outlook');
      await expect(outlook.locator('li').first()).toBeAttached();
      // Shown whole inside its card, or (no room) hidden whole: never cut or spilling over.
      if (await outlook.evaluate((element) => element.hasAttribute('data-wall-hidden'))) continue;
      shown += 1;
      await expect(outlook.locator('li')).toHaveCount(16);
      const [box, cell] = [await outlook.boundingBox(), await card.boundingBox()];
      expect(box!.x).toBeGreaterThanOrEqual(cell!.x);
      expect(box!.x + box!.width).toBeLessThanOrEqual(cell!.x + cell!.width + 0.5);
      expect(box!.y + box!.height).toBeLessThanOrEqual(cell!.y + cell!.height + 0.5);
      const sizes = await outlook
        .locator('.outlook__weekday, .outlook__mark')
        .evaluateAll((all) => all.map((element) => parseFloat(getComputedStyle(element).fontSize)));
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(18);
    }
    // A 4K wall of the demo's five has room for the strip on the cards with the fewest reasons.
    if (screen.width > 3000) expect(shown).toBeGreaterThan(0);
    console.log(`${screen.name}: the outlook shown on ${shown} of ${sites.length} cards`);
    await expectNoSidewaysOverflow(page);
    await page.screenshot({ path: `test-results/screenshots/board-outlook-${screen.name}.png` });
  });
}
