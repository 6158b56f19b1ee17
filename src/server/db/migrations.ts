import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';
import type { Engine } from './database';
import { stationMeanFields } from './schema';

/**
 * Versioned migrations, in code so the bundled server carries them. Each is written once for
 * both engines; where they differ (generated ids, triggers) the engine is asked.
 */
export function migrations(engine: Engine): MigrationProvider {
  const all: Record<string, Migration> = {
    '0001-watch': {
      async up(db: Kysely<unknown>) {
        const id = engine === 'postgres' ? 'bigserial' : 'integer';
        const time = engine === 'postgres' ? 'bigint' : 'integer';
        const real = engine === 'postgres' ? 'double precision' : 'real';
        await db.schema
          .createTable('sites')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('lat', real, (c) => c.notNull())
          .addColumn('lon', real, (c) => c.notNull())
          .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('policy', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('updated_at', time, (c) => c.notNull())
          .addColumn('created_by', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('events')
          .addColumn('id', id, (c) => c.primaryKey())
          .addColumn('site_id', 'text', (c) => c.notNull())
          .addColumn('site_name', 'text', (c) => c.notNull())
          .addColumn('at', time, (c) => c.notNull())
          .addColumn('from_level', 'text', (c) => c.notNull())
          .addColumn('to_level', 'text', (c) => c.notNull())
          .addColumn('rule', 'text', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('evidence', 'text', (c) => c.notNull())
          .addColumn('data_age_s', 'integer')
          .execute();
        await db.schema
          .createIndex('events_site_at')
          .on('events')
          .columns(['site_id', 'at'])
          .execute();
        await db.schema.createIndex('events_at').on('events').column('at').execute();
        await db.schema
          .createTable('acknowledgements')
          .addColumn('event_id', time, (c) => c.primaryKey().references('events.id'))
          .addColumn('operator', 'text', (c) => c.notNull())
          .addColumn('note', 'text', (c) => c.notNull())
          .addColumn('at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('site_changes')
          .addColumn('id', id, (c) => c.primaryKey())
          .addColumn('site_id', 'text', (c) => c.notNull())
          .addColumn('at', time, (c) => c.notNull())
          .addColumn('operator', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('detail', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('operators')
          .addColumn('id', id, (c) => c.primaryKey())
          .addColumn('username', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('operator_id', time, (c) =>
            c.notNull().references('operators.id').onDelete('cascade'),
          )
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('expires_at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('watch_state')
          .addColumn('site_id', 'text', (c) => c.primaryKey())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('updated_at', time, (c) => c.notNull())
          .execute();
        await appendOnly(db, engine, ['events', 'acknowledgements', 'site_changes']);
      },
    },
    // Kysely runs SQLite's migrations outside a transaction; this one moves data, so it takes one.
    '0003-quota-ledger': {
      up: (db: Kysely<unknown>) =>
        engine === 'sqlite'
          ? db.transaction().execute((trx) => quotaLedger(trx, engine))
          : quotaLedger(db, engine),
    },
    // Replicas on one PostgreSQL (issue 17). SQLite takes it too: one schema for both engines.
    '0004-replicas': {
      up: (db: Kysely<unknown>) =>
        engine === 'sqlite'
          ? db.transaction().execute((trx) => replicas(trx, engine))
          : replicas(db, engine),
    },
    // Readiness writes here (issue 26): a database that answers but cannot be written is not ready.
    '0005-heartbeat': {
      up: (db: Kysely<unknown>) =>
        db.schema
          .createTable('heartbeats')
          .ifNotExists()
          .addColumn('replica', 'text', (c) => c.primaryKey())
          .addColumn('at', engine === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
          .execute(),
    },
    // Issue 26: sign-in failures counted where every replica sees them, and first-run codes.
    '0006-sign-in-failures-setup-codes': {
      up: (db: Kysely<unknown>) => signInGuards(db, engine),
    },
    // Roles and the audit record (issue 26): the accounts made before roles could do everything,
    // so they stay able to; accounts made from now on start as operators.
    '0007-roles-audit': {
      up: (db: Kysely<unknown>) =>
        engine === 'sqlite'
          ? db.transaction().execute((trx) => rolesAudit(trx, engine))
          : rolesAudit(db, engine),
    },
    // Issue 27: a level change an edit caused says so ("policy edit by admin: …"); null for the
    // weather's own, and for every event recorded before.
    '0008-event-cause': {
      up: (db: Kysely<unknown>) =>
        db.schema.alterTable('events').addColumn('cause', 'text').execute(),
    },
    // Issue 30: the message or call sid an SMS/voice provider answered with, on the attempt it
    // answered (null for every other kind, and for every attempt recorded before).
    '0009-sms-provider-sid': {
      up: (db: Kysely<unknown>) =>
        db.schema.alterTable('delivery_attempts').addColumn('provider_sid', 'text').execute(),
    },
    // Issue 30: escalation tiers. Every channel made before waits 0 minutes: told at once.
    '0009-tiers-after-minutes': {
      up: (db: Kysely<unknown>) =>
        db.schema
          .alterTable('channels')
          .addColumn('after_minutes', 'integer', (c) => c.notNull().defaultTo(0))
          .execute(),
    },
    // Issue 30: drills, beside the event log rather than in it: an event is a level change
    // (numbered per site, read as one by the monitor, board, stream, wall and CSV), a drill is not.
    '0009-tiers-drills': {
      async up(db: Kysely<unknown>) {
        const time = engine === 'postgres' ? 'bigint' : 'integer';
        await db.schema
          .createTable('drills')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('site_id', 'text', (c) => c.notNull())
          .addColumn('site_name', 'text', (c) => c.notNull())
          .addColumn('at', time, (c) => c.notNull())
          .addColumn('started_by', 'text', (c) => c.notNull())
          // The minute it started in: unique per site, so replicas racing cannot start two.
          .addColumn('slot', time, (c) => c.notNull())
          // Who it was sent to, as JSON: [{channel_id, name, kind}].
          .addColumn('channels', 'text', (c) => c.notNull())
          .addUniqueConstraint('drills_site_slot', ['site_id', 'slot'])
          .execute();
        await db.schema
          .createIndex('drills_site_at')
          .on('drills')
          .columns(['site_id', 'at'])
          .execute();
        // A drill's deliveries are found by their kind (they have no event).
        await db.schema.createIndex('deliveries_kind').on('deliveries').column('kind').execute();
        await appendOnly(db, engine, ['drills']);
      },
    },
    // Issue 30: a site's activity windows (JSON, null: always active) and, on each event, how it
    // stood with them (0 inside, 1 outside and told to nobody, 2 outside but alarmed by `always`).
    '0009-windows-schedule': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('sites').addColumn('schedule', 'text').execute();
        await db.schema
          .alterTable('events')
          .addColumn('off_hours', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    // Issue 31: a site's public status link. The token is looked up in this table on every
    // public read, never remembered by a replica, so a revoke is seen by all of them at once.
    '0010-share-links': {
      async up(db: Kysely<unknown>) {
        const time = engine === 'postgres' ? 'bigint' : 'integer';
        await db.schema
          .createTable('site_shares')
          // One link a site: asking again returns it, and replicas racing cannot make two.
          .addColumn('site_id', 'text', (c) => c.primaryKey())
          .addColumn('token', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('created_by', 'text', (c) => c.notNull())
          .execute();
      },
    },
    // Issue 32: a site's own weather stations, and their readings as 1-minute aggregates.
    '0010-stations-readings': {
      up: (db: Kysely<unknown>) => stations(db, engine),
    },
    // Issue 30 §1: Web Push. The VAPID key pair, one row (id 1) made by whichever replica starts
    // first (see push-store.ts), and each operator's browsers subscribed to level changes.
    '0010-push-subscriptions': {
      async up(db: Kysely<unknown>) {
        const time = engine === 'postgres' ? 'bigint' : 'integer';
        await db.schema
          .createTable('push_keys')
          .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
          .addColumn('public_key', 'text', (c) => c.notNull())
          .addColumn('private_key', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('push_subscriptions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('operator', 'text', (c) => c.notNull())
          // A browser's subscription is its endpoint: the same device subscribing again replaces it.
          .addColumn('endpoint', 'text', (c) => c.notNull().unique())
          .addColumn('p256dh', 'text', (c) => c.notNull())
          .addColumn('auth', 'text', (c) => c.notNull())
          .addColumn('levels', 'text', (c) => c.notNull())
          .addColumn('sites', 'text')
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('push_subscriptions_operator')
          .on('push_subscriptions')
          .column('operator')
          .execute();
      },
    },
    // Issue 32 §1: a site's forecast notice (JSON {at}, null: none), and each notice told: one
    // row per site and no-go day, whichever replica records it first (its channels' deliveries
    // follow), so a site hears of a day at most once across restarts and replicas.
    '0011-outlook-notice': {
      async up(db: Kysely<unknown>) {
        const time = engine === 'postgres' ? 'bigint' : 'integer';
        await db.schema.alterTable('sites').addColumn('outlook_notice', 'text').execute();
        await db.schema
          .createTable('outlook_notices')
          .addColumn('site_id', 'text', (c) => c.notNull())
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('site_name', 'text', (c) => c.notNull())
          .addColumn('at', time, (c) => c.notNull())
          .addColumn('verdict', 'text', (c) => c.notNull())
          .addColumn('reasons', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('outlook_notices_once', ['site_id', 'day'])
          .execute();
      },
    },
    '0002-alarms': {
      async up(db: Kysely<unknown>) {
        const id = engine === 'postgres' ? 'bigserial' : 'integer';
        const time = engine === 'postgres' ? 'bigint' : 'integer';
        await db.schema
          .createTable('channels')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('target', 'text', (c) => c.notNull())
          .addColumn('secret', 'text')
          .addColumn('levels', 'text', (c) => c.notNull())
          .addColumn('sites', 'text')
          .addColumn('quiet', 'text')
          .addColumn('escalate_minutes', 'integer')
          .addColumn('enabled', 'integer', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('updated_at', time, (c) => c.notNull())
          .addColumn('created_by', 'text', (c) => c.notNull())
          .addColumn('updated_by', 'text', (c) => c.notNull())
          .execute();
        // One row per channel, event and kind, written before anything is sent: the unique key
        // is what makes a delivery happen at most once, across restarts and replicas.
        await db.schema
          .createTable('deliveries')
          .addColumn('id', id, (c) => c.primaryKey())
          .addColumn('channel_id', 'text', (c) => c.notNull())
          .addColumn('event_id', time)
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('key', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('deliveries_once')
          .on('deliveries')
          .columns(['channel_id', 'event_id', 'kind'])
          .unique()
          .execute();
        await db.schema.createIndex('deliveries_state').on('deliveries').column('state').execute();
        await db.schema
          .createTable('delivery_attempts')
          .addColumn('id', id, (c) => c.primaryKey())
          .addColumn('delivery_id', time, (c) => c.notNull().references('deliveries.id'))
          .addColumn('channel_id', 'text', (c) => c.notNull())
          .addColumn('event_id', time)
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('at', time, (c) => c.notNull())
          .addColumn('attempt', 'integer', (c) => c.notNull())
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('status', 'integer')
          .addColumn('detail', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('delivery_attempts_event')
          .on('delivery_attempts')
          .columns(['event_id', 'id'])
          .execute();
        await db.schema
          .createIndex('delivery_attempts_channel')
          .on('delivery_attempts')
          .columns(['channel_id', 'id'])
          .execute();
        await appendOnly(db, engine, ['delivery_attempts']);
        await forwardOnly(db, engine);
      },
    },
  };
  return { getMigrations: async () => all };
}

/**
 * `stations` (keys stored as hashes only) and `station_readings`: one row per station and
 * minute, aggregated as uploads come (sums and counts for the means, the highest gust), so a
 * station uploading every few seconds costs one row a minute; rows older than 30 days are pruned.
 */
async function stations(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  const real = engine === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('stations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('site_id', 'text')
    .addColumn('key_hash', 'text', (c) => c.notNull())
    // Ecowitt's upload names its station by PASSKEY alone: unique, so it finds one station.
    .addColumn('passkey_hash', 'text', (c) => c.unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stations_site').on('stations').column('site_id').execute();
  let readings = db.schema
    .createTable('station_readings')
    .addColumn('station_id', 'text', (c) => c.notNull())
    .addColumn('minute', time, (c) => c.notNull())
    // The latest reading's own time in the minute, and how many readings it holds.
    .addColumn('at', time, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull());
  for (const field of stationMeanFields)
    readings = readings
      .addColumn(`${field}_sum`, real, (c) => c.notNull().defaultTo(0))
      .addColumn(`${field}_n`, 'integer', (c) => c.notNull().defaultTo(0));
  await readings
    .addColumn('gust_max', real)
    .addColumn('wind_dir', real)
    .addColumn('rain_day_mm', real)
    .addPrimaryKeyConstraint('station_readings_pk', ['station_id', 'minute'])
    .execute();
  await db.schema
    .createIndex('station_readings_minute')
    .on('station_readings')
    .column('minute')
    .execute();
}

/** See `SignInFailuresTable` and `SetupCodesTable` in schema.ts. */
async function signInGuards(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = engine === 'postgres' ? 'bigserial' : 'integer';
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('sign_in_failures')
    .ifNotExists()
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('at', time, (c) => c.notNull())
    .execute();
  for (const [name, columns] of [
    ['sign_in_failures_address', ['address', 'at']],
    ['sign_in_failures_username', ['username', 'at']],
    ['sign_in_failures_at', ['at']],
  ] as const)
    await db.schema
      .createIndex(name)
      .ifNotExists()
      .on('sign_in_failures')
      .columns([...columns])
      .execute();
  await db.schema
    .createTable('setup_codes')
    .ifNotExists()
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
}

/**
 * The quota ledger's tables (see schema.ts). Until now the ledger kept its own tables in the
 * SQLite file under DATA_DIR (`spend`, `client_spend`, `provider_limits`): their rows move over,
 * so an upgrade keeps today's spend and the provider's last limits.
 */
async function quotaLedger(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // IF NOT EXISTS: a crash between this commit and the migrator's record of it reruns it.
  const number = engine === 'postgres' ? 'double precision' : 'real';
  const units = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('quota_days')
    .ifNotExists()
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('units', units, (c) => c.notNull())
    .execute();
  // The day's total broken down, by request family and by client.
  for (const [table, key] of [
    ['quota_spend', 'family'],
    ['quota_client_spend', 'client'],
  ] as const)
    await db.schema
      .createTable(table)
      .ifNotExists()
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn(key, 'text', (c) => c.notNull())
      .addColumn('units', units, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['day', key])
      .execute();
  // The headers' numbers are stored as they came, fractions and all, as the old ledger did.
  await db.schema
    .createTable('quota_provider_limits')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('quota_limit', number, (c) => c.notNull())
    .addColumn('remaining', number, (c) => c.notNull())
    .addColumn('reset', number, (c) => c.notNull())
    .addColumn('observed_at', number, (c) => c.notNull())
    .execute();
  if (engine !== 'sqlite') return;
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master
    WHERE type = 'table' AND name IN ('spend', 'client_spend', 'provider_limits')`.execute(db);
  const old = new Set(rows.map((row) => row.name));
  if (old.has('spend')) {
    await sql`INSERT INTO quota_spend (day, family, units) SELECT day, family, units FROM spend`.execute(
      db,
    );
    await sql`INSERT INTO quota_days (day, units)
      SELECT day, SUM(units) FROM spend GROUP BY day`.execute(db);
  }
  if (old.has('client_spend'))
    await sql`INSERT INTO quota_client_spend (day, client, units)
      SELECT day, client, units FROM client_spend`.execute(db);
  if (old.has('provider_limits'))
    await sql`INSERT INTO quota_provider_limits (id, quota_limit, remaining, reset, observed_at)
      SELECT id, quota_limit, remaining, reset, observed_at FROM provider_limits`.execute(db);
  for (const table of old) await db.schema.dropTable(table).execute();
}

/**
 * What several replicas need of the shared database:
 * - `events.seq`: each site's transitions numbered 1, 2, 3…, unique per site. The watch records a
 *   transition as the one after the last it knows of, so a replica that lost the watch and does
 *   not know it yet cannot record a transition the new leader has recorded already: its insert
 *   conflicts. Existing events are numbered in the order they were recorded.
 * - `deliveries.claimed_by`: the replica sending a delivery, so whoever recovers deliveries left
 *   on their way leaves a live replica's alone.
 * - `provider_cache`: provider answers shared between replicas for as long as they are fresh.
 */
async function replicas(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const integer = engine === 'postgres' ? 'bigint' : 'integer';
  const number = engine === 'postgres' ? 'double precision' : 'real';
  await db.schema.alterTable('events').addColumn('seq', integer).execute();
  // Numbering existing rows is the one rewrite the record ever takes: its guard steps aside.
  if (engine === 'postgres') await sql`DROP TRIGGER events_append_only ON events`.execute(db);
  else
    for (const action of ['update', 'delete'])
      await sql`DROP TRIGGER ${sql.raw(`events_no_${action}`)}`.execute(db);
  await sql`UPDATE events SET seq = ranked.seq
    FROM (SELECT id, row_number() OVER (PARTITION BY site_id ORDER BY id) AS seq FROM events) AS ranked
    WHERE events.id = ranked.id`.execute(db);
  await appendOnly(db, engine, ['events']);
  if (engine === 'postgres')
    await sql`ALTER TABLE events ALTER COLUMN seq SET NOT NULL`.execute(db);
  await db.schema
    .createIndex('events_site_seq')
    .on('events')
    .columns(['site_id', 'seq'])
    .unique()
    .execute();
  await db.schema.alterTable('deliveries').addColumn('claimed_by', 'text').execute();
  await db.schema
    .createTable('provider_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('stored_at', number, (c) => c.notNull())
    .addColumn('fresh_until', number, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('provider_cache_fresh_until')
    .on('provider_cache')
    .column('fresh_until')
    .execute();
}

/**
 * `operators.role` (operator or admin) and `operators.disabled` (1 or 0, as `channels.enabled`),
 * and `audit`: who changed what, from where, append-only like the events.
 */
async function rolesAudit(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = engine === 'postgres' ? 'bigserial' : 'integer';
  const time = engine === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('operators')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('operator'))
    .execute();
  await sql`UPDATE operators SET role = 'admin'`.execute(db);
  await db.schema
    .alterTable('operators')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('audit')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('at', time, (c) => c.notNull())
    // Null when nobody was signed in: a failed sign-in names the attempt in `target`.
    .addColumn('operator', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_at').on('audit').column('at').execute();
  await appendOnly(db, engine, ['audit']);
}

/** The record cannot be rewritten, whoever holds a connection: the engine itself refuses. */
async function appendOnly(db: Kysely<unknown>, engine: Engine, tables: string[]): Promise<void> {
  if (engine === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION skydeck_append_only() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$ LANGUAGE plpgsql`.execute(db);
    for (const table of tables)
      await sql`CREATE TRIGGER ${sql.raw(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION skydeck_append_only()`.execute(db);
    return;
  }
  for (const table of tables)
    for (const action of ['UPDATE', 'DELETE'])
      await sql`CREATE TRIGGER ${sql.raw(`${table}_no_${action.toLowerCase()}`)} BEFORE ${sql.raw(action)} ON ${sql.table(table)}
        BEGIN SELECT RAISE(ABORT, ${sql.lit(`${table} is append-only`)}); END`.execute(db);
}

/**
 * A delivery is never deleted and never rewritten; only its state moves, and only forward
 * (pending, sending, done): a finished delivery cannot be made to go again.
 */
async function forwardOnly(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const message = 'a delivery only moves forward: pending, sending, done';
  if (engine === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION skydeck_delivery_forward() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'deliveries are a permanent record'; END IF;
        IF NEW.id <> OLD.id OR NEW.channel_id <> OLD.channel_id
          OR NEW.event_id IS DISTINCT FROM OLD.event_id OR NEW.kind <> OLD.kind
          OR NEW.key <> OLD.key OR NEW.created_at <> OLD.created_at
          OR OLD.state = 'done' OR NEW.state = 'pending'
        THEN RAISE EXCEPTION ${sql.lit(message)}; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER deliveries_forward BEFORE UPDATE OR DELETE ON deliveries
      FOR EACH ROW EXECUTE FUNCTION skydeck_delivery_forward()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER deliveries_no_delete BEFORE DELETE ON deliveries
    BEGIN SELECT RAISE(ABORT, 'deliveries are a permanent record'); END`.execute(db);
  await sql`CREATE TRIGGER deliveries_forward BEFORE UPDATE ON deliveries
    WHEN NEW.id IS NOT OLD.id OR NEW.channel_id IS NOT OLD.channel_id
      OR NEW.event_id IS NOT OLD.event_id OR NEW.kind IS NOT OLD.kind
      OR NEW.key IS NOT OLD.key OR NEW.created_at IS NOT OLD.created_at
      OR OLD.state = 'done' OR NEW.state = 'pending'
    BEGIN SELECT RAISE(ABORT, ${sql.lit(message)}); END`.execute(db);
}
