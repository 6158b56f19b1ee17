import { queryOptions } from '@tanstack/react-query';
import type { FeatureCollection, MultiLineString, Point } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';

export interface BasemapData {
  land: FeatureCollection;
  borders: MultiLineString;
  cities: FeatureCollection<Point, { name: string; population: number }>;
}

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/**
 * The offline basemap: Natural Earth 1:50m land and borders (world-atlas, shipped as a build
 * asset) and GeoNames city labels, so the map renders with no tile server at all.
 */
export function basemapQueryOptions() {
  return queryOptions({
    queryKey: ['basemap'],
    queryFn: async ({ signal }): Promise<BasemapData> => {
      const [topology, cities] = await Promise.all([
        fetch(countriesUrl, { signal }).then((response) => {
          if (!response.ok) throw new Error(`Basemap data answered ${response.status}`);
          return response.json() as Promise<CountriesTopology>;
        }),
        import('virtual:basemap-cities').then((module) => module.default),
      ]);
      const land = feature(topology, topology.objects.land) as FeatureCollection;
      const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
      return { land, borders, cities };
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
