import type { FeatureCollection } from 'geojson';
import type {
  ExpressionSpecification,
  LayerSpecification,
  StyleSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { labelMinPopulation } from '../../../../shared/geo/place-tiles';
import { minutesPerDay } from '../../../lib/day-clock';
import type { LandData } from '../api/basemap-query';
import { noPlaces } from './place-features';
import { placeDotId } from './place-dot';

export const basemapColours = {
  sea: '#0d2030',
  land: '#1c2b25',
  border: '#6f8a92',
  cityDot: '#c9d6dc',
  cityText: '#e6edf0',
  cityHalo: '#0d2030',
};

/** The label font: the page's own (see styles/base.css), drawn by MapLibre without a glyph server. */
export const labelFont = ['Inter Variable', 'sans-serif'];

/** How long labels fade in and out as they are placed: MapLibre's default (see use-city-labels.ts). */
export const labelFadeMs = 300;

/** Label layers whose names must stay whole on screen (see use-edge-labels.ts). */
export const placeLabelLayers = ['place-labels', 'town-labels'] as const;

/**
 * The map's global state: the lightning layer ages strikes against this one map-wide clock, and
 * shows a day of history up to `until` (minutes after its midnight).
 */
export const mapState: StyleSpecification['state'] = {
  now: { default: 0 },
  until: { default: minutesPerDay },
  pulse: { default: 0 },
  pulseSince: { default: Number.MAX_SAFE_INTEGER },
};

/** Hidden by use-edge-labels.ts: a name the screen edge would cut. */
const visibleUnlessAtEdge: ExpressionSpecification = [
  'case',
  ['boolean', ['feature-state', 'atEdge'], false],
  0,
  1,
];

/**
 * Places by size as the map zooms in. Collision does the rest: a label never overlaps another
 * or another place's dot (overlap off), keeps a little room around it (padding), may sit on any
 * side of its dot (variable anchors), and the larger place wins (sort key).
 */
function placeLabelLayer(id: string, source: string): SymbolLayerSpecification {
  const threshold: ExpressionSpecification = [
    'step',
    ['zoom'],
    ...labelMinPopulation.flatMap(([zoom, population], index) =>
      index === 0 ? [population] : [zoom, population],
    ),
  ] as ExpressionSpecification;
  return {
    id,
    type: 'symbol',
    source,
    filter: ['>=', ['get', 'population'], threshold],
    layout: {
      'icon-image': placeDotId,
      'text-field': ['get', 'name'],
      'text-font': labelFont,
      'text-size': ['interpolate', ['linear'], ['zoom'], 2, 11, 8, 13, 12, 14],
      'text-variable-anchor': ['top', 'bottom', 'right', 'left'],
      'text-radial-offset': 0.55,
      'text-justify': 'auto',
      'text-padding': 3,
      'text-max-width': 8,
      'text-allow-overlap': false,
      'icon-allow-overlap': false,
      'symbol-sort-key': ['-', ['get', 'population']],
    },
    paint: {
      'text-color': basemapColours.cityText,
      'text-halo-color': basemapColours.cityHalo,
      'text-halo-width': 1.4,
      'text-opacity': visibleUnlessAtEdge,
      'icon-opacity': visibleUnlessAtEdge,
    },
  };
}

/** From this zoom on the map draws Natural Earth's 1:50m land, once loaded (use-land-detail.ts). */
export const detailZoom = 3;

/** The land's layers: `''` the scale the style was made with, `detailSuffix` 1:50m. */
export const landLayerIds = ['land', 'coastline', 'borders'] as const;
export const detailSuffix = '-detail';

/**
 * The land, its coastline and the borders as one source for each scale, each layer drawing its
 * own part: the worker cuts one set of tiles, and the map draws them in one frame rather than
 * one source after another.
 */
export const landSourceId = (suffix: string) => `land${suffix}`;

/** The features of a land source: each part tagged with the layer that draws it. */
export function landFeatures(land: LandData | undefined): FeatureCollection {
  if (!land) return { type: 'FeatureCollection', features: [] };
  return {
    type: 'FeatureCollection',
    features: landLayerIds.map((part) => ({
      type: 'Feature',
      geometry: land[part],
      properties: { part },
    })),
  };
}

function landLayers(suffix: string, minzoom?: number): LayerSpecification[] {
  const range = minzoom === undefined ? {} : { minzoom };
  const part = (id: (typeof landLayerIds)[number]) => ({
    id: `${id}${suffix}`,
    source: landSourceId(suffix),
    filter: ['==', ['get', 'part'], id] as ExpressionSpecification,
    ...range,
  });
  return [
    // No antialiased outline: the coastline is drawn over the land's edge anyway, and the outline
    // would cost the first screen a shader of its own (each is compiled while the page waits).
    {
      ...part('land'),
      type: 'fill',
      paint: { 'fill-color': basemapColours.land, 'fill-antialias': false },
    },
    {
      ...part('coastline'),
      type: 'line',
      paint: {
        'line-color': '#35505a',
        'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 8, 1.2],
      },
    },
    {
      ...part('borders'),
      type: 'line',
      paint: {
        'line-color': basemapColours.border,
        'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 8, 1.4],
        'line-dasharray': [3, 2],
      },
    },
  ];
}

/**
 * A dark operations basemap from local GeoJSON. It names no glyph server: MapLibre then draws
 * label text with the page's own fonts. `land` is what the first view needs; the 1:50m land
 * (when `land` is the world's 1:110m) and the city labels are filled in after the first paint.
 */
export function offlineStyle(land: LandData): StyleSpecification {
  return {
    version: 8,
    state: mapState,
    sources: {
      [landSourceId('')]: { type: 'geojson', data: landFeatures(land) },
      [landSourceId(detailSuffix)]: { type: 'geojson', data: landFeatures(undefined) },
      // Ids let a label be hidden by feature state (use-edge-labels.ts).
      places: { type: 'geojson', data: noPlaces, generateId: true },
      // Smaller places, filled in as the map zooms in (use-place-tiles.ts).
      towns: { type: 'geojson', data: noPlaces, generateId: true },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': basemapColours.sea } },
      ...landLayers(''),
      ...landLayers(detailSuffix, detailZoom),
      // Placed top layer first: the world's cities before the towns around them.
      placeLabelLayer('town-labels', 'towns'),
      placeLabelLayer('place-labels', 'places'),
    ],
  };
}
