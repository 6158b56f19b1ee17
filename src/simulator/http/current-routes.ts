import { Hono } from 'hono';
import { providerDefaults } from '../../shared/api/provider-params';
import { alertsAt, alertsResponse } from '../api/alerts';
import { currentObservation } from '../api/current';
import { lightningEvents } from '../api/lightning';
import { parseLanguage, parseUnits, pointPlace, resolveLocation } from '../api/location';
import { minutelyPoints } from '../api/minutely-forecast';
import { badRequest } from '../api/provider-error';
import type { Place } from '../geo/place';
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

/** The strikes current/lightning lists when asked with its defaults (provider-params). */
function nearbyLightning(simulation: Simulation, place: Place, now: number) {
  const to = latestReport(place.lon, now) + 1;
  return lightningEvents(simulation.world, {
    place,
    radiusKm: providerDefaults.search_distance_km,
    from: now - providerDefaults.search_mins * 60,
    to,
    now,
    searchMins: providerDefaults.search_mins,
    date: utcDateString(now),
    sort: providerDefaults.sort,
    skip: providerDefaults.skip,
    limit: providerDefaults.currentLightningLimit,
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
  return pairs.map(([, latText = '', lonText = '']) => pointPlace(latText, lonText));
}
