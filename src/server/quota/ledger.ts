import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { type QuotaFamily, quotaFamilies } from './request-cost';
import type { WatchDatabase } from '../db/database';
import type { Schema } from '../db/schema';

export interface ProviderLimits {
  limit: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
  observedAt: number;
}

/** Why a reservation was refused. */
export type BudgetRefusal =
  | { budget: 'daily'; limit: number; spent: number }
  | { budget: 'client'; limit: number; spent: number };

export interface Budgets {
  /** QUOTA_DAILY_LIMIT: units the whole deployment may spend a UTC day. */
  daily?: number;
  /** CLIENT_DAILY_UNITS: units one client may cause a UTC day. */
  perClient?: number;
}

/** A spend on record, to be given back if the provider did not count it. */
export interface Reservation {
  day: string;
  family: QuotaFamily;
  client: string;
  units: number;
  /** Whether the client's own count took it: only under a per-client budget. */
  clientCounted: boolean;
}

/**
 * A new observation of the provider's limits is written at most this often (s) by one replica,
 * unless the limit or its reset changed: the remaining count moves with every answer, and a
 * minute-old one does for /api/quota on the other replicas and after a restart.
 */
const limitsWriteEveryS = 60;

/** Thrown inside the reservation's transaction to roll it back. */
class Refused extends Error {
  constructor(readonly budget: BudgetRefusal['budget']) {
    super(`over the ${budget} budget`);
  }
}

/**
 * Provider units spent per UTC day and family, and per client, in Skydeck's database: SQLite in
 * DATA_DIR, or the PostgreSQL that every replica shares, so the budgets hold for all of them
 * together. A spend is written before the provider is asked (reserve, then settle), so a crash,
 * a kill or a retry given up on mid-flight is still on record: the ledger may count a unit the
 * provider did not, never the other way round.
 */
export class QuotaLedger {
  private readonly db: Kysely<Schema>;
  private prunedBefore = '';
  /** The provider's limits as last written or read here, for callers that cannot wait. */
  private lastLimits: ProviderLimits | undefined;
  /** The provider's limits as this replica last wrote them. */
  private writtenLimits: ProviderLimits | undefined;

  constructor(private readonly database: WatchDatabase) {
    this.db = database.db;
    // Known at once after a restart, as the old ledger's synchronous read was.
    database.ready.then(() => this.providerLimits()).catch(() => undefined);
  }

