import { z } from 'zod';
import type {
  ConditionsJson,
  EventsResponse,
  FindingJson,
  FindingMeasureJson,
  SiteJson,
  SitesResponse,
  SiteStatusJson,
  StormJson,
  WatchEventJson,
  WatchSpendJson,
} from '../../../../shared/api/watch';
import { safetyFeeds } from '../../../../shared/safety/feed-cadence';
import { operatorRoles } from '../../../../shared/api/operators';
import {
  heatFlags,
  sitePolicySchema,
  statusLevels,
  watchLevels,
} from '../../../../shared/safety/site-policy';
import { ruleNames } from '../../../../shared/safety/site-status';
import { alertSeverities } from '../../../../shared/weather/alert-schema';

/**
 * The watch's answers as the client checks them. The contract states them as interfaces
 * (shared/api/watch.ts); each schema here is held to its interface by type, so the two cannot
 * drift apart without failing to compile.
 */

const level = z.enum(statusLevels);
const nullableNumber = z.number().nullable();

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
}) satisfies z.ZodType<StormJson>;

const flag = z.enum(heatFlags);
const measureSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('strike'),
    distance_km: z.number(),
    bearing_deg: z.number(),
    at: z.string(),
    ring_km: z.number(),
  }),
  z.object({
    kind: z.literal('alert'),
    title: z.string(),
    severity: z.enum(alertSeverities),
    until: z.string(),
  }),
  z.object({
    kind: z.enum(['sustained', 'gust']),
    value_ms: z.number(),
    threshold_ms: z.number(),
  }),
  z.object({ kind: z.literal('aqi'), value: z.number(), threshold: z.number() }),
  z.object({ kind: z.literal('heat_index'), value_c: z.number(), threshold_c: z.number() }),
  z.object({ kind: z.literal('wbgt'), value_c: z.number(), flag, threshold_flag: flag }),
]) satisfies z.ZodType<FindingMeasureJson>;

const findingSchema = z.object({
  rule: z.enum(ruleNames),
  level: z.enum(watchLevels),
  text: z.string(),
  measure: measureSchema,
  clears_at: z.string().nullable(),
}) satisfies z.ZodType<FindingJson>;

const conditionsSchema = z.object({
  temp_c: nullableNumber,
  wind_ms: z.number(),
  gust_ms: nullableNumber,
  heat_index_c: z.number(),
  wbgt_c: nullableNumber,
  wbgt_flag: flag.nullable(),
  aqi: z.number(),
}) satisfies z.ZodType<ConditionsJson>;

export const siteStatusSchema = z.object({
  level,
  reasons: z.array(z.string()),
  // A server from before findings were sent: the reasons alone still say why.
  findings: z.array(findingSchema).default([]),
  conditions: conditionsSchema.nullable().default(null),
  since: z.string(),
  all_clear_at: z.string().nullable(),
  data_age_s: nullableNumber,
  data_age_feed: z.enum(safetyFeeds).nullable(),
  last_level: z.enum(watchLevels).nullable(),
  storm: stormSchema.nullable(),
}) satisfies z.ZodType<SiteStatusJson>;

export const siteSchema = z.object({
  id: z.string(),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  timezone: z.string().nullable(),
  notes: z.string(),
  policy: sitePolicySchema,
  status: siteStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<SiteJson>;

const spendSchema = z.object({
  units_per_day: z.number(),
  lightning: z.number(),
  alerts: z.number(),
  current: z.number(),
  searches: z.number(),
  limit: nullableNumber,
  limit_source: z.string().nullable(),
}) satisfies z.ZodType<WatchSpendJson>;

export const sitesResponseSchema = z.object({
  sites: z.array(siteSchema),
  spend: spendSchema,
}) satisfies z.ZodType<SitesResponse>;

export const siteChangeSchema = z.object({
  at: z.string(),
  operator: z.string(),
  action: z.string(),
  detail: z.unknown(),
});
export type SiteChange = z.output<typeof siteChangeSchema>;

export const siteResponseSchema = z.object({
  site: siteSchema,
  changes: z.array(siteChangeSchema),
});

/** `POST /api/sites` and `PATCH /api/sites/:id`. */
export const savedSiteSchema = z.object({ site: siteSchema });

export const watchEventSchema = z.object({
  id: z.number(),
  site_id: z.string(),
  site_name: z.string(),
  at: z.string(),
  from: level,
  to: level,
  rule: z.string(),
  reason: z.string(),
  evidence: z.array(z.string()),
  data_age_s: nullableNumber,
  cause: z.string().nullable().default(null),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  ack_note: z.string().nullable(),
}) satisfies z.ZodType<WatchEventJson>;

export const eventsResponseSchema = z.object({
  events: z.array(watchEventSchema),
  next_before: nullableNumber,
}) satisfies z.ZodType<EventsResponse>;

export const ackResponseSchema = z.object({ event: watchEventSchema });

/** `GET /api/session`. */
export const sessionSchema = z.object({
  operator: z.object({ username: z.string(), role: z.enum(operatorRoles) }).nullable(),
  setup_required: z.boolean(),
});

/** `event: status` on the live stream. */
export const statusMessageSchema = z.object({ site_id: z.string(), status: siteStatusSchema });
export type StatusMessage = z.output<typeof statusMessageSchema>;
