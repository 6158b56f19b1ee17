import { inRange, providerRanges } from '../../shared/api/provider-params';
import { type Language, languages } from '../../shared/weather/units';
import { findCity, type Place, placeAt } from '../geo/place';
import { findPostalCode } from '../geo/postal-codes';
import { stations } from '../geo/stations';
import { badRequest, ProviderError } from './provider-error';

export const noLocationMessage = 'No Location Found. Try lat/lon.';
const notFound = () => badRequest(noLocationMessage);

/**
 * Forecasts answer an unknown place with 204 and no body where current conditions answer 400
 * (reference.md): undefined here means "no content".
 */
export function resolveForecastLocation(params: URLSearchParams): Place | undefined {
  try {
    return resolveLocation(params);
  } catch (error) {
    if (error instanceof ProviderError && error.body.error === noLocationMessage) return undefined;
    throw error;
  }
}

export type LocationMethod = 'lat/lon' | 'city' | 'postal_code' | 'station';

export function locationMethods(params: URLSearchParams): LocationMethod[] {
  const methods: LocationMethod[] = [];
  if (params.has('lat') || params.has('lon')) methods.push('lat/lon');
  if (params.has('city')) methods.push('city');
  if (params.has('postal_code')) methods.push('postal_code');
  if (params.has('station')) methods.push('station');
  return methods;
}

/**
 * A point as the query writes it, checked against the provider's ranges; the messages are the
 * service's own (reference.md).
 */
export function pointPlace(latText: string, lonText: string): Place {
  const lat = Number(latText);
  const lon = Number(lonText);
  if (latText.trim() === '' || !inRange(lat, providerRanges.lat))
    throw badRequest('Invalid lat supplied. Must be between -90 and +90');
  if (lonText.trim() === '' || !inRange(lon, providerRanges.lon))
    throw badRequest('Invalid lon supplied. Must be between -180 and +180');
  return placeAt(lat, lon);
}

/**
 * Resolves the location parameters the way the service does, with its message texts
 * (reference.md): lat/lon first, then city, postal code and station.
 */
export function resolveLocation(params: URLSearchParams): Place {
  const lat = params.get('lat');
  const lon = params.get('lon');
  if (lat !== null || lon !== null) {
    if (lat === null || lon === null) throw badRequest('Invalid Parameters supplied.');
    return pointPlace(lat, lon);
  }
  const country = params.get('country') ?? undefined;
  const city = params.get('city');
  if (city !== null) {
    const found = findCity(city, country);
    if (!found) throw notFound();
    return placeAt(found.lat, found.lon);
  }
  const postalCode = params.get('postal_code');
  if (postalCode !== null) {
    const found = findPostalCode(postalCode, country);
    if (!found) throw notFound();
    return placeAt(found.lat, found.lon);
  }
  const station = params.get('station');
  if (station !== null) {
    const found = stations().byId(station.trim());
    if (!found) throw notFound();
    return placeAt(found.lat, found.lon);
  }
  throw badRequest('Invalid Parameters supplied.');
}

/** History endpoints take exactly one location method (the interface's rule). */
export function resolveSingleLocation(params: URLSearchParams): Place {
  const methods = locationMethods(params);
  if (methods.length !== 1) {
    throw badRequest(
      `Invalid Parameters supplied. Give exactly one location: lat/lon, city, postal_code or station${methods.length > 1 ? ` (got ${methods.join(', ')})` : ''}`,
    );
  }
  return resolveLocation(params);
}

/** Endpoints that take a point only (lightning, energy). */
export function resolvePoint(params: URLSearchParams): Place {
  if (!params.has('lat') || !params.has('lon'))
    throw badRequest('Invalid Parameters supplied. lat and lon are required');
  return resolveLocation(params);
}

export function parseUnits(params: URLSearchParams): 'M' | 'S' | 'I' {
  const units = (params.get('units') ?? 'M').toUpperCase();
  if (units !== 'M' && units !== 'S' && units !== 'I') {
    throw badRequest('Invalid units supplied. Must be one of M, S, I');
  }
  return units;
}

export function parseLanguage(params: URLSearchParams): Language {
  const lang = (params.get('lang') ?? 'en').toLowerCase();
  if (!(languages as readonly string[]).includes(lang)) {
    throw badRequest(`Invalid lang supplied. Must be one of ${languages.join(', ')}`);
  }
  return lang as Language;
}
