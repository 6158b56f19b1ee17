/// <reference types="vite/client" />

/** Written by scripts/vite-plugin-basemap.ts: where the build put the offline basemap. */
declare module 'virtual:basemap' {
  /** A LandFile (src/shared/geo/basemap-land.ts). */
  export const landUrl: string;
  /** A PlacesFile (src/shared/geo/place-tiles.ts). */
  export const placesUrl: string;
}
