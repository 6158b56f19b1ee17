import type { Map as MapLibreMap, SymbolLayerSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import { unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { searchKmKey } from '../url-state';
import { useLightningRule } from '../hooks/use-lightning-rule';
import { useLightningData } from '../hooks/use-lightning-data';
import { useStrikeClock } from '../hooks/use-strike-clock';
import { pushMapState, setMapState } from '../lib/map-state';
import { distanceText, distanceUnit } from '../../../../shared/weather/units';
import { rangeRings, ringSteps, ruleRings } from '../lib/geometry';
import { strikeFeatures, strikeLayerId, type StrikeProperties } from '../lib/strike-features';
import { strikeLayerLayout, strikeLayerStyle } from '../lib/strike-style';
import { syncSourceData } from '../lib/source-data';
import type { FeatureCollection, Point } from 'geojson';
import { countRender } from '../../../lib/render-count';

/** A ring's label, above (negative) or below its point on the ring. */
function ringLabelLayout(offsetEms: number): SymbolLayerSpecification['layout'] {
  return {
    'text-field': ['get', 'label'],
    'text-size': 12,
    'text-font': ['Inter Variable', 'sans-serif'],
    'text-offset': [0, offsetEms],
  };
}

/** The decision's rings, in the safety card's colours. */
export const ruleColours = { stop: '#ff4d5a', caution: '#ffb020' } as const;

const noStrikes: FeatureCollection<Point, StrikeProperties> = {
  type: 'FeatureCollection',
  features: [],
};

const strikeSourceId = 'lightning';

const pulseMs = 1200;

/**
 * Strikes newer than the last answer's newest ring out once: a stroke that grows and fades over
 * 1.2 s, driven by one animation for all of them. Under prefers-reduced-motion nothing moves.
 */
function usePulseOnNewStrikes(
  map: MapLibreMap | undefined,
  strikes: FeatureCollection<Point, StrikeProperties>,
) {
  const newestSeen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!map) return undefined;
    const newest = strikes.features.reduce(
      (latest, feature) => Math.max(latest, feature.properties.t),
      0,
    );
    const since = newestSeen.current;
    newestSeen.current = Math.max(since ?? 0, newest);
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // The first answer is not "new": only strikes that arrive while someone is watching pulse.
    if (since === undefined || newest <= since || still || !setMapState(map, 'pulseSince', since)) {
      return undefined;
    }
    const started = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - started) / pulseMs);
      setMapState(map, 'pulse', progress);
      if (progress < 1) frame = requestAnimationFrame(step);
      else setMapState(map, 'pulseSince', Number.MAX_SAFE_INTEGER);
    });
    return () => cancelAnimationFrame(frame);
  }, [map, strikes]);
}

/** Strikes as a GeoJSON source with circle layers, and range rings around the selected point. */
export function LightningLayer({ lat, lon }: { lat: number; lon: number }) {
  countRender('LightningLayer');
  const { current: map } = useMap();
  const units = useUrlValue(unitsKey);
  const { rule } = useLightningRule({ lat, lon });
  const wantedKm = useUrlValue(searchKmKey);
  const { mode, collection, day } = useLightningData({ lat, lon });
  // The day's date and basis, not its slider: moving the slider must not rebuild the strikes.
  const date = day?.date;
  const tz = day?.tz;
  // Always a source, empty until data arrives, so the strike layer exists while lightning is on.
  const strikes = useMemo(
    () =>
      collection ? strikeFeatures(collection, date && tz ? { date, tz } : undefined) : noStrikes,
    [collection, date, tz],
  );
  const until = day?.until;
  const searchKm = collection?.search_distance_km ?? wantedKm;
  const rings = useMemo(
    () => rangeRings({ lat, lon }, ringSteps(searchKm, distanceUnit(units))),
    [lat, lon, searchKm, units],
  );
  const decisionRings = useMemo(
    () =>
      ruleRings({ lat, lon }, [
        {
          level: 'stop',
          km: rule.stopKm,
          label: `STOP ${distanceText(units, rule.stopKm, { trim: true })}`,
        },
        ...(rule.cautionKm > rule.stopKm
          ? [
              {
                level: 'caution' as const,
                km: rule.cautionKm,
                label: `CAUTION ${distanceText(units, rule.cautionKm, { trim: true })}`,
              },
            ]
          : []),
      ]),
    [lat, lon, rule.stopKm, rule.cautionKm, units],
  );

  useStrikeClock(map?.getMap(), mode === 'live');

  // A day of history shows its strikes up to the slider's time, filtered on the map's side.
  useEffect(() => {
    if (!map || until === undefined) return undefined;
    return pushMapState(map.getMap(), 'until', until);
  }, [map, until]);

  // The source's data as committed, not only as last rendered (see syncSourceData): a shared link
  // that opens a day of history otherwise drew no strike at all now and then.
  useEffect(() => {
    if (map) syncSourceData(map.getMap(), strikeSourceId, strikes);
  }, [map, strikes]);

  usePulseOnNewStrikes(mode === 'live' ? map?.getMap() : undefined, strikes);

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
          layout={ringLabelLayout(-0.8)}
          paint={{ 'text-color': '#d8e8f0', 'text-halo-color': '#0d2030', 'text-halo-width': 1.5 }}
        />
      </Source>
      <Source id="lightning-rule-rings" type="geojson" data={decisionRings.rings}>
        <Layer
          id="lightning-rule-rings"
          type="line"
          paint={{
            'line-color': [
              'match',
              ['get', 'level'],
              'stop',
              ruleColours.stop,
              ruleColours.caution,
            ],
            'line-width': 2.5,
            'line-opacity': 0.9,
          }}
        />
      </Source>
      <Source id="lightning-rule-labels" type="geojson" data={decisionRings.labels}>
        <Layer
          id="lightning-rule-labels"
          type="symbol"
          layout={ringLabelLayout(0.9)}
          paint={{
            'text-color': [
              'match',
              ['get', 'level'],
              'stop',
              ruleColours.stop,
              ruleColours.caution,
            ],
            'text-halo-color': '#0d2030',
            'text-halo-width': 1.5,
          }}
        />
      </Source>
      <Source id={strikeSourceId} type="geojson" data={strikes}>
        <Layer
          id="lightning-pulse"
          type="circle"
          filter={['>', ['get', 't'], ['global-state', 'pulseSince']]}
          paint={{
            'circle-radius': ['+', 4, ['*', 18, ['global-state', 'pulse']]],
            'circle-color': 'rgba(0,0,0,0)',
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2,
            'circle-stroke-opacity': ['-', 1, ['global-state', 'pulse']],
          }}
        />
        <Layer
          id={strikeLayerId}
          type="circle"
          layout={strikeLayerLayout}
          {...strikeLayerStyle(mode)}
        />
      </Source>
    </>
  );
}
