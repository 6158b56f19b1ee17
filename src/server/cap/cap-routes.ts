import { type Context, Hono } from 'hono';
import type { StatusLevel } from '../../shared/safety/site-policy';
import type { AlarmStore } from '../alarms/alarm-store';
import type { Monitor, SiteRuntime } from '../watch/monitor';
import type { WatchStore } from '../watch/store';
import {
  addedTransition,
  capFeed,
  capMediaType,
  capOrigin,
  type CapSite,
  type CapStep,
  type CapTransition,
  drillCap,
  drillEntry,
  drillFeedMs,
  type FeedEntry,
  inForce,
  latestStep,
  siteCap,
  siteEntry,
} from './cap-message';

export interface CapOptions {
  store: Pick<WatchStore, 'listEvents'>;
  drills: Pick<AlarmStore, 'getDrill' | 'drillsSince'>;
  monitor: Pick<Monitor, 'ready' | 'get' | 'list'>;
  /** Server time, epoch ms. */
  clock: () => number;
  /** PUBLIC_URL (or the listen address): the sender and the links. */
  publicUrl: string;
}

/**
 * The level changes a message is worked out from, at most: an episode longer than this (a site
 * flapping between stop and caution all day) references its latest changes only.
 */
const historyRead = 200;
/** Drills a feed lists at most. */
const drillsListed = 50;
const atomMediaType = 'application/atom+xml';

/** Levels with a message in force: a stop, a caution, or no data to end one with. */
const alerting = new Set<StatusLevel>(['stop', 'caution', 'no_data']);

function capSite(runtime: SiteRuntime): CapSite {
  return {
    id: runtime.site.id,
    name: runtime.site.name,
    lat: runtime.site.lat,
    lon: runtime.site.lon,
    stopRingKm: runtime.policy.lightning.rings.stop,
  };
}

/** The reasons a change recorded (a JSON list of strings), or its first reason alone. */
function evidenceOf(stored: string, reason: string): string[] {
  try {
    const reasons: unknown = JSON.parse(stored);
    if (Array.isArray(reasons) && reasons.every((item) => typeof item === 'string'))
      return reasons as string[];
  } catch {
    // A record written otherwise still has its first reason.
  }
  return reason ? [reason] : [];
}

/** A site's CAP message as an answer: 200 with the message, or 204 when it has none. */
export type CapAnswer = { status: 200; body: string } | { status: 204 };

/**
 * CAP for the watch's sites: the builder (cap-message.ts) fed from the event log. `siteAnswer`
 * is what any route serving one site's message calls (the site's own route; a share link's).
 */
export function capService(options: CapOptions) {
  const origin = capOrigin(options.publicUrl);

  const siteStep = async (runtime: SiteRuntime): Promise<CapStep | undefined> => {
    const events = await options.store.listEvents({
      siteId: runtime.site.id,
      limit: historyRead,
    });
    const complete = events.length < historyRead;
    const transitions: CapTransition[] = events
      .map((event) => ({
        seq: event.seq,
        at: event.at,
        from: event.from_level as StatusLevel,
        to: event.to_level as StatusLevel,
        rule: event.rule,
        evidence: evidenceOf(event.evidence, event.reason),
      }))
      .sort((a, b) => a.seq - b.seq);
    if (complete) transitions.unshift(addedTransition(runtime.site.createdAt));
    return latestStep(runtime.site.id, transitions, complete);
  };

  return {
    /**
     * Undefined: no such site. `webPath`: the page the message links instead of the site's page
     * on the board (a share link's public page, for those who cannot open the board).
     */
    async siteAnswer(siteId: string, webPath?: string): Promise<CapAnswer | undefined> {
      await options.monitor.ready();
      const runtime = options.monitor.get(siteId);
      if (!runtime) return undefined;
      const step = await siteStep(runtime);
      return step
        ? { status: 200, body: siteCap(origin, { ...capSite(runtime), webPath }, step) }
        : { status: 204 };
    },

    /** Undefined: no such drill, or its site is no longer watched. */
    async drillMessage(drillId: string): Promise<string | undefined> {
      await options.monitor.ready();
      const drill = await options.drills.getDrill(drillId);
      const runtime = drill && options.monitor.get(drill.siteId);
      return runtime && drillCap(origin, capSite(runtime), drill);
    },

    /** Every site's message in force and the latest drills, as Atom. */
    async feed(): Promise<string> {
      await options.monitor.ready();
      const now = options.clock();
      const entries: FeedEntry[] = [];
      for (const runtime of options.monitor.list()) {
        // Only these levels can have a message in force; the others skip reading the log.
        if (!alerting.has(runtime.status.level)) continue;
        const step = await siteStep(runtime);
        if (inForce(step)) entries.push(siteEntry(origin, capSite(runtime), step));
      }
      for (const drill of await options.drills.drillsSince(now - drillFeedMs, drillsListed)) {
        const runtime = options.monitor.get(drill.siteId);
        if (runtime) entries.push(drillEntry(origin, capSite(runtime), drill));
      }
      return capFeed(origin, entries, now);
    },
  };
}

export type CapService = ReturnType<typeof capService>;

const xml = (c: Context, body: string, mediaType: string) =>
  c.body(body, 200, {
    'Content-Type': `${mediaType}; charset=utf-8`,
    // Consumers poll: each read asks again, none keeps a stale level.
    'Cache-Control': 'no-cache',
  });

/**
 * A site's CAP answer over HTTP: the message, a 204, or a 404 saying `missing`. Any route that
 * serves one site's message answers through this (a share link's `GET /public/:token/cap`: the
 * token's site, then `siteAnswer`), so every address of a message answers alike.
 */
export function capResponse(c: Context, answer: CapAnswer | undefined, missing: string) {
  if (!answer) return c.json({ error: missing }, 404);
  if (answer.status === 204) return c.body(null, 204, { 'Cache-Control': 'no-cache' });
  return xml(c, answer.body, capMediaType);
}

/** `GET /cap/sites/:id`, `GET /cap/drills/:id` and `GET /cap.atom`: open reads, as a kiosk's. */
export function capRoutes(service: CapService) {
  const app = new Hono();

  app.get('/cap/sites/:id', async (c) => {
    const id = c.req.param('id');
    return capResponse(c, await service.siteAnswer(id), `No site ${id}`);
  });

  app.get('/cap/drills/:id', async (c) => {
    const id = c.req.param('id');
    const message = await service.drillMessage(id);
    if (message === undefined) return c.json({ error: `No drill ${id} at a watched site` }, 404);
    return xml(c, message, capMediaType);
  });

  app.get('/cap.atom', async (c) => xml(c, await service.feed(), atomMediaType));

  return app;
}
