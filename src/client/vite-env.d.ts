/// <reference types="vite/client" />

declare module 'virtual:basemap-cities' {
  import type { FeatureCollection, Point } from 'geojson';
  const cities: FeatureCollection<Point, { name: string; population: number }>;
  export default cities;
}
