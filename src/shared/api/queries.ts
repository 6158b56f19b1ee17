import { z } from 'zod';
import { historyEndpoints } from '../quota/history-cost';
import { isIsoInstant } from '../time/clock';
import { isCalendarDate } from '../time/local-days';
import { deliveryPaging } from './channels';
import { blankIsAbsent, enumParam, rangeParam, serialIdParam } from './params';
import { eventPaging } from './watch';

/**
 * The queries of the BFF's own reads (the event log, the audit record, the delivery log, a
 * history request's cost): the server parses them with these (server/http/query.ts), its API
 * document states them from these, and the client's callers are typed by them.
 */

const instantRule = 'must be an ISO 8601 time, like 2026-07-15T18:00:00Z';
const instantParam = z
  .string()
  // Date.parse alone takes "7/15/2026"; a time in the record's filter starts with its date.
  .refine((text) => isIsoInstant(text) && /^\d{4}-\d{2}-\d{2}/.test(text), instantRule)
  .transform((text) => Date.parse(text))
  .meta({ format: 'date-time' });

/** A record's time filter and paging: since, until, before (an id of `what`), limit, format. */
const recordShape = (what: string) => ({
  since: blankIsAbsent(instantParam).meta({ description: 'Entries at or after this time' }),
  until: blankIsAbsent(instantParam).meta({ description: 'Entries before this time' }),
  before: serialIdParam(what)
    .optional()
    .meta({ description: `Entries older than this id (${what}), for the next page` }),
  limit: rangeParam({ min: 1, max: eventPaging.maxLimit, integer: true })
    .default(eventPaging.defaultLimit)
    .meta({ description: `A page's size (by default ${eventPaging.defaultLimit})` }),
  format: enumParam(['json', 'csv'])
    .optional()
    .meta({
      description: `csv: the whole filtered record as a download, at most ${eventPaging.csvMaxRows} rows`,
    }),
});

/** A window must end after it starts; said as the 400 says it. */
function untilAfterSince(value: { since?: number; until?: number }, ctx: z.RefinementCtx): void {
  if (value.since !== undefined && value.until !== undefined && value.until <= value.since)
    ctx.addIssue({
      code: 'custom',
      path: ['until'],
      message: 'Invalid until: must be after since',
    });
}

/** `GET /api/events`: the event log, newest first, one site's or all. */
export const eventsQuery = z
  .strictObject({
    ...recordShape('an event id'),
    site: blankIsAbsent(z.string()).meta({ description: "One site's events" }),
  })
  .superRefine(untilAfterSince);

/** `GET /api/audit`: the audit record, paged and exported as the event log is. */
export const auditQuery = z.strictObject(recordShape('an entry id')).superRefine(untilAfterSince);

/** `GET /api/deliveries`: the delivery log, newest first, one event's or one channel's. */
export const deliveriesQuery = z.strictObject({
  event: blankIsAbsent(serialIdParam('an event id')).meta({
    description: "One event's deliveries",
  }),
  channel: blankIsAbsent(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a channel id')).meta({
    description: "One channel's deliveries",
  }),
  limit: rangeParam({ min: 1, max: deliveryPaging.maxLimit, integer: true })
    .default(deliveryPaging.defaultLimit)
    .meta({ description: `How many attempts (by default ${deliveryPaging.defaultLimit})` }),
});

/**
 * `GET /api/quota/cost`: the history endpoint to price, beside that endpoint's own parameters
 * (checked by its own schema, endpoints.ts).
 */
export const quotaCostQuery = z.looseObject({
  endpoint: enumParam(historyEndpoints).meta({ description: 'The history endpoint to price' }),
});

/** `GET /api/stream`: where a resumed stream picks up (the Last-Event-ID header wins). */
export const streamQuery = z.strictObject({
  last_event_id: serialIdParam('an event id', 0)
    .optional()
    .meta({ description: 'Resume after this event id' }),
});

/** A stand-down report's bounds: the longest period one answer covers, in days. */
export const standdownLimits = { maxDays: 366 } as const;

const dateRule = 'must be a date YYYY-MM-DD, like 2026-07-15';
const dateParam = z.string().refine(isCalendarDate, dateRule);

/** `GET /api/reports/standdown`: whole days, both ends included, each site's in its own zone. */
export const standdownQuery = z
  .strictObject({
    from: dateParam.meta({ format: 'date', description: 'The first day, in each site’s zone' }),
    to: dateParam.meta({ format: 'date', description: 'The last day, included' }),
    site: blankIsAbsent(z.string()).meta({ description: 'One site’s report' }),
    format: enumParam(['json', 'csv'])
      .optional()
      .meta({ description: 'csv: one row per site and day, as a download' }),
  })
  .superRefine((value, ctx) => {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
    if (days < 1)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'Invalid to: must not be before from',
      });
    else if (days > standdownLimits.maxDays)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Invalid to: a report covers at most ${standdownLimits.maxDays} days from from`,
      });
  });

/**
 * `GET /api/stations/:id/readings`: the longest window one answer covers, the most points it
 * holds (a longer window is bucketed: a point then stands for several minutes), and the window
 * when none is given (the site page's chart).
 */
export const stationReadingsLimits = { maxDays: 7, maxPoints: 1440, defaultHours: 24 } as const;

/** Its window's rules, which need the server's now for the defaults: `stationReadingsWindow`. */
export const stationReadingsQuery = z.strictObject({
  since: blankIsAbsent(instantParam).meta({
    description: `Readings at or after this time (by default ${stationReadingsLimits.defaultHours} hours before until)`,
  }),
  until: blankIsAbsent(instantParam).meta({
    description: 'Readings before this time (by default now)',
  }),
});

/** The window a readings query asks for, its defaults filled in from `now`; or why it is refused. */
export function stationReadingsWindow(
  query: { since?: number; until?: number },
  now: number,
): { ok: true; since: number; until: number } | { ok: false; error: string } {
  const until = query.until ?? now;
  const since = query.since ?? until - stationReadingsLimits.defaultHours * 3_600_000;
  if (until <= since) return { ok: false, error: 'Invalid until: must be after since' };
  if (until - since > stationReadingsLimits.maxDays * 86_400_000)
    return {
      ok: false,
      error: `Invalid since: a request covers at most ${stationReadingsLimits.maxDays} days before until`,
    };
  return { ok: true, since, until };
}
