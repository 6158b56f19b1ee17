import { z } from 'zod';
import { safetyFeeds } from '../safety/feed-cadence';
import { operatorRoles } from './operators';
import { heatFlags, sitePolicySchema, statusLevels, watchLevels } from '../safety/site-policy';
import { ruleNames } from '../safety/site-status';
import { alertSeverities } from '../weather/alert-schema';
import { weekdays } from '../time/wall-clock';

/**
 * The watch's answers (`/api/sites`, `/api/events`, the live stream's data), written once: the
 * BFF's builders are held to these types, the client parses with these schemas, and the OpenAPI
 * document gives them in full. Field names are the interface; other clients rely on them.
 * Kept apart from the request bodies (watch.ts) so the first screen, which reads the session, the
 * sites and the events for its alarms, does not carry the site form's rules; and for the same
 * reason their fields are explained in comments, not in `.meta()` text the page would download.
 */

const level = z.enum(statusLevels);
const flag = z.enum(heatFlags);
const nullableNumber = z.number().nullable();
/** An instant, ISO 8601 in UTC, server time. */
const instant = z.string();

/** Where the nearest storm cell is going, relative to the site's stop ring. */
const stormSchema = z.object({
  kind: z.enum([
    'none',
    'inside',
    'unknown',
    'approaching',
    'moving-away',
    'stationary',
    'passing',
    'drifting',
  ]),
  distance_km: nullableNumber,
  speed_kmh: nullableNumber,
  heading_deg: nullableNumber,
  eta_minutes: nullableNumber,
});
export type StormJson = z.output<typeof stormSchema>;

/** The site's own station a value was read from (its name); absent: the gridded data. */
const source = z.string().optional();

/**
 * What a finding measured against which threshold, in the contract's units (m/s, °C, km; times
 * ISO 8601), so every face can word it in the reader's units: see `findingText`, and
 * `measureJson`/`measureFromJson` there for the one mapping to and from the rules' own measure.
 */
const findingMeasureSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('strike'),
    distance_km: z.number(),
    bearing_deg: z.number(),
    at: instant,
    ring_km: z.number(),
  }),
  z.object({
    kind: z.literal('alert'),
    title: z.string(),
    severity: z.enum(alertSeverities),
    until: instant,
  }),
  z.object({
    kind: z.enum(['sustained', 'gust']),
    value_ms: z.number(),
    threshold_ms: z.number(),
    source,
  }),
  z.object({ kind: z.literal('aqi'), value: z.number(), threshold: z.number() }),
  z.object({
    kind: z.literal('heat_index'),
    value_c: z.number(),
    threshold_c: z.number(),
    source,
  }),
  z.object({ kind: z.literal('wbgt'), value_c: z.number(), flag, threshold_flag: flag, source }),
]);
export type FindingMeasureJson = z.output<typeof findingMeasureSchema>;

/** One reason for a site's level: its rule, level, measure and threshold. */
const findingSchema = z.object({
  rule: z.enum(ruleNames),
  level: z.enum(watchLevels),
  /** The record's words (metric, UTC): "wind: gust 20.1 m/s ≥ caution 15 m/s". */
  text: z.string(),
  measure: findingMeasureSchema,
  /** When this finding stands down unless something new happens (lightning's countdown). */
  clears_at: instant.nullable(),
});
export type FindingJson = z.output<typeof findingSchema>;

/** The site's current conditions as the wind and heat rules last read them. */
const conditionsSchema = z.object({
  temp_c: nullableNumber,
  wind_ms: z.number(),
  gust_ms: nullableNumber,
  heat_index_c: z.number(),
  wbgt_c: nullableNumber,
  wbgt_flag: flag.nullable(),
  aqi: z.number(),
  /**
   * The site's station the wind, temperature, humidity and heat were read from; null: all gridded
   * (the AQI always is).
   */
  station: z.object({ id: z.string(), name: z.string(), at: instant }).nullable().default(null),
});
export type ConditionsJson = z.output<typeof conditionsSchema>;

export const siteStatusSchema = z.object({
  level,
  reasons: z.array(z.string()),
  /**
   * The reasons as findings, most severe first; for no_data the last known ones (the reasons
   * also say what data is missing). A server from before findings were sent: the reasons alone
   * still say why.
   */
  findings: z.array(findingSchema).default([]),
  conditions: conditionsSchema.nullable().default(null),
  since: instant,
  all_clear_at: instant.nullable(),
  data_age_s: nullableNumber,
  /** The feed `data_age_s` is the age of (the oldest the status rests on). */
  data_age_feed: z.enum(safetyFeeds).nullable(),
  /** For no_data: the level the site had when its data went stale. */
  last_level: z.enum(watchLevels).nullable(),
  storm: stormSchema.nullable(),
  /**
   * Outside the site's activity windows: judged and recorded, but nobody is alarmed (bar an
   * alert of a severity the schedule's `always` lists). False from a server without schedules.
   */
  off_hours: z.boolean().default(false),
  /**
   * The site's own weather station: whether its readings are in use, and if not, why (a notice
   * for the site page: "Jib anemometer: no reading since 18:05 UTC; gridded data in use"). Null:
   * the site has none.
   */
  station: z
    .object({
      id: z.string(),
      name: z.string(),
      last_reading_at: instant.nullable(),
      in_use: z.boolean(),
      notice: z.string().nullable(),
    })
    .nullable()
    .default(null),
});
export type SiteStatusJson = z.output<typeof siteStatusSchema>;

/** When a site works (see `scheduleSchema` in watch.ts for the rules); null: always. */
const scheduleAnswerSchema = z.object({
  /** Null: the site's own zone. */
  timezone: z.string().nullable(),
  windows: z.array(z.object({ days: z.array(z.enum(weekdays)), from: z.string(), to: z.string() })),
  always: z.array(z.enum(alertSeverities)),
});
export type ScheduleJson = z.output<typeof scheduleAnswerSchema>;

