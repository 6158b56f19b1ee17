/// <reference types="vite/client" />

/** Written by scripts/vite-plugin-basemap.ts: where the build put the offline basemap. */
declare module 'virtual:basemap' {
  /** A LandFile (src/shared/geo/basemap-land.ts) at Natural Earth's 1:110m: the world view. */
  export const worldLandUrl: string;
  /** The same at 1:50m: zoomed in. */
  export const landUrl: string;
  /** A PlacesFile (src/shared/geo/place-tiles.ts). */
  export const placesUrl: string;
}
