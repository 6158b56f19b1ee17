import type { Plugin } from 'vite';
import { type City, gazetteer } from '../src/simulator/geo/gazetteer';

const moduleId = 'virtual:basemap-cities';
const resolvedId = `\0${moduleId}`;

/** Cities big enough to label on a world-to-region map. */
const minimumPopulation = 250_000;

/**
 * Offline city labels for the basemap, from the same GeoNames gazetteer the simulator uses:
 * a GeoJSON module the client loads as its own chunk, so there is no tile or label server.
 */
export function basemapCities(): Plugin {
  return {
    name: 'skydeck-basemap-cities',
    resolveId: (id) => (id === moduleId ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      const cities = gazetteer()
        .cities.filter((city) => city.population >= minimumPopulation)
        .sort((a, b) => b.population - a.population);
      const collection = {
        type: 'FeatureCollection',
        features: cities.map((city: City) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [round(city.lon), round(city.lat)] },
          properties: { name: city.name, population: city.population },
        })),
      };
      return `export default ${JSON.stringify(collection)};`;
    },
  };
}

const round = (value: number) => Math.round(value * 1e3) / 1e3;
