import type { StyleSpecification } from 'maplibre-gl';
import { minutesPerDay } from '../../../app/view-state';
import type { BasemapData } from '../api/basemap-query';

export const basemapColours = {
  sea: '#0d2030',
  land: '#1c2b25',
  border: '#6f8a92',
  cityDot: '#c9d6dc',
  cityText: '#e6edf0',
  cityHalo: '#0d2030',
};

/**
 * A dark operations basemap from local GeoJSON. It names no glyph server: MapLibre then draws
 * label text with the page's own fonts.
 */
export function offlineStyle(data: BasemapData): StyleSpecification {
  return {
    version: 8,
    // The lightning layer ages strikes against this one map-wide clock, and shows a day of
    // history up to `until` (minutes after its midnight).
    state: {
      now: { default: 0 },
      until: { default: minutesPerDay },
      pulse: { default: 0 },
      pulseSince: { default: Number.MAX_SAFE_INTEGER },
    },
    sources: {
      land: { type: 'geojson', data: data.land },
      borders: {
        type: 'geojson',
        data: { type: 'Feature', geometry: data.borders, properties: {} },
      },
      cities: { type: 'geojson', data: data.cities },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': basemapColours.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': basemapColours.land } },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: {
          'line-color': '#35505a',
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 8, 1.2],
        },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': basemapColours.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 8, 1.4],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'city-labels',
        type: 'symbol',
        source: 'cities',
        // Bigger cities appear first as the map zooms in.
        filter: [
          '>=',
          ['get', 'population'],
          ['step', ['zoom'], 5_000_000, 3, 2_000_000, 4, 1_000_000, 5, 500_000, 6, 250_000],
        ],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': ['Inter Variable', 'sans-serif'],
          'text-size': ['interpolate', ['linear'], ['zoom'], 2, 11, 8, 14],
          'text-offset': [0, 0.9],
          'text-anchor': 'top',
          'symbol-sort-key': ['-', ['get', 'population']],
          'icon-allow-overlap': false,
        },
        paint: {
          'text-color': basemapColours.cityText,
          'text-halo-color': basemapColours.cityHalo,
          'text-halo-width': 1.4,
        },
      },
      {
        id: 'city-dots',
        type: 'circle',
        source: 'cities',
        filter: [
          '>=',
          ['get', 'population'],
          ['step', ['zoom'], 5_000_000, 3, 2_000_000, 4, 1_000_000, 5, 500_000, 6, 250_000],
        ],
        paint: { 'circle-radius': 2.5, 'circle-color': basemapColours.cityDot },
      },
    ],
  };
}
