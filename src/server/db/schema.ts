import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { OperatorRole } from '../../shared/api/operators';

/**
 * The watch's tables, one schema for SQLite and PostgreSQL. Times are epoch milliseconds
 * (bigint on PostgreSQL, read back as numbers); policies, states and evidence are JSON text, so
 * both engines store them alike.
 */
export interface SitesTable {
  id: string;
  name: string;
  lat: number;
  lon: number;
  notes: string;
  policy: string;
  created_at: number;
  updated_at: number;
  created_by: string;
  /** The activity windows, JSON; null: always active. */
  schedule: ColumnType<string | null, string | null | undefined, string | null>;
  /** The forecast notice, JSON {at}; null: none. */
  outlook_notice: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Append-only: triggers refuse UPDATE and DELETE on both engines. */
export interface EventsTable {
  id: Generated<number>;
  site_id: string;
  /** The site's name when it happened: the record outlives a renamed or deleted site. */
  site_name: string;
  at: number;
  from_level: string;
  to_level: string;
  /** The rule that decided the new level (lightning, wind, alerts, aqi, heat, data). */
  rule: string;
  /** The first reason, with its evidence: "lightning: strike 6.2 km SW at 14:32:10 UTC …". */
  reason: string;
  /** Every reason at the time, JSON. */
  evidence: string;
  data_age_s: number | null;
  /** The site's transitions numbered 1, 2, 3…: unique per site, so none is recorded twice. */
  seq: number;
  /** What made the level change when it was not the weather: "policy edit by admin: …". */
  cause: ColumnType<string | null, string | null | undefined, never>;
  /** 0: inside the site's windows; 1: outside, told to nobody; 2: outside, alarmed (`always`). */
  off_hours: ColumnType<number, number | undefined, never>;
}

/** One acknowledgement an event, append-only too. */
export interface AcknowledgementsTable {
  event_id: number;
  operator: string;
  note: string;
  at: number;
}

/** Who changed which site how: the record of decisions that are not level changes. */
export interface SiteChangesTable {
  id: Generated<number>;
  site_id: string;
  at: number;
  operator: string;
  action: string;
  detail: string;
}

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: number;
  role: Generated<OperatorRole>;
  /** 1 or 0: a disabled operator cannot sign in and holds no session. */
  disabled: Generated<number>;
}

/** Append-only: who changed what, from where (triggers refuse UPDATE and DELETE). */
export interface AuditTable {
  id: Generated<number>;
  at: number;
  /** Null when nobody was signed in (a failed sign-in). */
  operator: string | null;
  /** The client's address, as the rate limiter tells clients apart; `local` for the CLI. */
  address: string;
  /** `site.create`, `channel.update`, `session.sign-in-failed`… */
  action: string;
  /** What it was done to: a site or channel id, an operator's name, an event id. */
  target: string;
  /** JSON: what changed, never a password or secret. */
  detail: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a stolen database does not hand out sessions. */
  token_hash: string;
  operator_id: number;
  created_at: number;
  expires_at: number;
}

/** The monitor's memory of each site (ring clocks, feed times, last status), for restarts. */
export interface WatchStateTable {
  site_id: string;
  state: string;
  updated_at: number;
}

/**
 * The quota ledger: provider units spent per UTC day. `quota_days` holds the day's total, the one
 * row every reservation updates under the daily limit (so replicas sharing PostgreSQL cannot
 * pass it together); the other tables break it down, by request family and by client.
 */
export interface QuotaDaysTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  units: number;
}

export interface QuotaSpendTable {
  day: string;
  family: string;
  units: number;
}

/** Per client, for CLIENT_DAILY_UNITS: only today's rows matter, older ones are pruned. */
export interface QuotaClientSpendTable {
  day: string;
  client: string;
  units: number;
}

/** The provider's X-RateLimit-* headers as last seen by any replica: one row, id 1. */
export interface QuotaProviderLimitsTable {
  id: number;
  quota_limit: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
  /** Unix seconds. */
  observed_at: number;
}

/** Alarm channels: where level changes are sent. Lists and quiet hours are JSON text. */
export interface ChannelsTable {
  id: string;
  kind: string;
  name: string;
  target: string;
  /** The webhook signing secret; null for email. Never returned after creation. */
  secret: string | null;
  levels: string;
  /** Null: every site. */
  sites: string | null;
  quiet: string | null;
  escalate_minutes: number | null;
  /** An escalation tier's wait (minutes of an unacknowledged stop); 0: told at once. */
  after_minutes: number;
  /** 1 or 0: one column type for both engines. */
  enabled: number;
  created_at: number;
  updated_at: number;
  created_by: string;
  updated_by: string;
}

/**
 * One delivery of one event (or test) to one channel, recorded before it is sent; unique per
 * channel, event and kind. Never deleted; only `state` changes, forward (triggers enforce it).
 */
export interface DeliveriesTable {
  id: Generated<number>;
  channel_id: string;
  event_id: number | null;
  /** change, escalation:<n> or test. */
  kind: string;
  /** The idempotency key a webhook carries in X-Skydeck-Delivery. */
  key: string;
  created_at: number;
  state: 'pending' | 'sending' | 'done';
  /** The replica that took it to send (see `ReplicaCoordinator.id`); null until then. */
  claimed_by: string | null;
}

/** Append-only: every attempt at a delivery and what came of it. */
export interface DeliveryAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  channel_id: string;
  event_id: number | null;
  kind: string;
  at: number;
  attempt: number;
  outcome: string;
  status: number | null;
  detail: string;
  /** The SMS/voice provider's message or call sid (issue 30); null for other kinds. */
  provider_sid: string | null;
}

