import type {
  CircleLayerSpecification,
  ExpressionSpecification,
  FilterSpecification,
} from 'maplibre-gl';
import { drawStepMs } from './strike-features';
import { timeOfDayColourExpression } from './time-of-day';

/** Age colours, newest first: white-hot, yellow, orange, red, faded purple. */
export const ageStops = [
  { minutes: 0, colour: '#ffffff', label: 'now' },
  { minutes: 5, colour: '#ffe14d', label: '5 min' },
  { minutes: 15, colour: '#ff8c1a', label: '15 min' },
  { minutes: 30, colour: '#e0303b', label: '30 min' },
  { minutes: 45, colour: '#7a3b8f', label: '45 min' },
] as const;

/** Minutes since a strike, from one map-wide clock (`now`) rather than a timer per strike. */
const ageMinutes: ExpressionSpecification = [
  '/',
  ['-', ['global-state', 'now'], ['get', 't']],
  60_000,
];

const strikePaint = {
  'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 2.5, 10, 5, 14, 7],
  'circle-stroke-color': '#0d2030',
  // An outline separates overlapping strikes close up; at regional zooms it only adds fragment
  // work to every frame.
  'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 8, 0, 10, 0.75],
} satisfies CircleLayerSpecification['paint'];

/** Live strikes fade with age: white-hot now, purple and faint at 45 minutes. */
const livePaint = {
  ...strikePaint,
  'circle-color': [
    'interpolate',
    ['linear'],
    ageMinutes,
    ...ageStops.flatMap((stop) => [stop.minutes, stop.colour]),
  ],
  'circle-opacity': ['interpolate', ['linear'], ageMinutes, 0, 1, 45, 0.35],
} satisfies CircleLayerSpecification['paint'];

/** A day's strikes in the colour of their hour (`m`, minutes after midnight), all equally firm. */
const historyPaint = {
  ...strikePaint,
  'circle-color': timeOfDayColourExpression,
  'circle-opacity': 0.9,
} satisfies CircleLayerSpecification['paint'];

const untilFilter: FilterSpecification = ['<=', ['get', 'm'], ['global-state', 'until']];

/**
 * The strike layer's paint and filter for live strikes or a day of history. Live strikes have no
 * filter key at all: MapLibre refuses a layer whose filter is present but undefined.
 */
export function strikeLayerStyle(mode: 'live' | 'history'): {
  paint: CircleLayerSpecification['paint'];
  filter?: FilterSpecification;
} {
  return mode === 'history' ? { paint: historyPaint, filter: untilFilter } : { paint: livePaint };
}

/** Newer strikes drawn over older ones, a step of `drawStepMs` at a time. */
export const strikeLayerLayout = {
  'circle-sort-key': ['floor', ['/', ['get', 't'], drawStepMs]],
} satisfies CircleLayerSpecification['layout'];
