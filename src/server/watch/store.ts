import { newRecordId } from '../db/ids';
import { type Kysely, sql } from 'kysely';
import type { WatchDatabase } from '../db/database';
import type { OperatorRole } from '../../shared/api/operators';
import type { PolicyChange } from '../../shared/safety/policy-diff';
import type { EventRow, NewEvent, Schema, SiteRow } from '../db/schema';
import { deletePublicSubscriptions } from '../alarms/push-store';

export interface SiteRecord {
  id: string;
  name: string;
  lat: number;
  lon: number;
  notes: string;
  /** JSON as stored; the caller parses it with the policy schema. */
  policy: string;
  /** JSON as stored, null: always active; the caller parses it with the schedule schema. */
  schedule: string | null;
  /** JSON as stored ({at}), null: no forecast notice. */
  outlookNotice: string | null;
  createdAt: number;
  updatedAt: number;
  createdBy: string;
}

export interface EventRecord extends EventRow {
  acknowledged_by: string | null;
  acknowledged_at: number | null;
  ack_note: string | null;
}

export interface EventFilter {
  siteId?: string;
  /** Epoch ms, inclusive. */
  since?: number;
  /** Epoch ms, exclusive. */
  until?: number;
  /** Only events with a smaller id (paging newest first). */
  beforeId?: number;
  /** Only events with a larger id (catching up, oldest first). */
  afterId?: number;
  limit: number;
}

/** Rows a statement stores at most: three parameters each, well inside SQLite's 32,766. */
const statesPerStatement = 500;

const unacknowledged = (row: EventRow): EventRecord => ({
  ...row,
  acknowledged_by: null,
  acknowledged_at: null,
  ack_note: null,
});

const toSite = (row: SiteRow): SiteRecord => ({
  id: row.id,
  name: row.name,
  lat: row.lat,
  lon: row.lon,
  notes: row.notes,
  policy: row.policy,
  schedule: row.schedule ?? null,
  outlookNotice: row.outlook_notice ?? null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  createdBy: row.created_by,
});

/** Every read and write of the watch's tables, on either engine. */
export class WatchStore {
  readonly db: Kysely<Schema>;

  constructor(readonly database: WatchDatabase) {
    this.db = database.db;
  }

