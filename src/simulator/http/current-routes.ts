import { Hono } from 'hono';
import { alertsAt, alertsResponse } from '../api/alerts';
import { currentObservation } from '../api/current';
import { lightningEvents } from '../api/lightning';
import { parseLanguage, parseUnits, resolveLocation } from '../api/location';
import { minutelyPoints } from '../api/minutely-forecast';
import { badRequest } from '../api/provider-error';
import { placeAt, type Place } from '../geo/place';
import { utcDateString } from '../../shared/time/dates';
import { latestReport } from '../world/lightning';
import { charge, queryOf, type Simulation, type SimulatorEnv } from './context';

const addOns = ['minutely', 'alerts', 'lightning'] as const;
type AddOn = (typeof addOns)[number];
const maxPoints = 100;

export function currentRoutes(simulation: Simulation) {
  const app = new Hono<SimulatorEnv>();
  const { world } = simulation;

  app.get('/current', (c) => {
    const params = queryOf(c);
    const units = parseUnits(params);
    const lang = parseLanguage(params);
    const include = parseInclude(params.get('include'));
    const places = params.has('points')
      ? parsePoints(params.get('points') ?? '')
      : [resolveLocation(params)];
    // Each add-on counts as one more request (reference.md); so, our decision, does each point.
    charge(c, simulation, places.length + include.length);
    const now = simulation.now();
    const data = places.map((place) => currentObservation(world, place, now, units, lang));
    const first = places[0] as Place;
    return c.json({
      count: data.length,
      data,
      ...(include.includes('minutely') && { minutely: minutelyPoints(world, first, now, units) }),
      ...(include.includes('alerts') && { alerts: alertsAt(world, first, now) }),
      ...(include.includes('lightning') && { lightning: nearbyLightning(simulation, first, now) }),
    });
  });

  app.get('/alerts', (c) => {
    const place = resolveLocation(queryOf(c));
    charge(c, simulation, 1);
    return c.json(alertsResponse(world, place, simulation.now()));
  });

  return app;
}

/** The current/lightning defaults: 20 nearest strikes within 20 km in the last 30 minutes. */
function nearbyLightning(simulation: Simulation, place: Place, now: number) {
  const to = latestReport(place.lon, now) + 1;
  return lightningEvents(simulation.world, {
    place,
    radiusKm: 20,
    from: now - 30 * 60,
    to,
    now,
    searchMins: 30,
    date: utcDateString(now),
    sort: 'distance',
    skip: 0,
    limit: 20,
  }).events;
}

function parseInclude(raw: string | null): AddOn[] {
  if (raw === null || raw.trim() === '') return [];
  const parts = raw.split(',').map((part) => part.trim().toLowerCase());
  const chosen = parts.filter((part): part is AddOn =>
    (addOns as readonly string[]).includes(part),
  );
  if (chosen.length !== parts.length) {
    throw badRequest(
      `Invalid include supplied. Must be a comma-separated list of ${addOns.join(', ')}`,
    );
  }
  return [...new Set(chosen)];
}

function parsePoints(raw: string): Place[] {
  const pairs = [...raw.matchAll(/\(\s*([-+\d.]+)\s*,\s*([-+\d.]+)\s*\)/g)];
  const rest = raw.replace(/\(\s*[-+\d.]+\s*,\s*[-+\d.]+\s*\)/g, '').replace(/[\s,]/g, '');
  if (pairs.length === 0 || rest !== '') {
    throw badRequest('Invalid points supplied. Must be a comma-separated list of (lat, lon) pairs');
  }
  if (pairs.length > maxPoints)
    throw badRequest(`Invalid points supplied. At most ${maxPoints} points`);
  return pairs.map(([, latText, lonText]) => {
    const lat = Number(latText);
    const lon = Number(lonText);
    if (!Number.isFinite(lat) || lat < -90 || lat > 90)
      throw badRequest('Invalid lat supplied. Must be between -90 and +90');
    if (!Number.isFinite(lon) || lon < -180 || lon > 180)
      throw badRequest('Invalid lon supplied. Must be between -180 and +180');
    return placeAt(lat, lon);
  });
}
