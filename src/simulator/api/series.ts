import type { Place } from '../geo/place';
import { SnowPack } from '../world/snowpack';
import type { AtmosphereSample, World } from '../world/world';

export const hour = 3600;

/** The weather at one place as a function of time. */
export type Sampler = (unixSeconds: number) => AtmosphereSample;

/**
 * A place's weather for the hours in [from, to), asked for in advance: the fields' grid values
 * the series needs are worked out in batches (World.between). Other times still answer.
 */
export function hoursAt(world: World, place: Place, from: number, to: number): Sampler {
  return world.between(place.lat, place.lon, from, to, hour);
}

/** Hourly samples in [from, to). */
export function samplesBetween(at: Sampler, from: number, to: number): AtmosphereSample[] {
  const samples: AtmosphereSample[] = [];
  for (let t = from; t < to; t += hour) samples.push(at(t));
  return samples;
}

/** A snow pack that has already lived through the week before `from` (which `at` covers). */
export function spunUpSnowPack(at: Sampler, from: number): SnowPack {
  const pack = new SnowPack();
  for (let t = from - SnowPack.spinUpHours * hour; t < from; t += hour) pack.update(at(t));
  return pack;
}

/** Hourly samples with snow depth (mm) at the end of each hour, the pack spun up beforehand. */
export function samplesWithSnow(world: World, place: Place, from: number, to: number) {
  const at = hoursAt(world, place, from - SnowPack.spinUpHours * hour, to);
  const pack = spunUpSnowPack(at, from);
  const samples = samplesBetween(at, from, to);
  const snowDepth = samples.map((sample) => pack.update(sample));
  return { samples, snowDepth };
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** The direction of the mean wind vector: averaging 350° and 10° gives 0°, not 180°. */
export function meanDirection(winds: readonly { speed: number; direction: number }[]): number {
  let x = 0;
  let y = 0;
  for (const wind of winds) {
    const radians = (wind.direction * Math.PI) / 180;
    x += wind.speed * Math.sin(radians);
    y += wind.speed * Math.cos(radians);
  }
  return Math.round(((Math.atan2(x, y) * 180) / Math.PI + 360) % 360) % 360;
}

export const windOf = (sample: AtmosphereSample) => ({
  speed: sample.windSpeed,
  direction: sample.windDirection,
});

/** The sample with the greatest value of `key`, first one on ties. */
export function maxBy<T>(items: readonly T[], value: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestValue = -Infinity;
  for (const item of items) {
    const v = value(item);
    if (v > bestValue) {
      best = item;
      bestValue = v;
    }
  }
  return best;
}
