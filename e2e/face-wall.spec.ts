import { expect, type Page, test } from '@playwright/test';
import { mapDrawn } from './page-settled';
import { simulatorNow } from './playwright.config';
import { signInByApi, writeHeaders } from './sign-in';

/**
 * The wall (issue 27, items 4 and 5): every watched site in view on a kiosk's board without
 * scrolling, in landscape and portrait, paged worst first beyond what one screen holds; and a
 * kiosk read from across a room: no text under 18 px, the level large, the countdown and the
 * nearest strike large, the map close enough that the rule's outer ring is a real size.
 */

const now = Date.parse(simulatorNow);
/** Pocahontas, Arkansas: a storm in the simulated world at the pinned time. */
const storm = { lat: 36.5, lon: -91 };
const screens = [
  { name: '1080p', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;
/** The smallest text a kiosk shows, and the sizes of what it is read for (CSS px). */
const minText = 18;
const levelText = 64;
const countdownText = 40;

interface SiteRow {
  id: string;
  name: string;
  status: { level: string };
}

/** The sites this file adds, deleted again at its end so the other specs see the usual board. */
const added: string[] = [];

async function boardSites(page: Page): Promise<SiteRow[]> {
  const answer = await page.request.get('/api/sites');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { sites: SiteRow[] }).sites;
}

/**
 * Adds sites until the board has `total`: some by the storm (so they stop or caution), the rest
 * spread over the eastern United States, each on a point of its own.
 */
async function watchSites(page: Page, total: number) {
  const have = (await boardSites(page)).length;
  for (let index = have; index < total; index += 1) {
    const near = index % 3 === 0;
    const place = near
      ? { lat: storm.lat + (index % 5) * 0.03, lon: storm.lon - (index % 7) * 0.03 }
      : { lat: 30 + (index % 9) * 1.3, lon: -96 + Math.floor(index / 9) * 2.1 };
    const created = await page.request.post('/api/sites', {
      headers: writeHeaders,
      data: { name: `Wall site ${String(index + 1).padStart(2, '0')} yard`, ...place },
    });
    expect(created.status(), await created.text()).toBe(201);
    added.push(((await created.json()) as { site: { id: string } }).site.id);
  }
  expect(await boardSites(page)).toHaveLength(total);
}

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signInByApi(page);
  for (const id of added) await page.request.delete(`/api/sites/${id}`, { headers: writeHeaders });
  await context.close();
});

/** Every element with text of its own that is drawn on screen: its size and what it says. */
function visibleText(page: Page) {
  return page.evaluate(() => {
    const found: { text: string; size: number; testId: string | null; cls: string }[] = [];
    for (const element of document.querySelectorAll<HTMLElement | SVGElement>('body *')) {
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!own || !element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
        continue;
      const box = element.getBoundingClientRect();
      // Text for screen readers only is clipped to a pixel: nobody reads it off the wall.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.bottom <= 0 || box.right <= 0) continue;
      if (box.top >= window.innerHeight || box.left >= window.innerWidth) continue;
      found.push({
        text: own.slice(0, 60),
        size: Number.parseFloat(getComputedStyle(element).fontSize),
        testId: element.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
        cls: typeof element.className === 'string' ? element.className : '',
      });
    }
    return found;
  });
}

/** The font size (px) of the first element a selector finds, as the browser computed it. */
function fontSize(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
}

/** The smallest level, countdown and name on the wall's cards (px). */
async function cardSizes(page: Page) {
  const smallest = (selector: string) =>
    page
      .locator(`[data-testid="site-card"] ${selector}`)
      .evaluateAll((all) =>
        Math.min(...all.map((element) => Number.parseFloat(getComputedStyle(element).fontSize))),
      );
  expect(
    await page.locator('[data-testid="site-card"] [data-testid="all-clear"]').count(),
  ).toBeGreaterThan(0);
  return {
    level: await smallest('[data-testid="level-badge"]'),
    countdown: await smallest('[data-testid="all-clear"]'),
    name: await smallest('.site-card__name'),
  };
}

/** Every card on the board is wholly on screen, and neither the page nor the board scrolls. */
async function expectWholeBoardInView(page: Page) {
  const cards = page.getByTestId('site-card');
  for (const card of await cards.all()) await expect(card).toBeInViewport({ ratio: 1 });
  const overflow = await page.evaluate(() => {
    const board = document.querySelector('.workspace__board')!;
    return {
      page: document.documentElement.scrollHeight - window.innerHeight,
      board: board.scrollHeight - board.clientHeight,
    };
  });
  expect(overflow.page).toBeLessThanOrEqual(0);
  expect(overflow.board).toBeLessThanOrEqual(0);
}

