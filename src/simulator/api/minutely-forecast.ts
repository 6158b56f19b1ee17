import type { z } from 'zod';
import type { MinutelyPoint, minutelyForecastSchema } from '../../shared/weather/minutely-schema';
import type { UnitSystem } from '../../shared/weather/units';
import type { Place } from '../geo/place';
import { formatTimestamp, utc, wallClock } from '../time/zoned-time';
import { observedAt, type World } from '../world/world';
import { converter } from './convert';
import { placeFields } from './place-fields';

/** Sixty one-minute points from the start of the current minute: rates, not totals. */
export function minutelyPoints(
  world: World,
  place: Place,
  now: number,
  units: UnitSystem,
): MinutelyPoint[] {
  const convert = converter(units);
  const start = observedAt(now);
  return Array.from({ length: 60 }, (_, minute) => {
    const t = start + minute * 60;
    const sample = world.sample(place.lat, place.lon, t);
    return {
      ts: t,
      timestamp_utc: formatTimestamp(utc(t)),
      timestamp_local: formatTimestamp(wallClock(t, place.timeZone)),
      precip: convert.depth(sample.precipRate),
      snow: convert.depth(sample.snowRate),
      temp: convert.temperature(sample.temperature),
    };
  });
}

export function minutelyForecast(
  world: World,
  place: Place,
  now: number,
  units: UnitSystem,
): z.input<typeof minutelyForecastSchema> {
  return {
    ...placeFields(place, { stringCoordinates: true }),
    data: minutelyPoints(world, place, now, units),
  };
}
