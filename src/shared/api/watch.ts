import { z } from 'zod';
import { plainText } from './plain-text';
import { inRange, providerRanges, rangeText } from './provider-params';
import { sitePolicySchema } from '../safety/site-policy';
import { alertSeverities } from '../weather/alert-schema';
import { clockSchema, timeZoneSchema, weekdays } from '../time/wall-clock';

/**
 * The watch's HTTP contract: the request bodies the BFF validates (its answers are in
 * watch-answers.ts). Field names are the interface and stay as they are.
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

export const scheduleLimits = { windowsMax: 14, timezoneMax: 64 } as const;
/** Alerts of these severities alarm at any hour unless a schedule says otherwise. */
export const scheduleDefaultAlways = ['Warning'] as const;

/** One activity window: on these days, from `from` to `to` (before `from`: past midnight). */
const windowSchema = z
  .strictObject({
    days: z
      .array(z.enum(weekdays, { error: `must be one of ${weekdays.join(', ')}` }), {
        error: 'must be a list of days',
      })
      .min(1, { error: 'must name at least one day' })
      .max(weekdays.length, { error: `must name at most ${weekdays.length} days` })
      .refine((days) => new Set(days).size === days.length, {
        error: 'must name each day once',
      }),
    from: clockSchema,
    to: clockSchema,
  })
  .refine((window) => window.from !== window.to, {
    error: 'must end at another time than it starts',
    path: ['to'],
  });

/**
 * When a site works: outside its windows the watch still judges and records, but tells nobody,
 * except of an alert whose severity is in `always`. `timezone` null: the site's own zone.
 */
export const scheduleSchema = z.strictObject({
  timezone: timeZoneSchema(scheduleLimits.timezoneMax).nullable().default(null),
  windows: z
    .array(windowSchema, { error: 'must be a list of windows' })
    .max(scheduleLimits.windowsMax, {
      error: `must have at most ${scheduleLimits.windowsMax} windows`,
    }),
  always: z
    .array(z.enum(alertSeverities, { error: `must be one of ${alertSeverities.join(', ')}` }), {
      error: 'must be a list of alert severities',
    })
    .max(alertSeverities.length)
    .default([...scheduleDefaultAlways]),
});

/**
 * A forecast notice: the afternoon before a day the outlook judges no_go, at `at` on the site's
 * wall clock, its channels are told (`kind: "outlook"`). Null: no notice.
 */
export const outlookNoticeSchema = z
  .strictObject(
    { at: clockSchema },
    { error: 'must be an object {at: "HH:MM"}, or null for no notice' },
  )
  .meta({
    description:
      'Channels are told from `at` (the site’s wall clock) when tomorrow is forecast no_go ' +
      '(`kind: "outlook"`); null: never',
  });

export const createSiteSchema = z.strictObject({
  name,
  lat: coordinate(providerRanges.lat),
  lon: coordinate(providerRanges.lon),
  notes: notes.default(''),
  policy: sitePolicySchema.optional(),
  /** Null: always active. */
  schedule: scheduleSchema.nullable().default(null),
  outlook_notice: outlookNoticeSchema.nullable().default(null),
});
export type CreateSiteBody = z.input<typeof createSiteSchema>;

export const updateSiteSchema = z
  .strictObject({
    name: name.optional(),
    lat: coordinate(providerRanges.lat).optional(),
    lon: coordinate(providerRanges.lon).optional(),
    notes: notes.optional(),
    policy: sitePolicySchema.optional(),
    schedule: scheduleSchema.nullable().optional(),
    outlook_notice: outlookNoticeSchema.nullable().optional(),
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

/** The events page size and the CSV export's ceiling. */
export const eventPaging = { defaultLimit: 100, maxLimit: 500, csvMaxRows: 100_000 } as const;

const stationLimits = { passkeyMax: 64 } as const;

/** An Ecowitt station's PASSKEY, as its upload carries it (32 hex digits, in practice). */
const passkey = plainText(
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(stationLimits.passkeyMax, {
      error: `must be at most ${stationLimits.passkeyMax} characters`,
    }),
);
const stationSite = z.string({ error: 'must be a site id' }).min(1).max(64);

/** `POST /api/stations`: `site_id` null or absent, a station no site uses yet. */
export const createStationSchema = z.strictObject({
  name,
  site_id: stationSite.nullable().default(null),
  passkey: passkey.nullable().default(null),
});

export const updateStationSchema = z
  .strictObject({
    name: name.optional(),
    site_id: stationSite.nullable().optional(),
    passkey: passkey.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'must change at least one field' });
