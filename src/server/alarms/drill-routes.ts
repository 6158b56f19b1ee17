import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { DrillJson, DrillResponse, DrillsResponse } from '../../shared/api/channel-answers';
import { drillIntervalSeconds } from '../../shared/api/channels';
import type { AuditRecorder } from '../audit/audit-log';
import { newRecordId } from '../db/ids';
import { jsonBodyLimit } from '../watch/json-body';
import { type AlarmStore, type Drill, drillKind } from './alarm-store';
import type { AlarmDispatcher, SiteView } from './dispatcher';

export interface DrillRouteOptions {
  store: AlarmStore;
  dispatcher: AlarmDispatcher;
  /** Server time, epoch ms. */
  clock: () => number;
  /** A signed-in operator (any role) and the write header, as the watch's writes. */
  writeGuards: MiddlewareHandler[];
  operatorOf: (c: Context) => string;
  record: AuditRecorder;
  site: (id: string) => SiteView | undefined;
  ready: () => Promise<void>;
}

/** A site's drills a read returns, newest first. */
const drillsListed = 20;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `POST /sites/:id/drill` (202) and `GET /sites/:id/drills`: a drill sends every channel that
 * would hear a stop at the site a message marked DRILL; the site's level and the event log are
 * left alone, and the drill is kept in its own append-only record with what was sent.
 */
export function drillRoutes(options: DrillRouteOptions) {
  const { store, dispatcher, clock } = options;
  const app = new Hono();

  const present = async (drill: Drill): Promise<DrillJson> => {
    const deliveries = new Map(
      (await store.deliveriesOfKind(drillKind(drill.id))).map((row) => [row.channel_id, row]),
    );
    return {
      id: drill.id,
      site_id: drill.siteId,
      site_name: drill.siteName,
      at: iso(drill.at),
      started_by: drill.startedBy,
      deliveries: drill.channels.map((channel) => {
        const delivery = deliveries.get(channel.channel_id);
        return {
          ...channel,
          delivery_id: delivery?.id ?? null,
          outcome: delivery?.outcome ?? null,
        };
      }),
    };
  };

  const tooSoon = (c: Context, last: Drill) =>
    c.json(
      {
        error:
          `Too many drills: at most one a site every ${drillIntervalSeconds} seconds; ` +
          `the last here was started at ${iso(last.at)} by ${last.startedBy}`,
      },
      429,
      {
        'Retry-After': String(
          Math.max(1, Math.ceil((last.at + drillIntervalSeconds * 1000 - clock()) / 1000)),
        ),
      },
    );

  app.post('/sites/:id/drill', every(jsonBodyLimit(1024), ...options.writeGuards), async (c) => {
    await options.ready();
    const id = c.req.param('id');
    const site = options.site(id);
    if (!site) return c.json({ error: `No site ${id}` }, 404);
    const [last] = await store.listDrills(id, 1);
    if (last && clock() - last.at < drillIntervalSeconds * 1000) return tooSoon(c, last);
    const drill = await dispatcher.drill(site, options.operatorOf(c), newRecordId());
    if (!drill) {
      // Another request (or replica) started one this minute, between the read and the write.
      const [winner] = await store.listDrills(id, 1);
      return tooSoon(c, winner as Drill);
    }
    await options.record(c, {
      action: 'site.drill',
      target: id,
      detail: { drill: drill.id, channels: drill.channels.length },
    });
    return c.json({ drill: await present(drill) } satisfies DrillResponse, 202);
  });

  app.get('/sites/:id/drills', async (c) => {
    await options.ready();
    const id = c.req.param('id');
    const drills = await store.listDrills(id, drillsListed);
    if (drills.length === 0 && !options.site(id)) return c.json({ error: `No site ${id}` }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json({
      drills: await Promise.all(drills.map(present)),
    } satisfies DrillsResponse);
  });

  return app;
}
