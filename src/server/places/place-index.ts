import type { City } from '../../simulator/geo/gazetteer';

/** Lower case, accents and punctuation folded away: "São Paulo" and "sao paulo" meet. */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface PlaceIndex {
  search(query: string, limit: number): City[];
}

/**
 * Name prefixes over the gazetteer, in sorted order so a prefix is one binary search away.
 * "springfield, il" narrows by state or country code after the comma; ties go to the more
 * populous place, which is the one people usually mean.
 */
export function buildPlaceIndex(cities: readonly City[]): PlaceIndex {
  const entries = cities
    .map((city) => ({
      key: foldName(city.name),
      countryKey: foldName(city.countryCode),
      stateKey: foldName(city.stateCode),
      city,
    }))
    .filter((entry) => entry.key.length > 0)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = entries.map((entry) => entry.key);

  const firstAtOrAfter = (prefix: string) => {
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((keys[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  return {
    search(query, limit) {
      const [namePart = '', ...qualifiers] = query.split(',');
      const prefix = foldName(namePart);
      if (!prefix) return [];
      const qualifier = foldName(qualifiers.join(' '));
      // Exact names first ("paris" before "parisot"), then by population; only the best
      // `limit` are kept while scanning, so a short prefix matching thousands stays cheap.
      const better = (a: (typeof entries)[number], b: (typeof entries)[number]) =>
        Number(b.key === prefix) - Number(a.key === prefix) ||
        b.city.population - a.city.population;
      const best: (typeof entries)[number][] = [];
      for (let index = firstAtOrAfter(prefix); index < entries.length; index++) {
        const entry = entries[index] as (typeof entries)[number];
        if (!entry.key.startsWith(prefix)) break;
        if (qualifier && entry.countryKey !== qualifier && entry.stateKey !== qualifier) continue;
        if (
          best.length === limit &&
          better(entry, best[limit - 1] as (typeof entries)[number]) >= 0
        )
          continue;
        best.push(entry);
        best.sort(better);
        if (best.length > limit) best.pop();
      }
      return best.map((entry) => entry.city);
    },
  };
}
