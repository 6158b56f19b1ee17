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

/**
 * Provider units spent per UTC day and family, in SQLite under DATA_DIR, so a restart (or a
 * crash: every spend is its own transaction) does not forget what today has cost.
 */
export class QuotaLedger {
  private readonly db: Database.Database;
  private readonly addStatement: Database.Statement;
  private readonly dayStatement: Database.Statement;
  private readonly saveLimits: Database.Statement;
  private readonly readLimits: Database.Statement;

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
    this.saveLimits = this.db.prepare(
      `INSERT INTO provider_limits (id, quota_limit, remaining, reset, observed_at) VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET quota_limit = excluded.quota_limit, remaining = excluded.remaining,
         reset = excluded.reset, observed_at = excluded.observed_at`,
    );
    this.readLimits = this.db.prepare(
      'SELECT quota_limit, remaining, reset, observed_at FROM provider_limits WHERE id = 1',
    );
  }

  spend(family: QuotaFamily, units: number, now: number): void {
    if (units > 0) this.addStatement.run(utcDay(now), family, units);
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
}

export function utcDay(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}
