import { type ConditionCode, isThunderstorm } from '../world/condition-codes';
import { conditionCode } from '../world/condition';
import type { AtmosphereSample } from '../world/world';

/**
 * One condition to stand for a whole day, as a forecaster would headline it: a thunderstorm if
 * there is one, else the day's prevailing precipitation if it rains or snows for two hours or
 * more, else the mean sky.
 */
export function dayCondition(samples: readonly AtmosphereSample[]): ConditionCode {
  const counts = new Map<ConditionCode, number>();
  let thunder = false;
  let wetHours = 0;
  for (const sample of samples) {
    counts.set(sample.code, (counts.get(sample.code) ?? 0) + 1);
    if (isThunderstorm(sample.code)) thunder = true;
    if (sample.precipRate >= 0.1) wetHours++;
  }
  const mostCommon = (accept: (code: number) => boolean) =>
    [...counts.entries()].filter(([code]) => accept(code)).sort((a, b) => b[1] - a[1])[0]?.[0];
  if (thunder) return mostCommon(isThunderstorm) ?? 201;
  if (wetHours >= 2) {
    const precipitating = mostCommon((code) => code >= 300 && code < 700);
    if (precipitating !== undefined) return precipitating;
  }
  const meanCloud =
    samples.reduce((total, sample) => total + sample.clouds, 0) / Math.max(1, samples.length) / 100;
  return conditionCode({
    temperature: 15,
    precipRate: 0,
    convectiveShare: 0,
    storm: 0,
    cloudFraction: meanCloud,
    visibilityKm: 20,
    relativeHumidity: 0.6,
    pm25: 5,
  });
}
