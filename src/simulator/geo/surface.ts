import { distanceKm } from '../../shared/geo/great-circle';
import type { Surface } from '../world/world';
import { gazetteer } from './gazetteer';
import { isLand } from './land';
import { stations } from './stations';

/**
 * The Earth under a point, from real data: how much of its neighbourhood is land (Natural Earth),
 * its elevation (interpolated between nearby station elevations, OurAirports), and how built-up
 * it is (population within a few tens of kilometres, GeoNames). Cached per 0.01°.
 */
const cache = new Map<number, Surface>();
const cacheLimit = 200_000;

export function earthSurface(lat: number, lon: number): Surface {
  const key = Math.round(lat * 100) * 40_000 + Math.round(lon * 100);
  let surface = cache.get(key);
  if (!surface) {
    if (cache.size >= cacheLimit) cache.clear();
    surface = measure(lat, lon);
    cache.set(key, surface);
  }
  return surface;
}

/** Points ~25 km around, so the land share falls off smoothly across a coast. */
const neighbourhood = [
  [0, 0],
  [0.22, 0],
  [-0.22, 0],
  [0, 0.22],
  [0, -0.22],
] as const;

function measure(lat: number, lon: number): Surface {
  const cosLat = Math.max(0.1, Math.cos((lat * Math.PI) / 180));
  let landPoints = 0;
  for (const [dLat, dLon] of neighbourhood) {
    if (isLand(Math.max(-90, Math.min(90, lat + dLat)), wrap(lon + dLon / cosLat))) landPoints++;
  }
  const land = landPoints / neighbourhood.length;
  return {
    land,
    elevation: land > 0 ? elevationAt(lat, lon, land) : 0,
    urban: urbanIndex(lat, lon),
  };
}

/**
 * Inverse-distance weighting of the nearest station elevations within 150 km. Where there is no
 * station (ice sheets, remote interiors) a plausible default stands in: 2,000 m for polar ice,
 * 300 m elsewhere. Elevation is scaled by the land share so coasts slope to the sea.
 */
function elevationAt(lat: number, lon: number, land: number): number {
  const nearby = stations().nearest(lat, lon, 4, 150);
  if (nearby.length === 0) return Math.round((Math.abs(lat) > 65 ? 2000 : 300) * land);
  let weighted = 0;
  let weights = 0;
  for (const station of nearby) {
    const weight = 1 / (distanceKm(lat, lon, station.lat, station.lon) + 5) ** 2;
    weighted += station.elevation * weight;
    weights += weight;
  }
  return Math.round((weighted / weights) * land);
}

/** 0–1 from the population within ~40 km, each city counting less with distance (8 km e-folding). */
function urbanIndex(lat: number, lon: number): number {
  let people = 0;
  for (const city of gazetteer().nearest(lat, lon, 25)) {
    const distance = distanceKm(lat, lon, city.lat, city.lon);
    if (distance > 40) break;
    people += city.population * Math.exp(-distance / 8);
  }
  return Math.round((1 - Math.exp(-people / 400_000)) * 100) / 100;
}

function wrap(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/** Loads every geographic data set now (about half a second) rather than in the first request. */
export function preloadGeography(): void {
  earthSurface(0, 0);
}
