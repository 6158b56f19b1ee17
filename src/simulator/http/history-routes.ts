import { Hono } from 'hono';
import {
  historyTimeRule,
  lightningHistoryStart,
  providerDefaults,
} from '../../shared/api/provider-params';
import { lightningHistoryUnits } from '../../shared/quota/history-cost';
import { parseProviderDate } from '../../shared/time/dates';
import { airQuality } from '../api/air-quality';
import { historyDaily } from '../api/history-daily';
import { historyHourly, lastCompleteHour } from '../api/history-hourly';
import { lightningGeoJson, lightningJson, type LightningQuery } from '../api/lightning';
import { parseLanguage, parseUnits, resolvePoint, resolveSingleLocation } from '../api/location';
import { choiceParam } from '../api/params';
import { badRequest } from '../api/provider-error';
import { hour } from '../api/series';
import { localDay, zonedTimeToUnix } from '../time/zoned-time';
import { latestReport } from '../world/lightning';
import { charge, queryOf, requireHistoryPlan, type Simulation, type SimulatorEnv } from './context';
import { historyRange } from './history-range';
import { lightningListing } from './lightning-routes';

export function historyRoutes(simulation: Simulation) {
  const app = new Hono<SimulatorEnv>();
  const { world } = simulation;

  app.get('/history/hourly', (c) => {
    requireHistoryPlan(c);
    const params = queryOf(c);
    const place = resolveSingleLocation(params);
    const tz = choiceParam(
      params,
      'tz',
      ['utc', 'local'] as const,
      providerDefaults.historyTz['history/hourly'],
    );
    const now = simulation.now();
    const range = historyRange(params, 'history/hourly', place, now, tz);
    const units = parseUnits(params);
    const lang = parseLanguage(params);
    charge(c, simulation, range.units, true);
    return c.json(historyHourly(world, place, range, now, units, lang));
  });

  app.get('/history/daily', (c) => {
    requireHistoryPlan(c);
    const params = queryOf(c);
    const place = resolveSingleLocation(params);
    const now = simulation.now();
    const range = historyRange(params, 'history/daily', place, now, 'utc');
    const units = parseUnits(params);
    // Daily records carry no text, but the parameter is the interface's, so it is still checked.
    parseLanguage(params);
    charge(c, simulation, range.units, true);
    return c.json(historyDaily(world, place, range, now, units));
  });

  app.get('/history/airquality', (c) => {
    requireHistoryPlan(c);
    const params = queryOf(c);
    const place = resolveSingleLocation(params);
    const now = simulation.now();
    const end = lastCompleteHour(now);
    const tz = choiceParam(
      params,
      'tz',
      ['utc', 'local'] as const,
      providerDefaults.historyTz['history/airquality'],
    );
    // Without dates, the past 72 hours; with them, a range like the other history products.
    if (!params.has('start_date') && !params.has('end_date')) {
      charge(c, simulation, 1, true);
      return c.json(
        airQuality(world, place, end - providerDefaults.airQualityHistoryHours * hour, end),
      );
    }
    const range = historyRange(params, 'history/airquality', place, now, tz);
    charge(c, simulation, range.units, true);
    return c.json(airQuality(world, place, range.from, Math.min(range.to, end)));
  });

  app.get('/history/lightning', (c) => {
    requireHistoryPlan(c);
    const params = queryOf(c);
    const place = resolvePoint(params);
    const now = simulation.now();
    const dateText = params.get('date');
    if (dateText === null) throw badRequest('Missing date. It is required, as YYYY-MM-DD');
    const date = /^\d{4}-\d{2}-\d{2}$/.test(dateText) ? parseProviderDate(dateText) : undefined;
    if (!date) throw badRequest('Invalid date supplied. Must be a real date as YYYY-MM-DD');
    if (dateText < lightningHistoryStart) {
      throw badRequest(
        `Invalid date supplied. Lightning history starts on ${lightningHistoryStart}`,
      );
    }
    const tz = choiceParam(
      params,
      'tz',
      ['local', 'utc'] as const,
      providerDefaults.historyTz['history/lightning'],
    );
    const from =
      tz === 'utc'
        ? date.utcSeconds
        : zonedTimeToUnix(date.year, date.month, date.day, 0, place.timeZone);
    const dayEnd = tz === 'utc' ? from + 86_400 : localDay(from + 3600, place.timeZone).end;
    if (!historyTimeRule.hasBegun(from, now))
      throw badRequest('Invalid date supplied. Must not be in the future');
    const { output, ...listing } = lightningListing(params, providerDefaults.historyLightningLimit);
    const query: LightningQuery = {
      place,
      ...listing,
      from,
      to: Math.min(dayEnd, latestReport(place.lon, now) + 1),
      now,
      searchMins: null,
      date: dateText,
    };
    // Ten historical units a request, even for a day without lightning (the interface's rule 5).
    charge(c, simulation, lightningHistoryUnits, true);
    return c.json(
      output === 'geojson' ? lightningGeoJson(world, query) : lightningJson(world, query),
    );
  });

  return app;
}