/**
 * Every card above CLEAR says, in view, why and for how long: its countdown and its first reason,
 * or the words for what holds the level when there is no countdown. A wall never shows a bare
 * STOP.
 */
async function expectEveryLevelExplained(page: Page) {
  const cards = page.locator('[data-testid="site-card"]:not([data-level="clear"])');
  expect(await cards.count()).toBeGreaterThan(0);
  let held = 0;
  for (const card of await cards.all()) {
    const name = await card.locator('.site-card__name').innerText();
    const note = card.getByTestId('countdown-note');
    if ((await note.count()) > 0) {
      held += 1;
      await expect(note, `${name}: what holds the level`).toBeVisible();
      await expect(note).toHaveText(/^No countdown: (STOP|CAUTION|WATCH) held by /);
      await expect(note).toBeInViewport({ ratio: 1 });
      continue;
    }
    const countdown = card.getByTestId('all-clear');
    await expect(countdown, `${name}: its countdown`).toBeVisible();
    await expect(countdown).toBeInViewport({ ratio: 1 });
    const reason = card.getByTestId('site-finding').first();
    await expect(reason, `${name}: its first reason`).toBeVisible();
    await expect(reason).toBeInViewport({ ratio: 1 });
  }
  // The demo's Houston and Tampa sites are held by heat, with no countdown.
  expect(held).toBeGreaterThan(0);
}

for (const screen of screens) {
  test(`a 21-site wall shows every site at once on a ${screen.name} screen, in type read from across the room`, async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date(now));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await signInByApi(page);
    await watchSites(page, 21);
    await page.goto('/?view=board&kiosk=1');
    await expect(page.getByTestId('stream-indicator')).toHaveText('Live');
    const cards = page.getByTestId('site-card');
    await expect(cards).toHaveCount(21);
    // One screen holds them all: no page marker.
    await expect(page.getByTestId('wall-page')).toHaveCount(0);
    await mapDrawn(page);
    await expectWholeBoardInView(page);
    await expectEveryLevelExplained(page);

    // Nothing on the wall below 18 px; the level, the countdown and the name at least the
    // floors of the wall's type scale (board-panel.css: 36, 26 and 22 px).
    const texts = await visibleText(page);
    expect(texts.length).toBeGreaterThan(21 * 3);
    expect(texts.filter((text) => text.size < minText)).toEqual([]);
    const sizes = await cardSizes(page);
    console.log(`wall of 21, ${screen.name}: ${JSON.stringify(sizes)}`);
    expect(sizes.level).toBeGreaterThanOrEqual(36);
    expect(sizes.countdown).toBeGreaterThanOrEqual(26);
    expect(sizes.name).toBeGreaterThanOrEqual(22);
    await page.screenshot({ path: `test-results/screenshots/wall-21-${screen.name}.png` });
  });
}

test('a wall of a few sites shows them at full size: level 64 px, countdown 40 px', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date(now));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  // Only the storm's sites: the board filtered on the wall is the board of these few.
  await signInByApi(page);
  await watchSites(page, 21);
  const few = (await boardSites(page)).filter((site) => site.status.level === 'stop').slice(0, 6);
  expect(few.length).toBeGreaterThan(0);
  await page.route('**/api/sites', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { sites: SiteRow[] };
    const ids = new Set(few.map((site) => site.id));
    await route.fulfill({
      response: answer,
      json: { ...body, sites: body.sites.filter((site) => ids.has(site.id)) },
    });
  });
  await page.route('**/api/stream**', (route) => route.abort('connectionrefused'));
  await page.goto('/?view=board&kiosk=1');
  await expect(page.getByTestId('site-card')).toHaveCount(few.length);
  await expectWholeBoardInView(page);
  const sizes = await cardSizes(page);
  console.log(`wall of ${few.length}, 1080p: ${JSON.stringify(sizes)}`);
  expect(sizes.level).toBeGreaterThanOrEqual(levelText);
  expect(sizes.countdown).toBeGreaterThanOrEqual(countdownText);
  const texts = await visibleText(page);
  expect(texts.filter((text) => text.size < minText)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/wall-few-1080p.png' });
});

const levelRank = ['stop', 'no_data', 'caution', 'watch', 'clear'];

