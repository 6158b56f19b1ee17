import { queryOptions } from '@tanstack/react-query';
import type { MultiLineString, MultiPolygon } from 'geojson';
import { outlines } from '../../../../shared/geo/antimeridian';
import { decodeLand, type LandFile } from '../../../../shared/geo/basemap-land';
import type { PlacesFile, PlaceTileIndex } from '../../../../shared/geo/place-tiles';
import { queryKeys } from '../../../lib/query-keys';
import { type PlaceCollection, placeFeatures } from '../lib/place-features';

export interface LandData {
  land: MultiPolygon;
  /** The land's outline without the cuts at ±180° (see antimeridian.ts). */
  coastline: MultiLineString;
  borders: MultiLineString;
}

export interface PlacesData {
  /** The cities every view may label. */
  places: PlaceCollection;
  /** Where the smaller places are, fetched as the map zooms in. */
  tiles: PlaceTileIndex;
}

/**
 * Natural Earth's scales: 1:110m for the world view (31 kB compressed, drawn first), 1:50m once
 * zoomed in (220 kB), whose coasts the coarser one would draw a few kilometres off.
 */
export type LandScale = 'world' | 'detailed';

async function fetchJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Basemap data answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The offline basemap's land and borders, built into the app's assets
 * (scripts/vite-plugin-basemap.ts), so the map needs no tile server.
 */
export function landQueryOptions(scale: LandScale) {
  return queryOptions({
    queryKey: queryKeys.basemap('land', scale),
    queryFn: async ({ signal }): Promise<LandData> => {
      const urls = await import('virtual:basemap');
      const file = await fetchJson<LandFile>(
        scale === 'world' ? urls.worldLandUrl : urls.landUrl,
        signal,
      );
      const { land, borders } = decodeLand(file);
      return {
        land,
        coastline: { type: 'MultiLineString', coordinates: outlines(land.coordinates) },
        borders,
      };
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/**
 * Fetches the 1:50m land into the browser's cache (the build's assets are immutable) without
 * decoding it, so zooming in later finds it at hand and the first screen pays no main-thread
 * time for it. A prefetch: a failure is left for the real fetch to meet.
 */
export async function prefetchDetailedLand(): Promise<void> {
  try {
    const { landUrl } = await import('virtual:basemap');
    const response = await fetch(landUrl, { priority: 'low' });
    await response.arrayBuffer();
  } catch {
    // Nothing lost: the query fetches it when a zoomed-in view needs it.
  }
}

/** GeoNames city labels: the world's cities and the index of the smaller places' cells. */
export function placesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.basemap('places'),
    queryFn: async ({ signal }): Promise<PlacesData> => {
      const { placesUrl } = await import('virtual:basemap');
      const file = await fetchJson<PlacesFile>(placesUrl, signal);
      return { places: placeFeatures(file.world), tiles: file.tiles };
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
