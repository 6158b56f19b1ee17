import { type Language, languages } from '../../shared/weather/units';
import { findCity, type Place, placeAt } from '../geo/place';
import { badRequest } from './provider-error';

/**
 * Resolves the location parameters the way the service does, with its message texts
 * (reference.md): lat/lon first, then city.
 */
export function resolveLocation(params: URLSearchParams): Place {
  const lat = params.get('lat');
  const lon = params.get('lon');
  if (lat !== null || lon !== null) {
    if (lat === null || lon === null) throw badRequest('Invalid Parameters supplied.');
    const latitude = Number(lat);
    const longitude = Number(lon);
    if (lat.trim() === '' || !Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
      throw badRequest('Invalid lat supplied. Must be between -90 and +90');
    }
    if (lon.trim() === '' || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
      throw badRequest('Invalid lon supplied. Must be between -180 and +180');
    }
    return placeAt(latitude, longitude);
  }
  const city = params.get('city');
  if (city !== null) {
    const found = findCity(city, params.get('country') ?? undefined);
    if (!found) throw badRequest('No Location Found. Try lat/lon.');
    return placeAt(found.lat, found.lon);
  }
  if (params.has('postal_code') || params.has('station')) {
    throw badRequest('No Location Found. Try lat/lon.');
  }
  throw badRequest('Invalid Parameters supplied.');
}

export function parseUnits(params: URLSearchParams): 'M' | 'S' | 'I' {
  const units = params.get('units') ?? 'M';
  if (units !== 'M' && units !== 'S' && units !== 'I') {
    throw badRequest('Invalid units supplied. Must be one of M, S, I');
  }
  return units;
}

export function parseLanguage(params: URLSearchParams): Language {
  const lang = params.get('lang') ?? 'en';
  if (!(languages as readonly string[]).includes(lang)) {
    throw badRequest(`Invalid lang supplied. Must be one of ${languages.join(', ')}`);
  }
  return lang as Language;
}