/**
 * Provider answers shared by the replicas on PostgreSQL while fresh (SQLite's one process has its
 * memory cache): a replica asking what another has just fetched takes it from here. Times are
 * Unix seconds on the answers' clock, as the memory cache's.
 */
export interface ProviderCacheTable {
  /** The normalised request (cache/normalize.ts). */
  key: string;
  status: number;
  body: string;
  stored_at: number;
  fresh_until: number;
}

/**
 * Readiness's heartbeat: each replica's last small write, one row a replica (`ReplicaCoordinator.id`).
 * Rows of replicas gone quiet are deleted by the others' heartbeats, so the table stays small.
 */
export interface HeartbeatsTable {
  replica: string;
  /** Epoch milliseconds. */
  at: number;
}

/**
 * Sign-in attempts that failed (or are being checked) in the last window, one row each: the
 * limits count them per address, per username and address, and per username (a delay only).
 * Older rows are pruned as new ones come, so the table holds one window's worth.
 */
export interface SignInFailuresTable {
  id: Generated<number>;
  /** The client identity the rate limiter uses (an IPv6 address cut to its /64). */
  address: string;
  /** In lower case; '' for a setup-code attempt. */
  username: string;
  at: number;
}

/**
 * SHA-256 of each first-run setup code a replica has logged while no operator exists: any of
 * them opens `/api/setup` on any replica. Emptied once the first operator is made.
 */
export interface SetupCodesTable {
  code_hash: string;
  created_at: number;
}

export interface Schema {
  sites: SitesTable;
  events: EventsTable;
  acknowledgements: AcknowledgementsTable;
  site_changes: SiteChangesTable;
  operators: OperatorsTable;
  sessions: SessionsTable;
  watch_state: WatchStateTable;
  quota_days: QuotaDaysTable;
  quota_spend: QuotaSpendTable;
  quota_client_spend: QuotaClientSpendTable;
  quota_provider_limits: QuotaProviderLimitsTable;
  channels: ChannelsTable;
  deliveries: DeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  provider_cache: ProviderCacheTable;
  heartbeats: HeartbeatsTable;
  sign_in_failures: SignInFailuresTable;
  setup_codes: SetupCodesTable;
  audit: AuditTable;
  drills: DrillsTable;
  site_shares: SiteSharesTable;
  stations: StationsTable;
  station_readings: StationReadingsTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  outlook_notices: OutlookNoticesTable;
}

/**
 * A forecast notice told: a site's no-go day (its local date), once, whichever replica records it
 * first; its channels' deliveries (kind `outlook:<site>:<day>`) are built from it.
 */
export interface OutlookNoticesTable {
  site_id: string;
  day: string;
  site_name: string;
  at: number;
  verdict: string;
  /** JSON: the outlook's reasons for the day. */
  reasons: string;
}

/** The VAPID key pair (base64url): one row, id 1, shared by every replica. Holds a private key. */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: number;
}

/** A browser an operator subscribed to level changes (Web Push); levels and sites are JSON. */
export interface PushSubscriptionsTable {
  id: string;
  operator: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
  p256dh: string;
  auth: string;
  levels: string;
  /** Null: every site. */
  sites: string | null;
  created_at: number;
}

/** A drill: every channel that follows stops at a site sent a message marked DRILL. Append-only. */
export interface DrillsTable {
  id: string;
  site_id: string;
  site_name: string;
  at: number;
  started_by: string;
  /** `at`'s minute: one drill per site and minute, whichever replica starts it. */
  slot: number;
  /** JSON: [{channel_id, name, kind}], the channels it was sent to. */
  channels: string;
}

/** A site's public status link (`/s/<token>`): at most one a site, deleted to revoke it. */
export interface SiteSharesTable {
  site_id: string;
  token: string;
  created_at: number;
  created_by: string;
}

export type SiteRow = Selectable<SitesTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
export type ChannelRow = Selectable<ChannelsTable>;
export type DeliveryRow = Selectable<DeliveriesTable>;
export type AuditRow = Selectable<AuditTable>;
export type DeliveryAttemptRow = Selectable<DeliveryAttemptsTable>;

/** A site's own weather station (issue 32). Its key and passkey are kept as SHA-256 hashes only. */
export interface StationsTable {
  id: string;
  name: string;
  site_id: string | null;
  key_hash: string;
  passkey_hash: string | null;
  created_at: number;
  updated_at: number;
  created_by: string;
}

/** The readings averaged over a minute: each has a sum and a count (`<field>_sum`, `<field>_n`). */
export const stationMeanFields = [
  'wind_ms',
  'temp_c',
  'humidity',
  'pressure_hpa',
  'solar_wm2',
] as const;
export type StationMeanField = (typeof stationMeanFields)[number];

type MeanColumns = {
  [F in StationMeanField as `${F}_sum` | `${F}_n`]: number;
};

/** One station's readings in one minute (epoch ms of its start), aggregated as they came. */
export type StationReadingsTable = MeanColumns & {
  station_id: string;
  minute: number;
  /** The latest reading's own time within the minute. */
  at: number;
  count: number;
  /** The minute's highest gust (m/s). */
  gust_max: number | null;
  /** The latest wind direction (a mean of bearings would point between them). */
  wind_dir: number | null;
  /** The day's rain so far, as last reported (mm). */
  rain_day_mm: number | null;
};
export type StationRow = Selectable<StationsTable>;
export type StationReadingRow = Selectable<StationReadingsTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
