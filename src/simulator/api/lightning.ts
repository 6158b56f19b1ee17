import type { z } from 'zod';
import { compassPoint } from '../../shared/geo/compass';
import { bearingDegrees, kilometresPerMile } from '../../shared/geo/great-circle';
import type {
  LightningEvent,
  lightningGeoJsonSchema,
  lightningSchema,
} from '../../shared/weather/lightning-schema';
import type { Place } from '../geo/place';
import { timestampFormatter, utcOffset } from '../time/zoned-time';
import { type Strike, strikesAround } from '../world/lightning';
import type { World } from '../world/world';
import { round } from '../world/round';

export interface LightningQuery {
  place: Place;
  radiusKm: number;
  /** Unix seconds, inclusive. */
  from: number;
  /** Unix seconds, exclusive. */
  to: number;
  now: number;
  /** Null for historical queries. */
  searchMins: number | null;
  /** The valid date reported back, YYYY-MM-DD. */
  date: string;
  sort: 'distance' | 'time';
  skip: number;
  limit: number;
}

/**
 * Events around the query point with exact bearing, distance and age for that point. Strikes
 * are sorted on a number first and only the page asked for is turned into events.
 */
export function lightningEvents(
  world: World,
  query: LightningQuery,
): { count: number; events: LightningEvent[] } {
  const { place, now } = query;
  const strikes = strikesAround(world, place, query.radiusKm, query.from, query.to);
  strikes.sort(
    query.sort === 'distance'
      ? (a, b) => a.distanceKm - b.distanceKm || b.id - a.id
      : (a, b) => b.time - a.time || a.distanceKm - b.distanceKm,
  );
  const page = strikes.slice(query.skip, query.skip + query.limit);
  const clocks = { utc: timestampFormatter(), local: timestampFormatter() };
  return {
    count: strikes.length,
    events: page.map((strike) => toEvent(strike, place, now, clocks)),
  };
}

function toEvent(
  strike: Strike,
  place: Place,
  now: number,
  clocks: { utc: (unixSeconds: number) => string; local: (unixSeconds: number) => string },
): LightningEvent {
  const distance = strike.distanceKm;
  const bearing = Math.round(bearingDegrees(place.lat, place.lon, strike.lat, strike.lon)) % 360;
  return {
    lat: round(strike.lat, 5),
    lon: round(strike.lon, 5),
    bearing_cardinal: compassPoint(bearing),
    bearing_degrees: bearing,
    distance_km: round(distance, 2),
    distance_mi: round(distance / kilometresPerMile, 2),
    id: strike.id,
    timestamp_utc: clocks.utc(strike.time),
    timestamp_local: clocks.local(strike.time + utcOffset(strike.time, place.timeZone)),
    past_mins: round((now - strike.time) / 60, 1),
    type: strike.kind === 'sensor' ? 'flash' : 'estimate',
    source: strike.kind === 'sensor' ? 'glm' : 'radar',
  };
}

function groupFields(query: LightningQuery, count: number) {
  return {
    count,
    date: query.date,
    limit: query.limit,
    lat: query.place.lat,
    lon: query.place.lon,
    search_distance_km: query.radiusKm,
    search_mins: query.searchMins,
    skip: query.skip,
    sort: query.sort,
    timezone: query.place.timeZone,
  };
}

export function lightningJson(
  world: World,
  query: LightningQuery,
): z.input<typeof lightningSchema> {
  const { count, events } = lightningEvents(world, query);
  return { ...groupFields(query, count), lightning: events };
}

/** `output_type=geojson` as reference.md decides it. */
export function lightningGeoJson(
  world: World,
  query: LightningQuery,
): z.input<typeof lightningGeoJsonSchema> {
  const { count, events } = lightningEvents(world, query);
  return {
    type: 'FeatureCollection',
    ...groupFields(query, count),
    features: events.map(({ lat, lon, ...properties }) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties,
    })),
  };
}
