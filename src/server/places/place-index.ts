import { countryName } from '../../shared/geo/place-label';
import type { City } from '../../shared/geo/gazetteer';
import type { AlternateNames, PlaceNames } from './place-names';

/**
 * Lower case, accents and punctuation folded away: "São Paulo" and "sao paulo" meet, and so do
 * "القاهرة" with and without its vowel marks. Letters of every script stay ("東京", "Москва").
 */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A qualifier as typed or as stored: "D.C.", "d c" and "DC" meet. */
const qualifierKey = (text: string) => foldName(text).replace(/ /g, '');

export interface PlaceIndex {
  search(query: string, limit: number): City[];
  /** As `search`, saying which of a place's other names was matched, if one was. */
  find(query: string, limit: number): Found[];
}

export interface Found {
  city: City;
  /** The other name the query matched ("München" for Munich); absent when the main name did. */
  alternateName?: string;
}

/** One name of a place, while the index is built. */
interface Entry {
  key: string;
  /** Where the place is in `cities`. */
  city: number;
  /** The other name `key` folds, when it is not the gazetteer's own. */
  alternateName: string | undefined;
  /** log10 of the population, less the price of another name. */
  rank: number;
}

interface Match {
  /** Where the name is in the index. */
  at: number;
  exact: boolean;
  /** log10 of the population, less a penalty for each typo. */
  rank: number;
}

/**
 * Edits a typed name may be off by: none for two or three letters (nearly every short word is
 * one edit from some place), one up to seven, two beyond ("washington dc").
 */
export function typoAllowance(length: number): number {
  return length <= 3 ? 0 : length < 8 ? 1 : 2;
}

/**
 * One typo costs as much as 30 times the population: "malak" lists Malakoff (30,000 people)
 * before Malabo (300,000), yet "pairs" lists Paris before any small "Pairs…" that might exist.
 */
const typoPenalty = 1.5;

/**
 * A match on another name costs what a typo does: "Cologne" is Köln (a million people) before
 * Cologne in Lombardy (7,000), yet "victoria" stays Victoria in Canada (290,000) rather than Hong
 * Kong (7 million), one of whose old names it is.
 */
const alternateNamePenalty = typoPenalty;

/**
 * Name prefixes over the gazetteer, in sorted order so a prefix is one binary search away.
 * "springfield, il" narrows by state or country, by code or by name, after the comma ("il" with
 * no comma does too). Names a typo or two away from what was typed count, for a price; ties go
 * to the more populous place, which is the one people usually mean.
 */
