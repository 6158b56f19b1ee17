import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { type QuotaFamily, quotaFamilies } from '../../shared/quota/request-cost';

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
}

/**
 * Provider units spent per UTC day and family, and per client, in SQLite under DATA_DIR. A spend
 * is written before the provider is asked (reserve, then settle), so a crash, a kill or a retry
 * given up on mid-flight is still on record: the ledger may count a unit the provider did not,
 * never the other way round.
 */
export class QuotaLedger {
  private readonly db: Database.Database;
  private readonly addStatement: Database.Statement;
  private readonly dayStatement: Database.Statement;
  private readonly saveLimits: Database.Statement;
  private readonly readLimits: Database.Statement;
  private readonly dayTotal: Database.Statement;
  private readonly clientTotal: Database.Statement;
  private readonly addClient: Database.Statement;
  private readonly pruneClients: Database.Statement;
  private readonly reserveTransaction: (
    reservation: Reservation,
    budgets: Budgets,
  ) => BudgetRefusal | undefined;
  private prunedBefore = '';

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, 'skydeck.sqlite'));
    this.db.pragma('journal_mode = WAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS spend (
        day TEXT NOT NULL,
        family TEXT NOT NULL,
        units INTEGER NOT NULL,
        PRIMARY KEY (day, family)
      );
      CREATE TABLE IF NOT EXISTS client_spend (
        day TEXT NOT NULL,
        client TEXT NOT NULL,
        units INTEGER NOT NULL,
        PRIMARY KEY (day, client)
      );
      CREATE TABLE IF NOT EXISTS provider_limits (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        quota_limit INTEGER NOT NULL,
        remaining INTEGER NOT NULL,
        reset INTEGER NOT NULL,
        observed_at INTEGER NOT NULL
      );
    `);
    this.addStatement = this.db.prepare(
      `INSERT INTO spend (day, family, units) VALUES (?, ?, ?)
       ON CONFLICT (day, family) DO UPDATE SET units = units + excluded.units`,
    );
    this.dayStatement = this.db.prepare('SELECT family, units FROM spend WHERE day = ?');
    this.dayTotal = this.db
      .prepare('SELECT COALESCE(SUM(units), 0) FROM spend WHERE day = ?')
      .pluck();
    this.clientTotal = this.db
      .prepare('SELECT COALESCE(SUM(units), 0) FROM client_spend WHERE day = ? AND client = ?')
      .pluck();
    this.addClient = this.db.prepare(
      `INSERT INTO client_spend (day, client, units) VALUES (?, ?, ?)
       ON CONFLICT (day, client) DO UPDATE SET units = units + excluded.units`,
    );
    this.pruneClients = this.db.prepare('DELETE FROM client_spend WHERE day < ?');
    // One transaction checks both budgets and writes the spend: no two reservations can both
    // pass a check that only one of them fits.
    this.reserveTransaction = this.db.transaction((reservation: Reservation, budgets: Budgets) => {
      const { day, family, client, units } = reservation;
      if (budgets.daily !== undefined) {
        const spent = this.dayTotal.get(day) as number;
        if (spent + units > budgets.daily)
          return { budget: 'daily' as const, limit: budgets.daily, spent };
      }
      if (budgets.perClient !== undefined) {
        const spent = this.clientTotal.get(day, client) as number;
        if (spent + units > budgets.perClient)
          return { budget: 'client' as const, limit: budgets.perClient, spent };
      }
      this.addStatement.run(day, family, units);
      this.addClient.run(day, client, units);
      return undefined;
    });
    this.saveLimits = this.db.prepare(
      `INSERT INTO provider_limits (id, quota_limit, remaining, reset, observed_at) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET quota_limit = excluded.quota_limit, remaining = excluded.remaining,
         reset = excluded.reset, observed_at = excluded.observed_at`,
    );
    this.readLimits = this.db.prepare(
      'SELECT quota_limit, remaining, reset, observed_at FROM provider_limits WHERE id = 1',
    );
  }

  /**
   * Puts `units` on record for today before they are spent, unless that would pass a budget:
   * then nothing is written and the refusal says which budget and how much of it is gone.
   */
  reserve(
    family: QuotaFamily,
    client: string,
    units: number,
    now: number,
    budgets: Budgets,
  ): { reservation: Reservation } | { refused: BudgetRefusal } {
    const day = utcDay(now);
    if (day !== this.prunedBefore) {
      // Per-client counts matter for their day only; yesterday's are dropped once a day.
      this.pruneClients.run(day);
      this.prunedBefore = day;
    }
    const reservation = { day, family, client, units };
    if (units <= 0) return { reservation };
    const refused = this.reserveTransaction(reservation, budgets);
    return refused ? { refused } : { reservation };
  }

  /** Gives a reservation back: the provider answered without counting it. */
  release(reservation: Reservation): void {
    if (reservation.units <= 0) return;
    const { day, family, client, units } = reservation;
    this.db.transaction(() => {
      this.addStatement.run(day, family, -units);
      this.addClient.run(day, client, -units);
    })();
  }

  today(now: number): { total: number; byFamily: Record<QuotaFamily, number> } {
    const byFamily = Object.fromEntries(quotaFamilies.map((family) => [family, 0])) as Record<
      QuotaFamily,
      number
    >;
    for (const row of this.dayStatement.all(utcDay(now)) as {
      family: QuotaFamily;
      units: number;
    }[]) {
      byFamily[row.family] = row.units;
    }
    return { total: Object.values(byFamily).reduce((a, b) => a + b, 0), byFamily };
  }

  recordProviderLimits(limits: ProviderLimits): void {
    this.saveLimits.run(limits.limit, limits.remaining, limits.reset, limits.observedAt);
  }

  providerLimits(): ProviderLimits | undefined {
    const row = this.readLimits.get() as
      { quota_limit: number; remaining: number; reset: number; observed_at: number } | undefined;
    return (
      row && {
        limit: row.quota_limit,
        remaining: row.remaining,
        reset: row.reset,
        observedAt: row.observed_at,
      }
    );
  }

  close(): void {
    this.db.close();
  }

  /** A trivial query for the readiness probe: throws when the database cannot answer. */
  ping(): void {
    this.db.prepare('SELECT 1').get();
  }
}

export function utcDay(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}
