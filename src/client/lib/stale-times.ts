/**
 * How long each data family stays fresh in the query cache, in one place, matched to how often
 * the provider's data changes.
 */
const minute = 60_000;

export const staleTimes = {
  lightning: minute,
  current: 10 * minute,
  alerts: 2 * minute,
  minutely: minute,
  dailyForecast: 30 * minute,
  airQualityForecast: 30 * minute,
  energyForecast: 30 * minute,
  config: Infinity,
} as const;
