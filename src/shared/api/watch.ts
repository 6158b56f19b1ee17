import { z } from 'zod';
import { plainText } from './plain-text';
import { inRange, providerRanges, rangeText } from './provider-params';
import type { SafetyFeed } from '../safety/feed-cadence';
import {
  type HeatFlagName,
  sitePolicySchema,
  type StatusLevel,
  type WatchLevel,
} from '../safety/site-policy';
import type { RuleName } from '../safety/site-status';
import type { alertSeverities } from '../weather/alert-schema';

type AlertSeverity = (typeof alertSeverities)[number];

/**
 * The watch's HTTP contract: request bodies the BFF validates and answers every client reads.
 * Field names are the interface and stay as they are; other clients rely on them.
 */

const coordinate = (range: { min: number; max: number; integer: boolean; unit?: string }) => {
  const rule = `must be ${rangeText(range)}`;
  return z.number({ error: rule }).refine((value) => inRange(value, range), { error: rule });
};

export const siteLimits = { nameMax: 80, notesMax: 2000 } as const;

const name = plainText(
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(siteLimits.nameMax, { error: `must be at most ${siteLimits.nameMax} characters` }),
);
const notes = plainText(
  z
    .string({ error: 'must be text' })
    .max(siteLimits.notesMax, { error: `must be at most ${siteLimits.notesMax} characters` }),
);

export const createSiteSchema = z.strictObject({
  name,
  lat: coordinate(providerRanges.lat),
  lon: coordinate(providerRanges.lon),
  notes: notes.default(''),
  policy: sitePolicySchema.optional(),
});
export type CreateSiteBody = z.input<typeof createSiteSchema>;

export const updateSiteSchema = z
  .strictObject({
    name: name.optional(),
    lat: coordinate(providerRanges.lat).optional(),
    lon: coordinate(providerRanges.lon).optional(),
    notes: notes.optional(),
    policy: sitePolicySchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'must change at least one field' });
export type UpdateSiteBody = z.input<typeof updateSiteSchema>;

export const ackSchema = z.strictObject({
  note: plainText(
    z
      .string({ error: 'must be text' })
      .trim()
      .max(1000, { error: 'must be at most 1000 characters' }),
  ).default(''),
});

/** Where the nearest storm cell is going, relative to the site's stop ring. */
export interface StormJson {
  kind:
    | 'none'
    | 'inside'
    | 'unknown'
    | 'approaching'
    | 'moving-away'
    | 'stationary'
    | 'passing'
    | 'drifting';
  distance_km: number | null;
  speed_kmh: number | null;
  heading_deg: number | null;
  eta_minutes: number | null;
}

/**
 * What a finding measured against which threshold, in the contract's units (m/s, °C, km; times
 * ISO 8601), so every face can word it in the reader's units: see `findingText`.
 */
export type FindingMeasureJson =
  | { kind: 'strike'; distance_km: number; bearing_deg: number; at: string; ring_km: number }
  | { kind: 'alert'; title: string; severity: AlertSeverity; until: string }
  | { kind: 'sustained' | 'gust'; value_ms: number; threshold_ms: number }
  | { kind: 'aqi'; value: number; threshold: number }
  | { kind: 'heat_index'; value_c: number; threshold_c: number }
  | { kind: 'wbgt'; value_c: number; flag: HeatFlagName; threshold_flag: HeatFlagName };

/** One reason for a site's level: its rule, level, measure and threshold. */
export interface FindingJson {
  rule: RuleName;
  level: WatchLevel;
  /** The record's words (metric, UTC): "wind: gust 20.1 m/s ≥ caution 15 m/s". */
  text: string;
  measure: FindingMeasureJson;
  /** When this finding stands down unless something new happens (lightning's countdown). */
  clears_at: string | null;
}

/** The site's current conditions as the wind and heat rules last read them. */
export interface ConditionsJson {
  temp_c: number | null;
  wind_ms: number;
  gust_ms: number | null;
  heat_index_c: number;
  wbgt_c: number | null;
  wbgt_flag: HeatFlagName | null;
  aqi: number;
}

export interface SiteStatusJson {
  level: StatusLevel;
  reasons: string[];
  /**
   * The reasons as findings, most severe first; for no_data the last known ones (the reasons
   * also say what data is missing).
   */
  findings: FindingJson[];
  conditions: ConditionsJson | null;
  /** ISO 8601, server time. */
  since: string;
  all_clear_at: string | null;
  data_age_s: number | null;
  /** The feed `data_age_s` is the age of (the oldest the status rests on). */
  data_age_feed: SafetyFeed | null;
  /** For no_data: the level the site had when its data went stale. */
  last_level: WatchLevel | null;
  storm: StormJson | null;
}

export interface SiteJson {
  id: string;
  name: string;
  lat: number;
  lon: number;
  /** The IANA zone the provider gives for the site's point; null until it has answered. */
  timezone: string | null;
  notes: string;
  policy: z.output<typeof sitePolicySchema>;
  status: SiteStatusJson;
  created_at: string;
  updated_at: string;
}

export interface WatchEventJson {
  id: number;
  site_id: string;
  site_name: string;
  at: string;
  from: StatusLevel;
  to: StatusLevel;
  rule: string;
  reason: string;
  evidence: string[];
  data_age_s: number | null;
  /** What made the level change when it was not the weather: "policy edit by admin: …". */
  cause: string | null;
  acknowledged_by: string | null;
  acknowledged_at: string | null;
  ack_note: string | null;
}

export interface WatchSpendJson {
  units_per_day: number;
  lightning: number;
  alerts: number;
  current: number;
  searches: number;
  /** The daily limit the projection is held to, and where it comes from. */
  limit: number | null;
  limit_source: string | null;
}

/** `GET /api/sites`. */
export interface SitesResponse {
  sites: SiteJson[];
  spend: WatchSpendJson;
}

/** `GET /api/events`. */
export interface EventsResponse {
  events: WatchEventJson[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: number | null;
}

/** The events page size and the CSV export's ceiling. */
export const eventPaging = { defaultLimit: 100, maxLimit: 500, csvMaxRows: 100_000 } as const;
