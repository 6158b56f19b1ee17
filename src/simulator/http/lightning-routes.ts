import { Hono } from 'hono';
import { lightningGeoJson, lightningJson, type LightningQuery } from '../api/lightning';
import { resolvePoint } from '../api/location';
import { choiceParam, integerParam } from '../api/params';
import { localDay } from '../time/zoned-time';
import { latestReport } from '../world/lightning';
import { charge, queryOf, type Simulation, type SimulatorEnv } from './context';

export function lightningRoutes(simulation: Simulation) {
  const app = new Hono<SimulatorEnv>();

  app.get('/current/lightning', (c) => {
    const params = queryOf(c);
    const place = resolvePoint(params);
    const now = simulation.now();
    const searchMins = integerParam(params, 'search_mins', { min: 1, max: 45, fallback: 30 });
    const query: LightningQuery = {
      place,
      radiusKm: integerParam(params, 'search_distance_km', { min: 1, max: 75, fallback: 20 }),
      from: now - searchMins * 60,
      // Sensors report every 5 minutes, radar estimates every 15: nothing newer exists yet.
      to: latestReport(place.lon, now) + 1,
      now,
      searchMins,
      date: localDay(now, place.timeZone).date,
      sort: choiceParam(params, 'sort', ['distance', 'time'] as const, 'distance'),
      skip: integerParam(params, 'skip', { min: 0, max: 1_000_000, fallback: 0 }),
      limit: integerParam(params, 'limit', { min: 1, max: 2500, fallback: 20 }),
    };
    const output = choiceParam(params, 'output_type', ['json', 'geojson'] as const, 'json');
    charge(c, simulation, 1);
    return c.json(
      output === 'geojson'
        ? lightningGeoJson(simulation.world, query)
        : lightningJson(simulation.world, query),
    );
  });

  return app;
}
