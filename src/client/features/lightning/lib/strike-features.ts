import type { Feature, FeatureCollection, Point } from 'geojson';
import type { LightningGeoJson } from '../../../../shared/weather/lightning-schema';
import type { LightningRule } from '../../../../shared/safety/lightning-rule';
import type { StrikeSighting, StrikeSnapshot } from '../../../lib/lightning-safety';
import { strikeTime as watchStrikeTime } from '../../../../shared/safety/lightning-rings';
import type { HistoryDay } from '../api/lightning-history-query';
import type { LightningAnswer } from '../api/lightning-query';
import { strikeMinute } from './time-of-day';

export interface StrikeProperties {
  /** Epoch milliseconds, so the map can age strikes on its own clock. */
  t: number;
  /** Minutes after the history day's midnight, on its clock, for the time-of-day colours. */
  m?: number;
  distance_km: number;
  distance_mi: number;
  bearing_degrees: number;
  bearing_cardinal: string;
  timestamp_utc: string;
  timestamp_local: string;
  type: string;
  source: string;
}

export const strikeTime = (timestampUtc: string) => Date.parse(`${timestampUtc}Z`);

export { strikeLayerId } from './strike-layer-id';

/**
 * Strikes drawn in one step of this length share a sort key. A key per strike (its time) makes
 * MapLibre issue one draw call per strike, every frame; a key per step keeps newest-on-top
 * between map tiles to within the step, and the features' own order (oldest first, below) keeps it
 * exact within a tile.
 */
export const drawStepMs = 5 * 60_000;

/**
 * The provider's features with their time as a number, oldest first so the newest are drawn on
 * top, and for a day of history their minute of that day.
 */
export function strikeFeatures(
  data: LightningGeoJson,
  day?: HistoryDay,
): FeatureCollection<Point, StrikeProperties> {
  const features = data.features.map((feature): Feature<Point, StrikeProperties> => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: feature.geometry.coordinates },
    properties: {
      ...feature.properties,
      t: strikeTime(feature.properties.timestamp_utc),
      ...(day ? { m: strikeMinute(feature.properties, day) } : {}),
    },
  }));
  return {
    type: 'FeatureCollection',
    features: features.sort((a, b) => a.properties.t - b.properties.t),
  };
}

/** Strikes as the safety rule sees them, dated as the watch dates them (`strikeTime`). */
export function sightings(data: LightningGeoJson, asOf: number): StrikeSighting[] {
  return data.features.map((feature) => ({
    distanceKm: feature.properties.distance_km,
    bearingDeg: feature.properties.bearing_degrees,
    time: watchStrikeTime(asOf, feature.properties),
  }));
}

/**
 * An answer as the safety rule sees it. A search cut off at its limit is still complete when
 * sorted nearest first and reaching past the caution radius: what it left out is farther away.
 */
export function snapshotOf(answer: LightningAnswer, rule: LightningRule): StrikeSnapshot {
  const { collection } = answer;
  const strikes = sightings(collection, answer.asOf);
  const farthest = strikes.reduce((far, strike) => Math.max(far, strike.distanceKm), 0);
  const complete =
    collection.count <= collection.features.length ||
    (collection.sort === 'distance' && farthest > rule.cautionKm);
  return { strikes, asOf: answer.asOf, complete };
}
