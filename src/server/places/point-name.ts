import type { PlaceAt } from '../../shared/api/places';
import { distanceKm } from '../../shared/geo/great-circle';
import { coordinatesLabel } from '../../shared/geo/place-label';
import { type City, namingCity } from '../../shared/geo/gazetteer';
import { gazetteer, isLand } from '../domain/geography';
import { describeCity, type PlaceNames } from './place-names';

/**
 * How far a town's name still describes a point: about an hour's drive. Past it the gazetteer's
 * nearest town can be a continent away (the nearest to 80°S is Ushuaia, 3,000 km off), so the
 * point is described by where it is instead.
 */
export const namingReachKm = 50;

/** Where the names come from; the defaults are the gazetteer the simulator names places from. */
export interface PointNaming {
  names: PlaceNames;
  /** The town the provider names the point after (it weighs size against distance). */
  namingCity(lat: number, lon: number): City;
  nearestCity(lat: number, lon: number): City;
  isLand(lat: number, lon: number): boolean;
}

export function gazetteerNaming(names: PlaceNames): PointNaming {
  return {
    names,
    namingCity: (lat, lon) => namingCity(gazetteer(), lat, lon),
    nearestCity: (lat, lon) => {
      const [nearest] = gazetteer().nearest(lat, lon, 1);
      if (!nearest) throw new Error('The gazetteer is empty');
      return nearest;
    },
    isLand,
  };
}

/**
 * The provider's town when it is within reach; else the nearest town, when that one is (a big
 * city 80 km off can outweigh a village 10 km off, and the village is the better name); else the
 * point's coordinates, after "Antarctica" on land south of 60°S (all of it is the Antarctic's) or
 * "At sea" off every coast, with the nearest town and its distance alongside.
 */
export function namePoint(lat: number, lon: number, naming: PointNaming): PlaceAt {
  const away = (city: City) => distanceKm(lat, lon, city.lat, city.lon);
  const nearest = naming.nearestCity(lat, lon);
  const provider = naming.namingCity(lat, lon);
  const named = [provider, nearest].find((city) => away(city) <= namingReachKm);
  const city = named ?? nearest;
  const place = {
    ...describeCity(city, naming.names),
    distance_km: Math.round(away(city) * 10) / 10,
  };
  if (named) return { label: place.label, named: true, place };
  const land = naming.isLand(lat, lon);
  const area = !land ? 'At sea' : lat < -60 ? 'Antarctica' : '';
  return {
    label: [area, coordinatesLabel(lat, lon)].filter(Boolean).join(', '),
    named: false,
    place,
  };
}
