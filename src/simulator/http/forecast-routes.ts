import { Hono } from 'hono';
import {
  providerDefaults,
  providerRanges,
  thresholdScale,
  thresholdScales,
} from '../../shared/api/provider-params';
import { plans } from '../../shared/quota/plans';
import { airQuality } from '../api/air-quality';
import { dailyForecast } from '../api/daily-forecast';
import { energyForecast } from '../api/energy';
import { parseLanguage, parseUnits, resolveForecastLocation, resolvePoint } from '../api/location';
import { minutelyForecast } from '../api/minutely-forecast';
import { choiceParam, rangeParam } from '../api/params';
import { hour } from '../api/series';
import { charge, queryOf, type Simulation, type SimulatorEnv } from './context';

/** The Free plan's daily forecast stops at seven days (reference.md); we truncate, not refuse. */
const freePlanDays = 7;

export function forecastRoutes(simulation: Simulation) {
  const app = new Hono<SimulatorEnv>();
  const { world } = simulation;

  app.get('/forecast/daily', (c) => {
    const params = queryOf(c);
    const place = resolveForecastLocation(params);
    const units = parseUnits(params);
    const lang = parseLanguage(params);
    const requested = rangeParam(params, 'days', providerRanges.days, providerDefaults.days);
    const days = c.var.plan === 'free' ? Math.min(requested, freePlanDays) : requested;
    charge(c, simulation, 1);
    if (!place) return c.body(null, 204);
    return c.json(dailyForecast(world, place, simulation.now(), { days, units, lang }));
  });

  app.get('/forecast/minutely', (c) => {
    const params = queryOf(c);
    const place = resolveForecastLocation(params);
    const units = parseUnits(params);
    charge(c, simulation, 1);
    if (!place) return c.body(null, 204);
    return c.json(minutelyForecast(world, place, simulation.now(), units));
  });

  app.get('/forecast/airquality', (c) => {
    const params = queryOf(c);
    const place = resolveForecastLocation(params);
    const hours = rangeParam(params, 'hours', providerRanges.hours, providerDefaults.hours);
    charge(c, simulation, 1);
    if (!place) return c.body(null, 204);
    const start = Math.floor(simulation.now() / hour) * hour;
    return c.json(airQuality(world, place, start, start + hours * hour));
  });

  app.get('/forecast/energy', (c) => {
    const params = queryOf(c);
    const place = resolvePoint(params);
    const units = parseUnits(params);
    const period = choiceParam(params, 'tp', ['daily', 'hourly'] as const, providerDefaults.tp);
    // The threshold is read in the request's unit system: °F with units=I, else °C.
    const scale = thresholdScale(units);
    const thresholdValue = rangeParam(params, 'threshold', scale, scale.fallback);
    const thresholdCelsius =
      scale === thresholdScales.F ? (thresholdValue - 32) / 1.8 : thresholdValue;
    charge(c, simulation, 1);
    return c.json(
      energyForecast(world, place, simulation.now(), {
        period,
        thresholdCelsius,
        thresholdValue,
        units,
      }),
    );
  });

  app.get('/subscription/usage', (c) => {
    const state = simulation.quota.read(c.var.key, c.var.plan, simulation.now());
    return c.json({
      calls_count: String(state.calls),
      calls_remaining: state.remaining,
      calls_reset_ts: state.resetAt,
      historical_calls_count: String(state.historical),
      historical_calls_remaining: plans[c.var.plan].history ? state.remaining : 0,
      historical_calls_reset_ts: state.resetAt,
    });
  });

  return app;
}
