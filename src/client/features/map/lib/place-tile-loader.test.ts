import { describe, expect, it } from 'vitest';
import type { PlaceRow, PlaceTileIndex } from '../../../../shared/geo/place-tiles';
import type { PlaceCollection } from './place-features';
import { PlaceTileLoader } from './place-tile-loader';

const index: PlaceTileIndex = {
  base: '/assets/places-test/',
  // Towns: 8° cells; 0-23-17 is 4°E–12°E, 46°N–54°N. Villages: 2° cells.
  tiers: { towns: ['0-23-17'], villages: ['0-92-70', '0-93-70'] },
};
const rows: Record<string, PlaceRow[]> = {
  '/assets/places-test/towns/0-23-17.json': [[8.68, 50.11, 'Frankfurt-ish town', 50_000]],
  '/assets/places-test/villages/0-92-70.json': [[4.5, 50.5, 'Village A', 900]],
  '/assets/places-test/villages/0-93-70.json': [[6.5, 50.5, 'Village B', 800]],
};

function setUp(failFirst = new Set<string>()) {
  const requested: string[] = [];
  const waiting: (() => void)[] = [];
  const published: PlaceCollection[] = [];
  const loader = new PlaceTileLoader(
    index,
    (url) => {
      requested.push(url);
      return new Promise((resolve, reject) =>
        waiting.push(() => {
          if (failFirst.delete(url)) reject(new Error('offline'));
          else resolve(rows[url] ?? []);
        }),
      );
    },
    (places) => published.push(places),
  );
  const answerAll = async () => {
    for (const answer of waiting.splice(0)) answer();
    // The loader's handlers were queued as each answer settled: this runs after them.
    await Promise.resolve();
  };
  const names = () => published.at(-1)?.features.map((feature) => feature.properties.name);
  return { loader, requested, published, answerAll, names };
}

const aroundBelgium = { west: 4.1, south: 50.1, east: 6.9, north: 50.9 };

describe('loading place cells by zoom', () => {
  it('fetches nothing below the first tier zoom', () => {
    const { loader, requested } = setUp();
    loader.show(aroundBelgium, 4);
    expect(requested).toEqual([]);
  });

  it('fetches the towns from their zoom and the villages from theirs, and shows them together', async () => {
    const { loader, requested, answerAll, names } = setUp();
    loader.show(aroundBelgium, 6);
    expect(requested).toEqual(['/assets/places-test/towns/0-23-17.json']);
    await answerAll();
    expect(names()).toEqual(['Frankfurt-ish town']);

    loader.show(aroundBelgium, 9);
    expect(requested).toHaveLength(3);
    await answerAll();
    expect(names()).toEqual(['Frankfurt-ish town', 'Village A', 'Village B']);
  });

  it('keeps what it fetched: zooming out and back in asks for nothing again', async () => {
    const { loader, requested, answerAll, names } = setUp();
    loader.show(aroundBelgium, 9);
    await answerAll();
    loader.show(aroundBelgium, 6);
    expect(names()).toEqual(['Frankfurt-ish town']);
    loader.show(aroundBelgium, 9);
    expect(requested).toHaveLength(3);
    expect(names()).toHaveLength(3);
  });

  it('asks again for a cell that failed, on the next move', async () => {
    const { loader, requested, answerAll, names } = setUp(
      new Set(['/assets/places-test/towns/0-23-17.json']),
    );
    loader.show(aroundBelgium, 6);
    await answerAll();
    expect(names()).toBeUndefined();
    loader.show(aroundBelgium, 6);
    expect(requested).toHaveLength(2);
    await answerAll();
    expect(names()).toEqual(['Frankfurt-ish town']);
  });

  it('publishes only when what the view shows changes, and nothing after it is disposed', async () => {
    const { loader, published, answerAll } = setUp();
    loader.show(aroundBelgium, 6);
    await answerAll();
    loader.show({ ...aroundBelgium, west: 4.2 }, 6.5);
    expect(published).toHaveLength(1);
    loader.show(aroundBelgium, 9);
    loader.dispose();
    await answerAll();
    expect(published).toHaveLength(1);
  });
});
