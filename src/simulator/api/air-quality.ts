import { aqiFromConcentrations } from '../../shared/weather/aqi';
import type { z } from 'zod';
import type { AirQualityHour, airQualitySchema } from '../../shared/weather/air-quality-schema';
import type { Place } from '../geo/place';
import { formatTimestamp, utc, wallClock } from '../time/zoned-time';
import type { World } from '../world/world';
import { placeFields } from './place-fields';
import { hour } from './series';

/** Hourly air quality for [from, to): the same pollutants that give current conditions' AQI. */
export function airQuality(
  world: World,
  place: Place,
  from: number,
  to: number,
): z.input<typeof airQualitySchema> {
  const data: AirQualityHour[] = [];
  for (let t = from; t < to; t += hour) {
    const sample = world.sample(place.lat, place.lon, t);
    data.push({
      ts: t,
      timestamp_utc: formatTimestamp(utc(t)),
      timestamp_local: formatTimestamp(wallClock(t, place.timeZone)),
      aqi: aqiFromConcentrations(sample.pollutants),
      ...sample.pollutants,
    });
  }
  return { ...placeFields(place, { stringCoordinates: true }), data };
}
