import { distanceKm } from '../../shared/geo/great-circle';
import { type City, gazetteer } from './gazetteer';
import { timeZoneAt } from './time-zone';

/** What the provider reports about where a point is. */
export interface Place {
  lat: number;
  lon: number;
  city: City;
  timeZone: string;
}

export function placeAt(lat: number, lon: number): Place {
  return { lat, lon, city: namingCity(lat, lon), timeZone: timeZoneAt(lat, lon) };
}

/**
 * The city a person would name the point after: of the few nearest, the one closest once
 * distance is weighed against size, so downtown Toronto is Toronto rather than East York while
 * an airport on a town's edge keeps the town's name.
 */
export function namingCity(lat: number, lon: number): City {
  const candidates = gazetteer().nearest(lat, lon, 5);
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
