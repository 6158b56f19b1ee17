import type { Place } from '../geo/place';
import { stations } from '../geo/stations';
import { placeFields } from './place-fields';

/** History's top level: the place plus its city id and the stations it was built from. */
export function historyPlaceFields(place: Place) {
  const nearby = stations().nearest(place.lat, place.lon, 3, 15);
  const sources = nearby.length > 0 ? nearby.map((station) => station.id) : ['skydeck-simulator'];
  return {
    ...placeFields(place),
    city_id: String(place.city.id),
    sources,
    station_id: sources[0] as string,
  };
}