for (const screen of screens) {
  test(`a wall with more sites than a ${screen.name} screen holds pages through them, worst first, ten seconds a page`, async ({
    page,
  }) => {
    await page.clock.install({ time: new Date(now) });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await signInByApi(page);
    await watchSites(page, 40);
    await page.goto('/?view=board&kiosk=1');
    await expect(page.getByTestId('stream-indicator')).toHaveText('Live');
    const marker = page.getByTestId('wall-page');
    await expect(marker).toHaveText(/^Page \d of [2-9]$/);
    const pages = Number((await marker.textContent())!.replace(/^Page \d of /, ''));
    const cards = page.getByTestId('site-card');
    const shown = async () =>
      cards.evaluateAll((all) =>
        all.map((card) => ({
          id: card.getAttribute('data-site-id')!,
          level: card.getAttribute('data-level')!,
        })),
      );
    // Stop the page's clock (a little ahead: it runs while the test talks to the page), then
    // find a turn of the page to a tenth of a second.
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1_000));
    const turn = async () => {
      const before = await marker.textContent();
      for (let step = 0; step < 120 && (await marker.textContent()) === before; step++)
        await page.clock.runFor(100);
      expect(await marker.textContent()).not.toBe(before);
    };
    await turn();
    // Each page ten seconds, not a moment less; every page in turn, and round again.
    const byPage = new Map<number, { id: string; level: string }[]>();
    for (let turned = 0; turned < pages; turned += 1) {
      const number = Number(/^Page (\d+) of/.exec((await marker.textContent())!)![1]);
      const onPage = await shown();
      expect(onPage.length).toBeGreaterThan(10);
      expect(onPage.length).toBeLessThanOrEqual(30);
      byPage.set(number, onPage);
      await expectWholeBoardInView(page);
      const texts = await visibleText(page);
      expect(texts.filter((text) => text.size < minText)).toEqual([]);
      if (number <= 2)
        await page.screenshot({
          path: `test-results/screenshots/wall-40-${screen.name}-page${number}.png`,
        });
      await page.clock.runFor(9_800);
      await expect(marker).toHaveText(`Page ${number} of ${pages}`);
      await page.clock.runFor(300);
      await expect(marker).toHaveText(`Page ${(number % pages) + 1} of ${pages}`);
    }
    const seen = [...Array(pages).keys()].flatMap((index) => byPage.get(index + 1) ?? []);

    // Every site once, the worst levels first: no site on a later page is worse than one before.
    expect(new Set(seen.map((site) => site.id)).size).toBe(40);
    expect(seen).toHaveLength(40);
    const ranks = seen.map((site) => levelRank.indexOf(site.level));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(seen[0]!.level).toBe('stop');
  });
}

for (const screen of screens) {
  test(`a place's kiosk reads from 3 m on a ${screen.name} screen: large status, no small text, the rings a third of the map`, async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date(now));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto(`/?kiosk=1&lat=${storm.lat}&lon=${storm.lon}&layers=lightning&panel=daily`);
    // A portrait wall's 1,080 px have room to label every other day in 18 px type.
    await expect(page.locator('.daily-tick')).toHaveCount(screen.name === 'portrait' ? 8 : 16);
    await expect(page.getByTestId('safety-level')).toHaveText('STOP');
    await mapDrawn(page);

    expect(await fontSize(page, '[data-testid="safety-level"]')).toBeGreaterThanOrEqual(levelText);
    // "Nearest strike 5.2 km · all clear in 26:28": the distance and the countdown.
    await expect(page.getByTestId('safety-detail')).toContainText('Nearest strike');
    expect(await fontSize(page, '[data-testid="safety-detail"]')).toBeGreaterThanOrEqual(
      countdownText,
    );
    const texts = await visibleText(page);
    test.info().annotations.push({
      type: `kiosk-text-${screen.name}`,
      description: JSON.stringify(texts.filter((text) => text.size < minText).slice(0, 20)),
    });
    expect(texts.filter((text) => text.size < minText)).toEqual([]);

    // The rule's outer ring, as drawn, against the map's height.
    const ring = await page.evaluate(() => {
      const map = window.__skydeckMap!;
      const source = map.getSource('lightning-rule-rings') as unknown as {
        serialize(): {
          data: {
            features: { properties: { km: number }; geometry: { coordinates: number[][][] } }[];
          };
        };
      };
      const features = source.serialize().data.features;
      const outer = features.reduce((a, b) => (b.properties.km > a.properties.km ? b : a));
      const ys = outer.geometry.coordinates[0]!.map(([lon, lat]) => map.project([lon!, lat!]).y);
      return {
        span: Math.max(...ys) - Math.min(...ys),
        height: map.getCanvas().clientHeight,
        km: outer.properties.km,
      };
    });
    console.log(`kiosk ring ${screen.name}: ${JSON.stringify(ring)}`);
    expect(ring.span).toBeGreaterThanOrEqual(ring.height / 3);
    // The ring is framed, not cropped: it stays inside the map.
    expect(ring.span).toBeLessThanOrEqual(ring.height);
    await page.screenshot({ path: `test-results/screenshots/kiosk-3m-${screen.name}.png` });
  });
}
