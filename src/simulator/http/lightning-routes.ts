import { Hono } from 'hono';
import { providerDefaults, providerRanges } from '../../shared/api/provider-params';
import { lightningGeoJson, lightningJson, type LightningQuery } from '../api/lightning';
import { resolvePoint } from '../api/location';
import { choiceParam, rangeParam } from '../api/params';
import { localDay } from '../time/zoned-time';
import { latestReport } from '../world/lightning';
import { charge, queryOf, type Simulation, type SimulatorEnv } from './context';

export function lightningRoutes(simulation: Simulation) {
  const app = new Hono<SimulatorEnv>();

  app.get('/current/lightning', (c) => {
    const params = queryOf(c);
    const place = resolvePoint(params);
    const now = simulation.now();
    const searchMins = rangeParam(
      params,
      'search_mins',
      providerRanges.search_mins,
      providerDefaults.search_mins,
    );
    const { output, ...listing } = lightningListing(params, providerDefaults.currentLightningLimit);
    const query: LightningQuery = {
      place,
      ...listing,
      from: now - searchMins * 60,
      // Sensors report every 5 minutes, radar estimates every 15: nothing newer exists yet.
      to: latestReport(place.lon, now) + 1,
      now,
      searchMins,
      date: localDay(now, place.timeZone).date,
    };
    charge(c, simulation, 1);
    return c.json(
      output === 'geojson'
        ? lightningGeoJson(simulation.world, query)
        : lightningJson(simulation.world, query),
    );
  });

  return app;
}

/**
 * What both lightning endpoints read alike, by the provider's ranges and defaults: how far
 * around, in what order, which page, and in which format.
 */
export function lightningListing(params: URLSearchParams, defaultLimit: number) {
  return {
    radiusKm: rangeParam(
      params,
      'search_distance_km',
      providerRanges.search_distance_km,
      providerDefaults.search_distance_km,
    ),
    sort: choiceParam(params, 'sort', ['distance', 'time'] as const, providerDefaults.sort),
    skip: rangeParam(params, 'skip', providerRanges.skip, providerDefaults.skip),
    limit: rangeParam(params, 'limit', providerRanges.limit, defaultLimit),
    output: choiceParam(
      params,
      'output_type',
      ['json', 'geojson'] as const,
      providerDefaults.output_type,
    ),
  };
}
