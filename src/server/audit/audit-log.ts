import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AuditEntryJson } from '../../shared/api/operator-answers';
import type { AuditRow, Schema } from '../db/schema';

/** One thing that happened, as a route tells it; who and from where come from the request. */
export interface AuditFact {
  action: string;
  target: string;
  detail?: Record<string, unknown>;
  /** Who did it, when not the request's signed-in operator (a sign-in); null for nobody. */
  operator?: string | null;
}

/** Records a fact of the request `c`: its operator (unless the fact names one) and address. */
export type AuditRecorder = (c: Context, fact: AuditFact) => Promise<void>;

export interface AuditFilter {
  /** Epoch ms, inclusive. */
  since?: number;
  /** Epoch ms, exclusive. */
  until?: number;
  /** Only entries with a smaller id (paging newest first). */
  beforeId?: number;
  limit: number;
}

/**
 * The audit record: every change to sites, policies, channels and operators, every
 * acknowledgement, sign-in and failed sign-in, with who and from where. Only ever appended to:
 * the database's triggers refuse UPDATE and DELETE, whoever holds a connection.
 */
export class AuditLog {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly clock: () => number,
  ) {}

  async append(
    entry: Required<Omit<AuditFact, 'operator'>> & { operator: string | null; address: string },
  ): Promise<void> {
    await this.db
      .insertInto('audit')
      .values({
        at: this.clock(),
        operator: entry.operator,
        address: entry.address,
        action: entry.action,
        target: entry.target,
        detail: JSON.stringify(entry.detail),
      })
      .execute();
  }

  /** Newest first, a page at a time. */
  async list(filter: AuditFilter): Promise<AuditRow[]> {
    let query = this.db.selectFrom('audit').selectAll();
    if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
    if (filter.until !== undefined) query = query.where('at', '<', filter.until);
    if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
    return query.orderBy('id', 'desc').limit(filter.limit).execute();
  }

  /**
   * The recorder routes use: the operator the request's session names (`operatorOf`) and the
   * client's address as the rate limiter tells clients apart.
   */
  recorder(
    operatorOf: (c: Context) => string | undefined,
    addressOf: (c: Context) => string,
  ): AuditRecorder {
    return (c, fact) =>
      this.append({
        action: fact.action,
        target: fact.target,
        detail: fact.detail ?? {},
        operator: fact.operator === undefined ? (operatorOf(c) ?? null) : fact.operator,
        address: addressOf(c),
      });
  }
}

export function auditJson(row: AuditRow): AuditEntryJson {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    operator: row.operator,
    address: row.address,
    action: row.action,
    target: row.target,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
  };
}

export const auditCsvColumns = [
  'id',
  'at',
  'operator',
  'address',
  'action',
  'target',
  'detail',
] as const;

/** The CSV's cells of one entry: its detail as the JSON it is stored as. */
export const auditCsvCells = (row: AuditRow) => {
  const json = auditJson(row);
  return auditCsvColumns.map((column) =>
    column === 'detail' ? row.detail : (json[column] as string | number | null),
  );
};
