import type { Page } from 'playwright-core';

/**
 * Waits on the page's own state rather than on the wall clock: how many fetches are still open
 * (counted from the moment `fetch` is called, body included, so a timer that has just fired
 * cannot slip past), and whether the map has finished drawing.
 */
declare global {
  interface Window {
    __skydeckOpenFetches?: number;
  }
}

/** Counts the page's open fetches; call before the first navigation. */
export async function countOpenFetches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    window.__skydeckOpenFetches = 0;
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      window.__skydeckOpenFetches = (window.__skydeckOpenFetches ?? 0) + 1;
      try {
        const response = await original(...args);
        await response
          .clone()
          .arrayBuffer()
          .catch(() => undefined);
        return response;
      } finally {
        window.__skydeckOpenFetches = (window.__skydeckOpenFetches ?? 1) - 1;
      }
    };
  });
}

/**
 * Resolves once every fetch the page has started is answered and the query cache has taken the
 * answers in. Polled from Node: the page's own timers may be the test's fake clock. (The cache
 * matters: a query restarts its refresh interval when its answer lands, so a clock moved on
 * between the fetch's end and that moment would skip a refresh: a CI run once counted 43 of an hour's 60.)
 */
export async function fetchesSettled(page: Page, timeoutMs = 30_000): Promise<void> {
  const open = () =>
    page.evaluate(
      () =>
        (window.__skydeckOpenFetches ?? 0) +
        // A query waiting to retry is fetching too, on a timer the fake clock may hold: only
        // first attempts count here (a retry's own request counts among the open fetches).
        (window.__skydeckQueries
          ?.getQueryCache()
          .findAll({ fetchStatus: 'fetching' })
          .filter((query) => query.state.fetchFailureCount === 0).length ?? 0),
    );
  await pollFromNode(async () => (await open()) === 0, timeoutMs, "the page's fetches to settle");
}

/** Asks `done` every 20 ms of real time until it says so, or fails naming `what` it waited for. */
async function pollFromNode(
  done: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Resolves once the page's map, if it shows one, has loaded (or its placeholder says it could
 * not), and the fetches then started are answered: the map's code is fetched only after the first
 * paint, so a page's other data can have arrived before the map exists. Polled from Node, as the
 * page's timers may be the test's fake clock.
 */
async function mapLoaded(page: Page, timeoutMs = 30_000): Promise<void> {
  const settled = () =>
    page.evaluate(() => {
      if (window.__skydeckMap) return true;
      const placeholder = document.querySelector('.map--placeholder');
      if (placeholder) return placeholder.textContent !== 'Loading map…';
      return document.querySelector('.map') === null;
    });
  await pollFromNode(settled, timeoutMs, 'the map to load');
  await fetchesSettled(page);
}

/**
 * Resolves once the page's data has arrived and the map has drawn it: a repaint is asked for
 * and its `idle` awaited, since `loaded()` can already be true while new source data is still
 * on its way to the map's worker.
 */
export async function mapDrawn(page: Page): Promise<void> {
  await mapLoaded(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__skydeckMap;
        if (!map) return resolve();
        map.once('idle', () => resolve());
        map.triggerRepaint();
      }),
  );
}

/**
 * Moves the page's fake clock on a second at a time, each second's fetches answered, until
 * `done` says so: for what the app waits out on its own timers, such as a retry's backoff,
 * which would otherwise cost the test that long in real time.
 */
export async function advanceUntil(
  page: Page,
  done: () => Promise<boolean>,
  limitMs = 120_000,
): Promise<void> {
  for (let moved = 0; !(await done()); moved += 1000) {
    if (moved >= limitMs)
      throw new Error(`still waiting after ${limitMs / 1000} s on the page's clock`);
    await page.clock.fastForward(1000);
    await fetchesSettled(page);
  }
}