/** A watched site with its policy and current status. */
const siteSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** The IANA zone the provider gives for the site's point; null until it has answered. */
  timezone: z.string().nullable(),
  notes: z.string(),
  policy: sitePolicySchema,
  schedule: scheduleAnswerSchema.nullable().default(null),
  /** The forecast notice: told at `at` (the site's wall clock) when tomorrow is no_go; null: never. */
  outlook_notice: z.object({ at: z.string() }).nullable().default(null),
  status: siteStatusSchema,
  created_at: instant,
  updated_at: instant,
});
export type SiteJson = z.output<typeof siteSchema>;

/** The watch's projected daily spend of provider units. */
const spendSchema = z.object({
  units_per_day: z.number(),
  lightning: z.number(),
  alerts: z.number(),
  current: z.number(),
  searches: z.number(),
  /** The daily limit the projection is held to, and where it comes from. */
  limit: nullableNumber,
  limit_source: z.string().nullable(),
});
export type WatchSpendJson = z.output<typeof spendSchema>;

/** `GET /api/sites`. */
export const sitesResponseSchema = z.object({ sites: z.array(siteSchema), spend: spendSchema });
export type SitesResponse = z.output<typeof sitesResponseSchema>;

/** `POST /api/sites` (201) and `PATCH /api/sites/:id`. */
export const savedSiteSchema = z.object({ site: siteSchema });

/** A change made to a site, by whom; `detail` is what changed, as the audit record keeps it. */
const siteChangeSchema = z.object({
  at: instant,
  operator: z.string(),
  action: z.string(),
  detail: z.unknown(),
});
export type SiteChange = z.output<typeof siteChangeSchema>;

/** `GET /api/sites/:id`: the site and its latest changes, newest first. */
export const siteResponseSchema = z.object({
  site: siteSchema,
  changes: z.array(siteChangeSchema),
});
export type SiteResponse = z.output<typeof siteResponseSchema>;

/** A level change in the append-only event log. */
const watchEventSchema = z.object({
  id: z.number(),
  site_id: z.string(),
  site_name: z.string(),
  at: instant,
  from: level,
  to: level,
  rule: z.string(),
  reason: z.string(),
  evidence: z.array(z.string()),
  data_age_s: nullableNumber,
  /** What made the level change when it was not the weather: "policy edit by admin: …". */
  cause: z.string().nullable().default(null),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: instant.nullable(),
  ack_note: z.string().nullable(),
  /** Recorded outside the site's activity windows. */
  off_hours: z.boolean().default(false),
});
export type WatchEventJson = z.output<typeof watchEventSchema>;

/** `GET /api/events`. */
export const eventsResponseSchema = z.object({
  events: z.array(watchEventSchema),
  /** Ask again with `before` set to this for the next (older) page; null on the last. */
  next_before: nullableNumber,
});
export type EventsResponse = z.output<typeof eventsResponseSchema>;

/** `POST /api/events/:id/ack`. */
export const ackResponseSchema = z.object({ event: watchEventSchema });

/** `event: status` on the live stream. */
export const statusMessageSchema = z.object({ site_id: z.string(), status: siteStatusSchema });
export type StatusMessage = z.output<typeof statusMessageSchema>;

/**
 * `GET /api/session`: who is signed in to the watch (null: nobody), and whether it still needs
 * its first operator (`POST /api/setup` makes one).
 */
export const sessionSchema = z.object({
  operator: z.object({ username: z.string(), role: z.enum(operatorRoles) }).nullable(),
  setup_required: z.boolean(),
});
export type SessionResponse = z.output<typeof sessionSchema>;

/** A site's own weather station (`/api/stations`); its key is never in it. */
const stationSchema = z.object({
  id: z.string(),
  name: z.string(),
  site_id: z.string().nullable(),
});
export type StationJson = z.output<typeof stationSchema>;

/** `GET /api/stations`. */
export const stationsResponseSchema = z.object({
  stations: z.array(
    stationSchema.extend({
      /** Whether an Ecowitt PASSKEY is registered (it is kept hashed, never shown). */
      passkey_set: z.boolean(),
      last_reading_at: instant.nullable(),
    }),
  ),
});
export type StationsResponse = z.output<typeof stationsResponseSchema>;

/** `POST /api/stations` (201): `key` is shown this once; only its hash is kept. */
export const createdStationSchema = z.object({ station: stationSchema, key: z.string() });
export type CreatedStationResponse = z.output<typeof createdStationSchema>;

/** `PATCH /api/stations/:id`. */
export const savedStationSchema = z.object({ station: stationSchema });

/**
 * `GET /api/stations/:id/readings`: the station's readings in [since, until), oldest first, one
 * point per `bucket_s` (60: each minute as kept). A point's means are over the uploads in it,
 * its gust the highest, its direction and day's rain the latest; null where none reported it.
 */
export const stationReadingsResponseSchema = z.object({
  station_id: z.string(),
  since: instant,
  until: instant,
  bucket_s: z.number(),
  readings: z.array(
    z.object({
      /** The bucket's start. */
      at: instant,
      /** How many uploads it holds. */
      count: z.number(),
      wind_ms: nullableNumber,
      gust_ms: nullableNumber,
      wind_dir: nullableNumber,
      temp_c: nullableNumber,
      humidity: nullableNumber,
      pressure_hpa: nullableNumber,
      solar_wm2: nullableNumber,
      rain_day_mm: nullableNumber,
    }),
  ),
});
export type StationReadingsResponse = z.output<typeof stationReadingsResponseSchema>;
export type StationReadingJson = StationReadingsResponse['readings'][number];
