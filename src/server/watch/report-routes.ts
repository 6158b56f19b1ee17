import { Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { standdownQuery } from '../../shared/api/queries';
import type { ReportSiteJson, StanddownResponse } from '../../shared/api/report-answers';
import { csvLine } from '../../shared/csv';
import { ruleNames } from '../../shared/safety/site-status';
import { startOfLocalDay, addDays } from '../../shared/time/local-days';
import { parseQuery } from '../http/query';
import type { Monitor, SiteRuntime } from './monitor';
import { standdown } from './standdown';
import type { WatchStore } from './store';

export interface ReportRouteOptions {
  store: WatchStore;
  monitor: Monitor;
  /** Server time, epoch ms: an open interval counts to it. */
  clock: () => number;
  /** A signed-in operator: the report names sites and their record. */
  guards: MiddlewareHandler[];
}

/**
 * Level changes one site's report reads at most: a change a minute for a year is 527,040; a
 * record busier than this is refused rather than read into memory whole.
 */
const maxChangesPerSite = 100_000;

/**
 * The zone a site's days are counted in: the zone of its point as the provider names it, else
 * its schedule's, else UTC (a site the watch has not yet had an answer for).
 */
function siteZone(runtime: SiteRuntime): string {
  return runtime.timeZone ?? runtime.schedule?.timezone ?? 'UTC';
}

/** `GET /api/reports/standdown`: hours stood down per site and day, from the event log. */
export function reportRoutes({ store, monitor, clock, guards }: ReportRouteOptions) {
  const app = new Hono();
  app.get('/reports/standdown', every(...guards), async (c) => {
    const query = parseQuery(standdownQuery, new URL(c.req.url).searchParams);
    if (!query.ok) return c.json({ error: query.error }, 400);
    const { from, to, site, format } = query.value;
    const runtimes = monitor
      .list()
      .filter((runtime) => site === undefined || runtime.site.id === site)
      .sort((a, b) => a.site.name.localeCompare(b.site.name));
    if (site !== undefined && runtimes.length === 0)
      return c.json({ error: `No site ${site}` }, 404);
    const now = clock();
    const sites: ReportSiteJson[] = [];
    for (const runtime of runtimes) {
      const timeZone = siteZone(runtime);
      const changes = await store.levelChanges(
        runtime.site.id,
        startOfLocalDay(timeZone, from),
        startOfLocalDay(timeZone, addDays(to, 1)),
        maxChangesPerSite + 1,
      );
      // One led by the change before the window, the rest inside it.
      if (changes.length > maxChangesPerSite + 1)
        return c.json(
          {
            error:
              `Invalid to: ${runtime.site.name} changed level more than ${maxChangesPerSite} ` +
              'times in this period; ask for a shorter one',
          },
          400,
        );
      sites.push({
        id: runtime.site.id,
        name: runtime.site.name,
        timezone: timeZone,
        ...standdown({ changes, from, to, timeZone, now }),
      });
    }
    const zones = new Set(sites.map((entry) => entry.timezone));
    const answer = {
      from,
      to,
      timezone: zones.size === 1 ? (sites[0]?.timezone ?? null) : null,
      now: new Date(now).toISOString(),
      sites,
    } satisfies StanddownResponse;
    if (format !== 'csv') return c.json(answer);
    return c.body(standdownCsv(answer), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="skydeck-standdown-${from}-to-${to}.csv"`,
    });
  });
  return app;
}

const ruleColumns = ruleNames.map((rule) => `stop_${rule}_minutes`);
const csvColumns = [
  'site_id',
  'site_name',
  'timezone',
  'date',
  'stop_minutes',
  'caution_minutes',
  'no_data_minutes',
  ...ruleColumns,
];

/** One row per site and local day, as the JSON's `days`; text cells guarded (csvLine). */
function standdownCsv(report: StanddownResponse): string {
  const rows = report.sites.flatMap((site) =>
    site.days.map((day) =>
      csvLine([
        site.id,
        site.name,
        site.timezone,
        day.date,
        day.stop_minutes,
        day.caution_minutes,
        day.no_data_minutes,
        ...ruleNames.map((rule) => day.by_rule[rule]),
      ]),
    ),
  );
  return csvLine(csvColumns) + rows.join('');
}