export function buildPlaceIndex(
  cities: readonly City[],
  names?: PlaceNames,
  alternateNames?: AlternateNames,
): PlaceIndex {
  const qualifierSets = new Map<string, readonly string[]>();
  const qualifiersOf = (city: City) => {
    const id = `${city.countryCode}.${city.stateCode}`;
    let set = qualifierSets.get(id);
    if (!set) {
      set = [
        city.stateCode,
        city.countryCode,
        names?.regionName(city.countryCode, city.stateCode) ?? '',
        countryName(city.countryCode),
      ]
        .map(qualifierKey)
        .filter(Boolean);
      qualifierSets.set(id, set);
    }
    return set;
  };
  /** The state code, country code, region name and country name each place may be narrowed by. */
  const qualifiers = cities.map(qualifiersOf);
  const entries: Entry[] = cities
    .flatMap((city, at): Entry[] => {
      const rank = Math.log10(city.population + 10);
      return [
        { key: foldName(city.name), city: at, alternateName: undefined, rank },
        ...(alternateNames?.(city.id) ?? []).map((alternateName) => ({
          key: foldName(alternateName),
          city: at,
          alternateName,
          rank: rank - alternateNamePenalty,
        })),
      ];
    })
    .filter((entry) => entry.key.length > 0)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Kept as columns rather than an object a name: a third less memory with 290,000 names.
  const keys = entries.map((entry) => entry.key);
  const cityAt = Int32Array.from(entries, (entry) => entry.city);
  const rankAt = Float64Array.from(entries, (entry) => entry.rank);
  const alternateNameAt = entries.map((entry) => entry.alternateName);
  entries.length = 0;
  const knownQualifiers = new Set([...qualifierSets.values()].flat());

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

  /** Entries whose key starts with `prefix`, as an index range. */
  const rangeOf = (prefix: string): [number, number] => [
    firstAtOrAfter(prefix),
    // The first key past every key that starts with `prefix`.
    firstAtOrAfter(prefix + '\uffff'),
  ];

  /**
   * `floor`: the rank a match that is not exact must beat to be kept, so the typo walk measures
   * only names whose places are big enough to matter.
   */
  const matchesIn = (
    prefix: string,
    qualifier: string,
    found: (match: Match) => void,
    floor: () => number,
  ) => {
    const narrowed = (at: number) =>
      !qualifier || (qualifiers[cityAt[at] as number] as readonly string[]).includes(qualifier);
    const allowance = typoAllowance(prefix.length);
    const [exactStart, exactEnd] = rangeOf(prefix);
    for (let at = exactStart; at < exactEnd; at++)
      if (narrowed(at)) found({ at, exact: keys[at] === prefix, rank: rankAt[at] as number });
    if (allowance === 0) return;
    // A typo is rarely in the first letter, so only names sharing it, or starting with the first
    // two letters swapped, are walked.
    const first = prefix.slice(0, 1);
    const swapped = (prefix[1] ?? '') + first;
    const ranges = [rangeOf(first)];
    if (swapped !== prefix.slice(0, 2)) ranges.push(rangeOf(swapped));
    const distance = new PrefixDistance(prefix, allowance);
    for (const [start, end] of ranges) {
      let index = start;
      while (index < end) {
        // The exact matches are in already.
        if (index === exactStart && exactEnd > exactStart) {
          index = exactEnd;
          continue;
        }
        const rank = rankAt[index] as number;
        // Even one typo would leave it out. Not measuring it leaves nothing skipped past it.
        if (rank - typoPenalty <= floor()) {
          index++;
          continue;
        }
        const key = keys[index] as string;
        const measured = distance.to(key);
        if (measured > allowance) {
          // No name starting the way this one does can come within the allowance: skip them all.
          const past = key.slice(0, distance.hopeless);
          index = past ? Math.max(index + 1, firstAtOrAfter(past + '\uffff')) : index + 1;
          continue;
        }
        if (narrowed(index))
          found({ at: index, exact: false, rank: rank - typoPenalty * measured });
        index++;
      }
    }
  };

  const find = (query: string, limit: number): Found[] => {
    const [namePart = '', ...qualifierParts] = query.split(',');
    const readings: [string, string][] = [
      [foldName(namePart), qualifierKey(qualifierParts.join(''))],
    ];
    // "washington dc", "paris tx": a last word that names a state or country may be narrowing.
    const words = readings[0]?.[0].split(' ') ?? [];
    const lastWord = words.at(-1) ?? '';
    if (qualifierParts.length === 0 && words.length > 1 && knownQualifiers.has(lastWord))
      readings.push([words.slice(0, -1).join(' '), lastWord]);

    // Exact names first ("paris" before "parisot"), then by rank; only the best `limit` are
    // kept while scanning, so a short prefix matching thousands stays cheap.
    const better = (a: Match, b: Match) => Number(b.exact) - Number(a.exact) || b.rank - a.rank;
    const best: Match[] = [];
    const found = (match: Match) => {
      const last = best[limit - 1];
      if (best.length === limit && last && better(match, last) >= 0) return;
      // A place matched by several of its names is listed once, by its best.
      const same = best.findIndex((kept) => cityAt[kept.at] === cityAt[match.at]);
      if (same >= 0) {
        if (better(match, best[same] as Match) >= 0) return;
        best.splice(same, 1);
      }
      best.push(match);
      best.sort(better);
      if (best.length > limit) best.pop();
    };
    const floor = () => {
      const last = best[limit - 1];
      return !last ? -Infinity : last.exact ? Infinity : last.rank;
    };
    for (const [prefix, qualifier] of readings)
      if (prefix) matchesIn(prefix, qualifier, found, floor);
    return best.map(({ at }) => {
      const city = cities[cityAt[at] as number] as City;
      const alternateName = alternateNameAt[at];
      return alternateName === undefined ? { city } : { city, alternateName };
    });
  };
  return { find, search: (query, limit) => find(query, limit).map((found) => found.city) };
}

