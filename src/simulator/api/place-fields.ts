import type { Place } from '../geo/place';

/**
 * The place fields at the top of most responses. Forecast responses may carry the coordinates
 * as numeric strings, a quirk of the service that clients must survive (reference.md).
 */
export function placeFields(place: Place, options: { stringCoordinates?: boolean } = {}) {
  return {
    city_name: place.city.name,
    state_code: place.city.stateCode,
    country_code: place.city.countryCode,
    timezone: place.timeZone,
    lat: options.stringCoordinates ? String(place.lat) : place.lat,
    lon: options.stringCoordinates ? String(place.lon) : place.lon,
  };
}
