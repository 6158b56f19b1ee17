import { type City, namingCity } from '../../shared/geo/gazetteer';
import { gazetteer } from './gazetteer';
import { timeZoneAt } from './time-zone';

/** What the provider reports about where a point is. */
export interface Place {
  lat: number;
  lon: number;
  city: City;
  timeZone: string;
}

export function placeAt(lat: number, lon: number): Place {
  return { lat, lon, city: namingCity(gazetteer(), lat, lon), timeZone: timeZoneAt(lat, lon) };
}

/**
 * "Raleigh,NC" names a city and its state code; with `country`, the city is looked up in that
 * country. The most populous match wins, as a person naming a city would mean.
 */
export function findCity(query: string, country?: string): City | undefined {
  const [namePart, statePart] = query.split(',').map((part) => part.trim());
  if (!namePart) return undefined;
  const name = namePart.toLocaleLowerCase('en');
  const state = statePart?.toUpperCase();
  const countryCode = country?.toUpperCase();
  let best: City | undefined;
  for (const city of gazetteer().cities) {
    if (city.name.toLocaleLowerCase('en') !== name) continue;
    if (state && city.stateCode.toUpperCase() !== state && city.countryCode !== state) continue;
    if (countryCode && city.countryCode !== countryCode) continue;
    if (!best || city.population > best.population) best = city;
  }
  return best;
}