/**
 * The fewest edits (a letter added, dropped or changed, or two neighbours swapped) that turn the
 * typed text into the start of a name: "new yrok" is one from "new york city". Names come in
 * sorted order, so one row per letter of the name is kept and a name is re-measured only from
 * where it parts from the one before; only the cells within `allowance` of the diagonal are
 * computed; and once a row is wholly over the allowance, every name starting with those letters
 * is, so the caller skips past them all.
 */
export class PrefixDistance {
  /** rows[depth][i]: edits between the name's first `depth` letters and the typed first `i`. */
  private readonly rows: Int32Array[];
  /** The best distance from the typed text to any start of the name up to each depth. */
  private readonly bestUpTo: Int32Array;
  private name = '';
  /** How many rows are valid for `name`. */
  private depth = 0;
  /**
   * After a name over the allowance: how many of its leading letters put every name starting
   * with them out of reach too (0: only this name is known to be).
   */
  hopeless = 0;

  constructor(
    private readonly typed: string,
    private readonly allowance: number,
  ) {
    // Past typed.length + allowance letters, a longer start of a name only adds edits.
    const maxDepth = typed.length + allowance;
    // One spare cell each side of the band, so its edges read "over" rather than stale numbers.
    this.rows = Array.from({ length: maxDepth + 1 }, () => new Int32Array(typed.length + 2));
    this.bestUpTo = new Int32Array(maxDepth + 1);
    const top = this.rows[0] as Int32Array;
    top.fill(allowance + 1);
    for (let i = 0; i <= Math.min(typed.length, allowance); i++) top[i] = i;
    this.bestUpTo[0] = typed.length;
  }

  /** The distance, or allowance + 1 for any distance over the allowance. */
  to(name: string): number {
    const { typed, allowance, rows, bestUpTo } = this;
    const over = allowance + 1;
    const length = typed.length;
    const wanted = Math.min(name.length, rows.length - 1);
    let shared = 0;
    const limit = Math.min(this.depth, wanted);
    while (shared < limit && this.name.charCodeAt(shared) === name.charCodeAt(shared)) shared++;
    this.name = name;
    this.depth = shared;
    this.hopeless = 0;
    for (let depth = shared + 1; depth <= wanted; depth++) {
      const row = rows[depth] as Int32Array;
      const above = rows[depth - 1] as Int32Array;
      const twoAbove = rows[Math.max(0, depth - 2)] as Int32Array;
      const letter = name.charCodeAt(depth - 1);
      const letterBefore = depth > 1 ? name.charCodeAt(depth - 2) : -1;
      const low = Math.max(0, depth - allowance);
      const high = Math.min(length, depth + allowance);
      // Just outside the band: the row above ends one cell short of this one's end.
      above[high] = high > depth - 1 + allowance ? over : (above[high] as number);
      if (low > 0) row[low - 1] = over;
      let rowBest = over;
      for (let i = low; i <= high; i++) {
        let cell: number;
        if (i === 0) cell = depth;
        else {
          const typedLetter = typed.charCodeAt(i - 1);
          cell = Math.min(
            (above[i - 1] as number) + (letter === typedLetter ? 0 : 1),
            (above[i] as number) + 1,
            (row[i - 1] as number) + 1,
          );
          if (
            i > 1 &&
            letterBefore === typedLetter &&
            letter === typed.charCodeAt(i - 2) &&
            (twoAbove[i - 2] as number) + 1 < cell
          )
            cell = (twoAbove[i - 2] as number) + 1;
          if (cell > over) cell = over;
        }
        row[i] = cell;
        if (cell < rowBest) rowBest = cell;
      }
      // Cells past the band are over the allowance anyway.
      if (high < length) row[high + 1] = over;
      this.depth = depth;
      const last = high === length ? (row[length] as number) : over;
      bestUpTo[depth] = Math.min(bestUpTo[depth - 1] as number, last);
      // Every later row's cells are at least this row's least, so no longer start of the name can
      // do better: a name starting with these letters is either settled already or out of reach.
      if (rowBest > allowance) {
        if ((bestUpTo[depth] as number) > allowance) this.hopeless = depth;
        return Math.min(bestUpTo[depth] as number, over);
      }
    }
    const best = Math.min(bestUpTo[this.depth] as number, over);
    // A name cut short may yet be the start of a longer one within reach: only itself is over,
    // unless it was long enough that nothing after these letters matters.
    if (best > allowance && this.depth === rows.length - 1) this.hopeless = this.depth;
    return best;
  }
}
