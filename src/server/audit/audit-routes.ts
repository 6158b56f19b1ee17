import { Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { auditQuery } from '../../shared/api/queries';
import type { AuditResponse } from '../../shared/api/operator-answers';
import { csvLine } from '../../shared/csv';
import { parseQuery } from '../http/query';
import { requireAdmin } from '../watch/auth/roles';
import type { OperatorEnv } from '../watch/auth/sessions';
import { pagedCsv, recordFilter } from '../watch/routes';
import { type AuditLog, auditCsvCells, auditCsvColumns, auditJson } from './audit-log';

export interface AuditRouteOptions {
  audit: AuditLog;
  clock: () => number;
  /** A signed-in operator (the admin check comes after). */
  guards: MiddlewareHandler[];
}

/**
 * `GET /audit?since=&until=&before=&limit=&format=csv`, for admins: the record of who changed
 * what, newest first, paged as the event log is (and exported the same way, CSV-injection guard
 * included).
 */
export function auditRoutes(options: AuditRouteOptions) {
  const { audit } = options;
  const app = new Hono<OperatorEnv>();
  app.get('/audit', every(...options.guards, requireAdmin()), async (c) => {
    const query = parseQuery(auditQuery, new URL(c.req.url).searchParams);
    if (!query.ok) return c.json({ error: query.error }, 400);
    c.header('Cache-Control', 'no-store');
    const { since, until, beforeId, limit } = recordFilter(query.value);
    if (query.value.format === 'csv')
      return pagedCsv(c, {
        name: 'audit',
        header: csvLine(auditCsvColumns),
        beforeId,
        page: (before, size) => audit.list({ since, until, beforeId: before, limit: size }),
        row: (row) => csvLine(auditCsvCells(row)),
        now: options.clock(),
      });
    const rows = await audit.list({ since, until, beforeId, limit });
    const last = rows.at(-1);
    return c.json({
      entries: rows.map(auditJson),
      next_before: rows.length === limit && last ? last.id : null,
    } satisfies AuditResponse);
  });
  return app;
}