  /**
   * Puts `units` on record for today before they are spent, unless that would pass a budget:
   * then nothing is written and the refusal says which budget and how much of it is gone.
   *
   * One transaction: first the day's total grows by `units` in one conditional statement, which
   * PostgreSQL applies to the row as it stands after any concurrent writer (the row is locked,
   * the condition checked again), so no two replicas can both take the last units; then the
   * client's count, the same way, if a per-client budget applies (the count is for nothing
   * else); then the family's. A refusal rolls all of it back. Every
   * reservation and release locks the day's row first, so they cannot deadlock.
   */
  async reserve(
    family: QuotaFamily,
    client: string,
    units: number,
    now: number,
    budgets: Budgets,
  ): Promise<{ reservation: Reservation } | { refused: BudgetRefusal }> {
    await this.database.ready;
    const day = utcDay(now);
    if (day !== this.prunedBefore) {
      // Per-client counts matter for their day only; yesterday's are dropped once a day.
      this.prunedBefore = day;
      await this.db.deleteFrom('quota_client_spend').where('day', '<', day).execute();
    }
    const clientCounted = budgets.perClient !== undefined;
    const reservation = { day, family, client, units, clientCounted };
    if (units <= 0) return { reservation };
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!(await addWithin(trx, 'quota_days', sql`day`, [day], units, budgets.daily)))
          throw new Refused('daily');
        if (
          clientCounted &&
          !(await addWithin(
            trx,
            'quota_client_spend',
            sql`day, client`,
            [day, client],
            units,
            budgets.perClient,
          ))
        )
          throw new Refused('client');
        await addWithin(trx, 'quota_spend', sql`day, family`, [day, family], units, undefined);
      });
      return { reservation };
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      const limit = (error.budget === 'daily' ? budgets.daily : budgets.perClient) as number;
      const table = error.budget === 'daily' ? 'quota_days' : 'quota_client_spend';
      const spent = await this.units(table, day, client);
      return { refused: { budget: error.budget, limit, spent } };
    }
  }

  /** Gives a reservation back: the provider answered without counting it. */
  async release(reservation: Reservation): Promise<void> {
    if (reservation.units <= 0) return;
    const { day, family, client, units, clientCounted } = reservation;
    await this.database.ready;
    const less = { units: sql<number>`units - ${units}` };
    await this.db.transaction().execute(async (trx) => {
      // The day's row first, as in reserve().
      await trx.updateTable('quota_days').set(less).where('day', '=', day).execute();
      if (clientCounted)
        await trx
          .updateTable('quota_client_spend')
          .set(less)
          .where((eb) => eb.and({ day, client }))
          .execute();
      await trx
        .updateTable('quota_spend')
        .set(less)
        .where((eb) => eb.and({ day, family }))
        .execute();
    });
  }

  async today(now: number): Promise<{ total: number; byFamily: Record<QuotaFamily, number> }> {
    await this.database.ready;
    const byFamily = Object.fromEntries(quotaFamilies.map((family) => [family, 0])) as Record<
      QuotaFamily,
      number
    >;
    const rows = await this.db
      .selectFrom('quota_spend')
      .select(['family', 'units'])
      .where('day', '=', utcDay(now))
      .execute();
    for (const row of rows) byFamily[row.family as QuotaFamily] = Number(row.units);
    return { total: Object.values(byFamily).reduce((a, b) => a + b, 0), byFamily };
  }

  /** Keeps the newest observation: replicas' answers can arrive out of order. */
  async recordProviderLimits(limits: ProviderLimits): Promise<void> {
    if (!this.lastLimits || limits.observedAt >= this.lastLimits.observedAt)
      this.lastLimits = limits;
    const written = this.writtenLimits;
    if (
      written &&
      written.limit === limits.limit &&
      written.reset === limits.reset &&
      limits.observedAt - written.observedAt < limitsWriteEveryS
    )
      return;
    await this.database.ready;
    const row = {
      id: 1,
      quota_limit: limits.limit,
      remaining: limits.remaining,
      reset: limits.reset,
      observed_at: limits.observedAt,
    };
    await this.db
      .insertInto('quota_provider_limits')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            quota_limit: (eb) => eb.ref('excluded.quota_limit'),
            remaining: (eb) => eb.ref('excluded.remaining'),
            reset: (eb) => eb.ref('excluded.reset'),
            observed_at: (eb) => eb.ref('excluded.observed_at'),
          })
          .where('quota_provider_limits.observed_at', '<=', limits.observedAt),
      )
      .execute();
    this.writtenLimits = limits;
  }

  async providerLimits(): Promise<ProviderLimits | undefined> {
    await this.database.ready;
    const row = await this.db
      .selectFrom('quota_provider_limits')
      .select(['quota_limit', 'remaining', 'reset', 'observed_at'])
      .where('id', '=', 1)
      .executeTakeFirst();
    // What this replica saw last may be newer than what was written (see recordProviderLimits).
    if (row && (!this.lastLimits || row.observed_at >= this.lastLimits.observedAt))
      this.lastLimits = {
        limit: row.quota_limit,
        remaining: row.remaining,
        reset: row.reset,
        observedAt: row.observed_at,
      };
    return this.lastLimits;
  }

  /**
   * The provider's limits as this replica last wrote or read them, without waiting for the
   * database: for the watch's spend projection, which is computed synchronously.
   */
  knownProviderLimits(): ProviderLimits | undefined {
    return this.lastLimits;
  }

  private async units(
    table: 'quota_days' | 'quota_client_spend',
    day: string,
    client: string,
  ): Promise<number> {
    const row =
      table === 'quota_days'
        ? await this.db
            .selectFrom('quota_days')
            .select('units')
            .where('day', '=', day)
            .executeTakeFirst()
        : await this.db
            .selectFrom('quota_client_spend')
            .select('units')
            .where('day', '=', day)
            .where('client', '=', client)
            .executeTakeFirst();
    return Number(row?.units ?? 0);
  }
}

/**
 * Adds `units` to the counter row with this key, creating it, unless the sum would pass `limit`:
 * one statement, true when it added. The SELECT's WHERE guards a new row, the upsert's WHERE an
 * existing one (SQLite also needs the former to read ON CONFLICT as an upsert).
 */
async function addWithin(
  trx: Transaction<Schema>,
  table: 'quota_days' | 'quota_client_spend' | 'quota_spend',
  keyColumns: RawBuilder<unknown>,
  key: string[],
  units: number,
  limit: number | undefined,
): Promise<boolean> {
  // Typed casts: PostgreSQL cannot tell a bare parameter's type in a SELECT list.
  const number = (value: number) => sql`CAST(${value} AS bigint)`;
  const fits = (sum: RawBuilder<unknown>) =>
    limit === undefined ? sql`1 = 1` : sql`${sum} <= ${number(limit)}`;
  const target = sql.table(table);
  const { rows } = await sql<{ units: number }>`
    INSERT INTO ${target} (${keyColumns}, units)
    SELECT ${sql.join(key.map((part) => sql`CAST(${part} AS text)`))}, ${number(units)}
    WHERE ${fits(number(units))}
    ON CONFLICT (${keyColumns}) DO UPDATE SET units = ${target}.units + excluded.units
    WHERE ${fits(sql`${target}.units + excluded.units`)}
    RETURNING units`.execute(trx);
  return rows.length === 1;
}

export function utcDay(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}