  /**
   * Runs `work` while no other replica runs work of the same name: under a PostgreSQL advisory
   * lock held on one connection meanwhile. One process on SQLite has nobody to wait for.
   */
  async exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
    if (this.database.engine !== 'postgres') return work();
    return this.db.connection().execute(async (connection) => {
      const key = sql`hashtext(${`skydeck:${name}`})`;
      await sql`SELECT pg_advisory_lock(${key})`.execute(connection);
      try {
        return await work();
      } finally {
        await sql`SELECT pg_advisory_unlock(${key})`.execute(connection);
      }
    });
  }

  async listSites(): Promise<SiteRecord[]> {
    const rows = await this.db
      .selectFrom('sites')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toSite);
  }

  async getSite(id: string): Promise<SiteRecord | undefined> {
    const row = await this.db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toSite(row);
  }

  async countSites(): Promise<number> {
    const row = await this.db
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether any site was ever created here (deleted ones included). */
  async hasSiteHistory(): Promise<boolean> {
    const row = await this.db.selectFrom('site_changes').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async createSite(
    site: Omit<
      SiteRecord,
      'id' | 'createdAt' | 'updatedAt' | 'createdBy' | 'schedule' | 'outlookNotice'
    > & {
      schedule?: string | null;
      outlookNotice?: string | null;
    },
    operator: string,
    now: number,
  ): Promise<SiteRecord> {
    const record: SiteRecord = {
      ...site,
      schedule: site.schedule ?? null,
      outlookNotice: site.outlookNotice ?? null,
      id: newRecordId(),
      createdAt: now,
      updatedAt: now,
      createdBy: operator,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sites')
        .values({
          id: record.id,
          name: record.name,
          lat: record.lat,
          lon: record.lon,
          notes: record.notes,
          policy: record.policy,
          schedule: record.schedule,
          outlook_notice: record.outlookNotice,
          created_at: now,
          updated_at: now,
          created_by: operator,
        })
        .execute();
      await trx
        .insertInto('site_changes')
        .values({
          site_id: record.id,
          at: now,
          operator,
          action: 'create',
          detail: JSON.stringify({
            name: site.name,
            lat: site.lat,
            lon: site.lon,
            policy: JSON.parse(site.policy),
            schedule: record.schedule && JSON.parse(record.schedule),
            outlook_notice: record.outlookNotice && JSON.parse(record.outlookNotice),
          }),
        })
        .execute();
    });
    return record;
  }

  async updateSite(
    id: string,
    changes: Partial<
      Pick<SiteRecord, 'name' | 'lat' | 'lon' | 'notes' | 'policy' | 'schedule' | 'outlookNotice'>
    >,
    operator: string,
    now: number,
    /** What the edit changed in the policy, field by field, kept in the change's detail. */
    policyChanges?: readonly PolicyChange[],
  ): Promise<SiteRecord | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const { outlookNotice, ...columns } = changes;
      const result = await trx
        .updateTable('sites')
        .set({
          ...columns,
          ...(outlookNotice !== undefined ? { outlook_notice: outlookNotice } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      await trx
        .insertInto('site_changes')
        .values({
          site_id: id,
          at: now,
          operator,
          action: 'update',
          detail: JSON.stringify({
            ...columns,
            policy: changes.policy && JSON.parse(changes.policy),
            ...(outlookNotice !== undefined
              ? { outlook_notice: outlookNotice && JSON.parse(outlookNotice) }
              : {}),
            ...(changes.schedule !== undefined
              ? { schedule: changes.schedule && JSON.parse(changes.schedule) }
              : {}),
            ...(policyChanges ? { policy_changes: policyChanges } : {}),
          }),
        })
        .execute();
      const row = await trx
        .selectFrom('sites')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return toSite(row);
    });
  }

  async deleteSite(id: string, operator: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('sites').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await trx.deleteFrom('watch_state').where('site_id', '=', id).execute();
      // A deleted site's public link goes with it.
      await trx.deleteFrom('site_shares').where('site_id', '=', id).execute();
      // And the browsers that followed it from that link.
      await deletePublicSubscriptions(trx, id);
      await trx
        .insertInto('site_changes')
        .values({ site_id: id, at: now, operator, action: 'delete', detail: '{}' })
        .execute();
      return true;
    });
  }

  async siteChanges(siteId: string, limit: number) {
    return this.db
      .selectFrom('site_changes')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Appends an event as its site's next transition, whatever number that is. */
  async appendEvent(event: Omit<NewEvent, 'seq'>): Promise<EventRecord> {
    const next = sql<number>`(SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE site_id = ${event.site_id})`;
    const row = await this.db
      .insertInto('events')
      .values({ ...event, seq: next })
      .returningAll()
      .executeTakeFirstOrThrow();
    return unacknowledged(row);
  }

  /**
   * Records the site's transition number `seq`, unless it is on record already: then undefined,
   * and nothing is written. Another replica has taken the watch and recorded it first.
   */
  async recordTransition(event: NewEvent): Promise<EventRecord | undefined> {
    const row = await this.db
      .insertInto('events')
      .values(event)
      .onConflict((oc) => oc.columns(['site_id', 'seq']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && unacknowledged(row);
  }

  /** Each site's last recorded transition: its number, the level it went to, and when. */
  async lastTransitions(): Promise<
    Map<string, { seq: number; level: string; at: number; offHours: number | null }>
  > {
    const { rows } = await sql<{
      site_id: string;
      seq: number;
      to_level: string;
      at: number;
      off_hours: number | null;
    }>`
      SELECT events.site_id, events.seq, events.to_level, events.at, events.off_hours FROM sites
      JOIN events ON events.site_id = sites.id
        AND events.seq = (SELECT MAX(seq) FROM events WHERE site_id = sites.id)`.execute(this.db);
    return new Map(
      rows.map((row) => [
        row.site_id,
        {
          seq: Number(row.seq),
          level: row.to_level,
          at: Number(row.at),
          offHours: row.off_hours === null ? null : Number(row.off_hours),
        },
      ]),
    );
  }

  async listEvents(filter: EventFilter): Promise<EventRecord[]> {
    let query = this.db
      .selectFrom('events')
      .leftJoin('acknowledgements', 'acknowledgements.event_id', 'events.id')
      .selectAll('events')
      .select([
        'acknowledgements.operator as acknowledged_by',
        'acknowledgements.at as acknowledged_at',
        'acknowledgements.note as ack_note',
      ]);
    if (filter.siteId !== undefined) query = query.where('events.site_id', '=', filter.siteId);
    if (filter.since !== undefined) query = query.where('events.at', '>=', filter.since);
    if (filter.until !== undefined) query = query.where('events.at', '<', filter.until);
    if (filter.beforeId !== undefined) query = query.where('events.id', '<', filter.beforeId);
    if (filter.afterId !== undefined) query = query.where('events.id', '>', filter.afterId);
    const ascending = filter.afterId !== undefined;
    const rows = await query
      .orderBy('events.id', ascending ? 'asc' : 'desc')
      .limit(filter.limit)
      .execute();
    return rows as EventRecord[];
  }

  /**
   * A site's level changes from `since` to `until` (epoch ms), oldest first, led by the last one
   * before `since` (the level the window opens at): at most `limit` inside the window.
   */
  async levelChanges(
    siteId: string,
    since: number,
    until: number,
    limit: number,
  ): Promise<{ at: number; to: string; rule: string }[]> {
    const columns = ['at', 'to_level as to', 'rule'] as const;
    const before = await this.db
      .selectFrom('events')
      .select(columns)
      .where('site_id', '=', siteId)
      .where('at', '<', since)
      .orderBy('at', 'desc')
      .orderBy('seq', 'desc')
      .limit(1)
      .execute();
    const inside = await this.db
      .selectFrom('events')
      .select(columns)
      .where('site_id', '=', siteId)
      .where('at', '>=', since)
      .where('at', '<', until)
      .orderBy('at', 'asc')
      .orderBy('seq', 'asc')
      .limit(limit)
      .execute();
    return [...before, ...inside];
  }

  async getEvent(id: number): Promise<EventRecord | undefined> {
    const [row] = await this.listEvents({ afterId: id - 1, limit: 1 });
    return row?.id === id ? row : undefined;
  }

  async latestEventId(): Promise<number> {
    const row = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** First acknowledgement wins; a second is refused with who was first. */
  async acknowledge(
    eventId: number,
    operator: string,
    note: string,
    now: number,
  ): Promise<{ ok: true } | { ok: false; by: string }> {
    return this.db.transaction().execute(async (trx) => {
      const held = await trx
        .selectFrom('acknowledgements')
        .select('operator')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      if (held) return { ok: false as const, by: held.operator };
      await trx
        .insertInto('acknowledgements')
        .values({ event_id: eventId, operator, note, at: now })
        .execute();
      return { ok: true as const };
    });
  }

  async loadStates(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('watch_state').select(['site_id', 'state']).execute();
    return new Map(rows.map((row) => [row.site_id, row.state]));
  }

  /** One site as the watch last left it: its record, its state and its last transition. */
  async loadSite(id: string) {
    const [site, state, transition] = await Promise.all([
      this.getSite(id),
      this.db
        .selectFrom('watch_state')
        .select('state')
        .where('site_id', '=', id)
        .executeTakeFirst(),
      this.db
        .selectFrom('events')
        .select(['seq', 'to_level as level', 'at'])
        .where('site_id', '=', id)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return { site, state: state?.state, transition };
  }

  /**
   * Stores sites' states, all or none: one transaction, a few statements of many rows each.
   * `updated_at` says when a state last changed (the watch stores only changed ones).
   */
  async saveStates(states: readonly { siteId: string; state: string }[], now: number) {
    if (states.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (let from = 0; from < states.length; from += statesPerStatement) {
        const rows = states
          .slice(from, from + statesPerStatement)
          .map(({ siteId, state }) => ({ site_id: siteId, state, updated_at: now }));
        await trx
          .insertInto('watch_state')
          .values(rows)
          .onConflict((oc) =>
            oc.column('site_id').doUpdateSet({
              state: (eb) => eb.ref('excluded.state'),
              updated_at: (eb) => eb.ref('excluded.updated_at'),
            }),
          )
          .execute();
      }
    });
  }

  // Operators and sessions.

  async countOperators(): Promise<number> {
    const row = await this.db
      .selectFrom('operators')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findOperator(username: string) {
    return this.db
      .selectFrom('operators')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
  }

  /**
   * Adds an operator (by default with the `operator` role), or with `replace` sets an existing
   * one's password.
   */
  async saveOperator(
    username: string,
    passwordHash: string,
    now: number,
    replace: boolean,
    role: OperatorRole = 'operator',
  ): Promise<boolean> {
    if (replace) {
      await this.db
        .insertInto('operators')
        .values({ username, password_hash: passwordHash, created_at: now, role })
        .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash }))
        .execute();
      return true;
    }
    const result = await this.db
      .insertInto('operators')
      .values({ username, password_hash: passwordHash, created_at: now, role })
      .onConflict((oc) => oc.column('username').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * The first account, only while there is none: two racing first-run forms (or a form and the
   * CLI) cannot both win, and an existing account of the same name is never taken over.
   */
  async createFirstOperator(username: string, passwordHash: string, now: number): Promise<boolean> {
    const refused = new Error('not the first operator');
    try {
      await this.db.transaction().execute(async (trx) => {
        // PostgreSQL reads committed rows only, so two transactions could each count none: the
        // lock (held to commit, blocking only writers like itself) makes the second wait.
        if (this.database.engine === 'postgres')
          await sql`lock table operators in share row exclusive mode`.execute(trx);
        // SQLite takes its write lock at the first write, so the insert comes before the count:
        // counted after it, no other connection can have added a row in between.
        // The first account can do everything, or nobody could add channels or operators.
        const inserted = await trx
          .insertInto('operators')
          .values({ username, password_hash: passwordHash, created_at: now, role: 'admin' })
          .onConflict((oc) => oc.column('username').doNothing())
          .executeTakeFirst();
        const row = await trx
          .selectFrom('operators')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1 || Number(row.n) !== 1)
          throw refused;
      });
      return true;
    } catch (error) {
      if (error === refused) return false;
      throw error;
    }
  }

  /** Every operator's name, role, state and when the account was made, by name. */
  async listOperators(): Promise<
    { username: string; created_at: number; role: OperatorRole; disabled: number }[]
  > {
    return this.db
      .selectFrom('operators')
      .select(['username', 'created_at', 'role', 'disabled'])
      .orderBy('username')
      .execute();
  }

  /**
   * Changes an operator's role or state. Disabling ends every session they hold, at once. Refused
   * (`last-admin`) when no enabled admin would remain, whoever else changes operators meanwhile:
   * the check sees every change committed before it, on either engine.
   */
  async changeOperator(
    username: string,
    change: { role?: OperatorRole; disabled?: boolean },
  ): Promise<'changed' | 'missing' | 'last-admin'> {
    const refused = new Error('last admin');
    try {
      return await this.db.transaction().execute(async (trx) => {
        // As in createFirstOperator: PostgreSQL's readers would not see a concurrent demotion.
        if (this.database.engine === 'postgres')
          await sql`lock table operators in share row exclusive mode`.execute(trx);
        const result = await trx
          .updateTable('operators')
          .set({
            ...(change.role ? { role: change.role } : {}),
            ...(change.disabled === undefined ? {} : { disabled: change.disabled ? 1 : 0 }),
          })
          .where('username', '=', username)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return 'missing' as const;
        const admins = await trx
          .selectFrom('operators')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role', '=', 'admin')
          .where('disabled', '=', 0)
          .executeTakeFirstOrThrow();
        if (Number(admins.n) === 0) throw refused;
        if (change.disabled) {
          const operator = trx
            .selectFrom('operators')
            .select('id')
            .where('username', '=', username);
          await trx.deleteFrom('sessions').where('operator_id', '=', operator).execute();
        }
        return 'changed' as const;
      });
    } catch (error) {
      if (error === refused) return 'last-admin';
      throw error;
    }
  }

  /**
   * Sets an operator's password and ends every session they hold, at once: a reset must lock
   * out whoever held the old password. With `create`, an operator missing is added; without,
   * false says there is no such operator.
   */
  async resetPassword(
    username: string,
    passwordHash: string,
    now: number,
    create: boolean,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // Only the environment's `admin` is created here: an admin, as SKYDECK_ADMIN_PASSWORD means.
      const values = {
        username,
        password_hash: passwordHash,
        created_at: now,
        role: 'admin' as const,
      };
      const changed = create
        ? await trx
            .insertInto('operators')
            .values(values)
            .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash }))
            .executeTakeFirst()
            .then((result) => result.numInsertedOrUpdatedRows)
        : await trx
            .updateTable('operators')
            .set({ password_hash: passwordHash })
            .where('username', '=', username)
            .executeTakeFirst()
            .then((result) => result.numUpdatedRows);
      if (Number(changed ?? 0) === 0) return false;
      const operator = trx.selectFrom('operators').select('id').where('username', '=', username);
      await trx.deleteFrom('sessions').where('operator_id', '=', operator).execute();
      return true;
    });
  }

  /**
   * Replaces a hash with one of the same password under today's parameters, unless the
   * password was changed meanwhile (the old hash no longer there): a rehash never undoes a reset.
   */
  async rehashPassword(operatorId: number, oldHash: string, newHash: string): Promise<void> {
    await this.db
      .updateTable('operators')
      .set({ password_hash: newHash })
      .where('id', '=', operatorId)
      .where('password_hash', '=', oldHash)
      .execute();
  }

  async createSession(
    tokenHash: string,
    operatorId: number,
    now: number,
    expiresAt: number,
  ): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: tokenHash,
        operator_id: operatorId,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
  }

  async sessionOperator(
    tokenHash: string,
    now: number,
  ): Promise<{ id: number; username: string; role: OperatorRole } | undefined> {
    return (
      this.db
        .selectFrom('sessions')
        .innerJoin('operators', 'operators.id', 'sessions.operator_id')
        .select(['operators.id as id', 'operators.username as username', 'operators.role as role'])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.expires_at', '>', now)
        // Disabling ends the sessions too; this holds should one be started meanwhile.
        .where('operators.disabled', '=', 0)
        .executeTakeFirst()
    );
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async pruneSessions(now: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}
