import { useQuery } from '@tanstack/react-query';
import type { ExpressionSpecification } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import { useViewState } from '../../../app/use-view-state';
import { lightningQueryOptions } from '../api/lightning-query';
import { rangeRings, ringSteps } from '../lib/geometry';
import { type StrikeProperties, strikeFeatures } from '../lib/strike-features';
import type { FeatureCollection, Point } from 'geojson';

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

const noStrikes: FeatureCollection<Point, StrikeProperties> = {
  type: 'FeatureCollection',
  features: [],
};

/** How often the shared clock advances, re-colouring every strike at once. */
const clockTickMs = 10_000;

/** Strikes as a GeoJSON source with circle layers, and range rings around the selected point. */
export function LightningLayer({ lat, lon }: { lat: number; lon: number }) {
  const { current: map } = useMap();
  const view = useViewState();
  const query = useQuery(lightningQueryOptions({ lat, lon }, view));
  // Always a source, empty until data arrives, so the strike layer exists while lightning is on.
  const strikes = useMemo(
    () => (query.data ? strikeFeatures(query.data) : noStrikes),
    [query.data],
  );
  const searchKm = query.data?.search_distance_km ?? 20;
  const rings = useMemo(
    () => rangeRings({ lat, lon }, ringSteps(searchKm, view.units === 'I' ? 'mi' : 'km')),
    [lat, lon, searchKm, view.units],
  );

  useEffect(() => {
    if (!map) return undefined;
    const target = map.getMap();
    let stopped = false;
    // MapLibre refuses global state while a style update is in progress: wait for it to settle.
    const tick = () => {
      if (stopped) return;
      if (target.isStyleLoaded()) target.setGlobalStateProperty('now', Date.now());
      else target.once('idle', tick);
    };
    tick();
    const timer = window.setInterval(tick, clockTickMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [map]);

  return (
    <>
      <Source id="lightning-rings" type="geojson" data={rings.rings}>
        <Layer
          id="lightning-rings"
          type="line"
          paint={{
            'line-color': '#9fc4d6',
            'line-opacity': 0.7,
            'line-width': 1,
            'line-dasharray': [4, 3],
          }}
        />
      </Source>
      <Source id="lightning-spokes" type="geojson" data={rings.spokes}>
        <Layer
          id="lightning-spokes"
          type="line"
          paint={{ 'line-color': '#9fc4d6', 'line-opacity': 0.45, 'line-width': 1 }}
        />
      </Source>
      <Source id="lightning-ring-labels" type="geojson" data={rings.labels}>
        <Layer
          id="lightning-ring-labels"
          type="symbol"
          layout={{
            'text-field': ['get', 'label'],
            'text-size': 12,
            'text-font': ['Inter Variable', 'sans-serif'],
            'text-offset': [0, -0.8],
          }}
          paint={{ 'text-color': '#d8e8f0', 'text-halo-color': '#0d2030', 'text-halo-width': 1.5 }}
        />
      </Source>
      <Source id="lightning" type="geojson" data={strikes}>
        <Layer
          id="lightning-strikes"
          type="circle"
          layout={{ 'circle-sort-key': ['get', 't'] }}
          paint={{
            'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 2.5, 10, 5, 14, 7],
            'circle-color': [
              'interpolate',
              ['linear'],
              ageMinutes,
              ...ageStops.flatMap((stop) => [stop.minutes, stop.colour]),
            ],
            'circle-opacity': ['interpolate', ['linear'], ageMinutes, 0, 1, 45, 0.35],
            'circle-stroke-color': '#0d2030',
            // An outline separates overlapping strikes close up; at regional zooms it only adds
            // fragment work to every frame.
            'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 8, 0, 10, 0.75],
          }}
        />
      </Source>
    </>
  );
}
