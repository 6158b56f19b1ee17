import { z } from 'zod';
import { statusLevels, type StatusLevel } from '../safety/site-policy';
import { plainText } from './plain-text';
import { inRange, type ParamRange, rangeText } from './provider-params';
import { siteLimits } from './watch';
import { clockSchema, minutesOf, timeZoneSchema, wallClock } from '../time/wall-clock';

/**
 * Alarm channels and their delivery log: the request bodies of `/api/channels` (its answers are
 * in channel-answers.ts), the rules for which level changes a channel is told of, and the
 * webhook's signature header. Written once here: the BFF validates and dispatches with it, the channel
 * settings draw their fields and limits from it. Field names are the issue's interface.
 */

export const channelKinds = ['webhook', 'slack', 'teams', 'email', 'sms', 'voice'] as const;
export type ChannelKind = (typeof channelKinds)[number];

/** What a kind of channel is, everywhere it is told apart: the form, the checks, the sending. */
export interface ChannelKindInfo {
  /** Its name in the form's menu and the channel list. */
  label: string;
  /** The target field's label. */
  targetLabel: string;
  /** The target's rule, as the field's hint states it before anything is typed. */
  targetHint: string;
  /** What the target field is typed as: the keyboard a phone shows for it. */
  input: 'url' | 'email' | 'tel';
  /**
   * `http`: POSTed as JSON to a URL (the address guard judges it), signed with the channel's
   * secret; `email`: sent over SMTP (offered only with SMTP_URL and ALARM_FROM), never signed;
   * `phone`: a text or a call through a Twilio-compatible API (offered only with the TWILIO_
   * variables) to an E.164 number, never signed.
   */
  transport: 'http' | 'email' | 'phone';
  /**
   * For a service whose webhook URL's path is its key, so plain http would carry the key in the
   * clear: its name, as the refusal of an http target states it (http only to a loopback address,
   * where nothing travels: a relay or test receiver on this machine).
   */
  httpsOnly?: string;
}

/**
 * Every kind's facts, in one place: a new kind in `channelKinds` is a compile error until it has
 * its row here (and an HTTP kind until the server has its message body).
 */
const channelKindInfo = {
  webhook: {
    label: 'Webhook (JSON)',
    targetLabel: 'Address (URL)',
    targetHint:
      'An http:// or https:// address. Each POST is signed with the secret (X-Skydeck-Signature).',
    input: 'url',
    transport: 'http',
  },
  slack: {
    label: 'Slack',
    targetLabel: 'Webhook address (URL)',
    targetHint: 'The https:// address of a Slack incoming webhook.',
    input: 'url',
    transport: 'http',
    httpsOnly: 'Slack',
  },
  teams: {
    label: 'Microsoft Teams',
    targetLabel: 'Webhook address (URL)',
    targetHint: 'The https:// address of a Teams incoming webhook or workflow.',
    input: 'url',
    transport: 'http',
    httpsOnly: 'Teams',
  },
  email: {
    label: 'Email',
    targetLabel: 'Recipients',
    targetHint: 'One or more email addresses, separated by commas.',
    input: 'email',
    transport: 'email',
  },
  sms: {
    label: 'SMS (text message)',
    targetLabel: 'Phone number',
    targetHint: 'In international (E.164) form: + then country code and number, like +15551234567.',
    input: 'tel',
    transport: 'phone',
  },
  voice: {
    label: 'Voice call',
    targetLabel: 'Phone number',
    targetHint: 'In international (E.164) form: + then country code and number, like +15551234567.',
    input: 'tel',
    transport: 'phone',
  },
} as const satisfies Record<ChannelKind, ChannelKindInfo>;

/** The kinds that POST to a URL (and are signed), as a type: the server's message bodies' keys. */
export type HttpChannelKind = {
  [K in ChannelKind]: (typeof channelKindInfo)[K]['transport'] extends 'http' ? K : never;
}[ChannelKind];

/** A kind's row, read as any kind's (`channelKindInfo` keeps each row's own literal types). */
export const kindInfo = (kind: ChannelKind): ChannelKindInfo => channelKindInfo[kind];

export const isHttpKind = (kind: ChannelKind): kind is HttpChannelKind =>
  kindInfo(kind).transport === 'http';

/** The kinds sent through the Twilio-compatible API, as a type: the server's text builders' keys. */
export type PhoneChannelKind = {
  [K in ChannelKind]: (typeof channelKindInfo)[K]['transport'] extends 'phone' ? K : never;
}[ChannelKind];

export const isPhoneKind = (kind: ChannelKind): kind is PhoneChannelKind =>
  kindInfo(kind).transport === 'phone';

/** An E.164 number: +, a country code that does not start with 0, at most 15 digits in all. */
export const e164Pattern = /^\+[1-9]\d{1,14}$/;

export const channelLimits = {
  nameMax: 80,
  targetMax: 2000,
  secretMin: 16,
  secretMax: 200,
  /** Comma-separated recipients of one email channel. */
  emailsMax: 10,
  /** A channel limited to sites names at most this many. */
  sitesMax: 500,
  tzMax: 64,
} as const;

export const channelRanges = {
  /** How often an unacknowledged stop is sent again. */
  escalateMinutes: { min: 2, max: 240, integer: true, unit: 'minutes' },
  /**
   * An escalation tier: how long a stop must stay unacknowledged before this channel hears of it
   * (0: at once, like any channel).
   */
  afterMinutes: { min: 0, max: 240, integer: true, unit: 'minutes' },
} as const satisfies Record<string, ParamRange>;

export const alarmDefaults = {
  /**
   * A channel hears of a site entering these levels and of it leaving them (so the all-clear
   * after a stop reaches whoever heard the stop, once).
   */
  levels: ['stop', 'caution'] as StatusLevel[],
  /** An unacknowledged stop is sent again this often (minutes) until acknowledged or ended. */
  escalateMinutes: 10,
  /** Reminders of one stop, at most: 8 hours at the default interval. */
  maxEscalations: 48,
  /** Not a tier: told at once. */
  afterMinutes: 0,
} as const;

/**
 * Whether a channel following `levels` is told of a change from `from` to `to`: a site entering
 * a followed level, or leaving one (its step down, the all-clear).
 */
export function channelWants(levels: readonly StatusLevel[], from: StatusLevel, to: StatusLevel) {
  return levels.includes(to) || levels.includes(from);
}

/**
 * Whether a channel would hear a stop at `siteId`: on, following stops, and for every site or
 * this one. A drill's audience, as the server sends it and the site page names it beforehand;
 * tiers are in it whatever their wait (a drill tests the whole chain at once).
 */
export function hearsStopAt(
  channel: { enabled: boolean; levels: readonly StatusLevel[]; sites: readonly string[] | null },
  siteId: string,
): boolean {
  return (
    channel.enabled &&
    channel.levels.includes('stop') &&
    (channel.sites === null || channel.sites.includes(siteId))
  );
}

/** Drills of one site: at most one in this many seconds, whichever replica is asked. */
export const drillIntervalSeconds = 60;

/**
 * Quiet hours hold back every change but a stop and the end of one: nobody sleeps through a
 * stop, and whoever was woken by it hears when it is over.
 */
export function quietHoldsBack(from: StatusLevel, to: StatusLevel): boolean {
  return from !== 'stop' && to !== 'stop';
}

export interface QuietHours {
  /** "HH:MM", 24-hour, in `tz`: quiet from this minute… */
  from: string;
  /** …until this one (exclusive); before `from` means overnight. */
  to: string;
  /** An IANA time zone, like Europe/Berlin or UTC. */
  tz: string;
}

/** Whether `atMs` falls in the quiet hours, read on the wall clock of their time zone. */
export function inQuietHours(quiet: QuietHours, atMs: number): boolean {
  const now = wallClock(quiet.tz, atMs).minutes;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

const text = (max: number) =>
  plainText(
    z
      .string({ error: 'must be text' })
      .trim()
      .min(1, { error: `must be 1 to ${max} characters` })
      .max(max, { error: `must be 1 to ${max} characters` }),
  );

/** A target's emptiness is its kind's rule to word ("must be an http or https URL"). */
const targetText = plainText(
  z
    .string({ error: 'must be text' })
    .trim()
    .max(channelLimits.targetMax, {
      error: `must be at most ${channelLimits.targetMax} characters`,
    }),
);

export const quietSchema = z
  .strictObject({
    from: clockSchema,
    to: clockSchema,
    tz: timeZoneSchema(channelLimits.tzMax),
  })
  .refine((quiet) => quiet.from !== quiet.to, {
    error: 'must end at another time than it starts',
    path: ['to'],
  });

const emailPattern = z.regexes.email;
const httpUrl = z.url({ protocol: /^https?$/ });

/** The services whose webhooks are https only, named in the refusal: "Slack and Teams". */
const httpsOnlyServices = channelKinds
  .map((kind) => kindInfo(kind).httpsOnly)
  .filter((name): name is string => name !== undefined)
  .join(', ')
  .replace(/, ([^,]*)$/, ' and $1');
const loopbackHost = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Why `target` does not suit a channel of `kind`, or undefined when it does. */
export function targetProblem(kind: ChannelKind, target: string): string | undefined {
  if (isPhoneKind(kind))
    return e164Pattern.test(target)
      ? undefined
      : 'must be a phone number in E.164 form: + then country code and number, digits only, like +15551234567';
  if (!isHttpKind(kind)) {
    const addresses = target.split(',').map((address) => address.trim());
    if (addresses.length > channelLimits.emailsMax)
      return `must be at most ${channelLimits.emailsMax} email addresses`;
    const bad = addresses.find((address) => !emailPattern.test(address));
    return bad === undefined
      ? undefined
      : `must be email addresses separated by commas (${bad || 'an empty one'} is not one)`;
  }
  if (!httpUrl.safeParse(target).success) return 'must be an http or https URL';
  if (/^[a-z]+:\/\/[^/?#]*@/i.test(target)) return 'must not hold a user name or password';
  const [, scheme, authority = ''] = /^([a-z]+):\/\/([^/?#]*)/i.exec(target) ?? [];
  const host = authority.replace(/:\d*$/, '');
  if (
    kindInfo(kind).httpsOnly !== undefined &&
    scheme?.toLowerCase() !== 'https' &&
    !loopbackHost.test(host)
  )
    return `must be an https URL, as ${httpsOnlyServices} webhooks are (http only to a loopback address)`;
  return undefined;
}

/** The addresses of an email channel's target, as they are sent to. */
export const emailRecipients = (target: string) =>
  target
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);

const secret = z
  .string({ error: 'must be text' })
  .min(channelLimits.secretMin, {
    error: `must be at least ${channelLimits.secretMin} characters`,
  })
  .max(channelLimits.secretMax, {
    error: `must be at most ${channelLimits.secretMax} characters`,
  })
  .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' });

const levels = z
  .array(z.enum(statusLevels, { error: `must be one of ${statusLevels.join(', ')}` }), {
    error: 'must be a list of levels',
  })
  .min(1, { error: 'must name at least one level' })
  .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a level' });

const sites = z
  .array(
    z.string({ error: 'must be a site id' }).regex(/^[A-Za-z0-9_-]{1,64}$/, {
      error: 'must be a site id',
    }),
    { error: 'must be a list of site ids' },
  )
  .min(1, { error: 'must name at least one site, or be left out (or null) for every site' })
  .max(channelLimits.sitesMax, {
    error: `must name at most ${channelLimits.sitesMax} sites`,
  })
  .refine((list) => new Set(list).size === list.length, { error: 'must not repeat a site' });

const escalateRule = `must be ${rangeText(channelRanges.escalateMinutes)}, or null for no reminders`;
const escalateMinutes = z
  .number({ error: escalateRule })
  .refine((value) => inRange(value, channelRanges.escalateMinutes), { error: escalateRule })
  .nullable();

const afterRule = `must be ${rangeText(channelRanges.afterMinutes)}`;
const afterMinutes = z
  .number({ error: afterRule })
  .refine((value) => inRange(value, channelRanges.afterMinutes), { error: afterRule });

const enabled = z.boolean({ error: 'must be true or false' });

export const createChannelSchema = z
  .strictObject({
    kind: z.enum(channelKinds, { error: `must be one of ${channelKinds.join(', ')}` }),
    name: text(channelLimits.nameMax),
    target: targetText,
    secret: secret.optional(),
    levels: levels.default(alarmDefaults.levels),
    sites: sites.nullable().default(null),
    quiet: quietSchema.nullable().default(null),
    escalate_minutes: escalateMinutes.default(alarmDefaults.escalateMinutes),
    after_minutes: afterMinutes.default(alarmDefaults.afterMinutes),
    enabled: enabled.default(true),
  })
  .superRefine((body, context) => {
    const problem = targetProblem(body.kind, body.target);
    if (problem) context.addIssue({ code: 'custom', path: ['target'], message: problem });
    if (!isHttpKind(body.kind) && body.secret !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['secret'],
        message: unsignedRule(body.kind),
      });
  });
export type CreateChannelBody = z.input<typeof createChannelSchema>;

/** The refusal of a secret for a kind that is not signed. */
export const unsignedRule = (kind: ChannelKind) =>
  `must be left out: ${kind} channels are not signed`;

/** A channel's kind never changes (delete it and add another); the target is checked against it. */
export const updateChannelSchema = z
  .strictObject({
    name: text(channelLimits.nameMax).optional(),
    target: targetText.optional(),
    secret: secret.optional(),
    levels: levels.optional(),
    sites: sites.nullable().optional(),
    quiet: quietSchema.nullable().optional(),
    escalate_minutes: escalateMinutes.optional(),
    after_minutes: afterMinutes.optional(),
    enabled: enabled.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'must change at least one field' });
export type UpdateChannelBody = z.input<typeof updateChannelSchema>;

/**
 * What happened to one attempt at a delivery:
 * - `delivered`: the receiver said 2xx (SMTP: accepted);
 * - `retry`: this attempt failed and another follows;
 * - `failed`: this attempt failed and it was the last (given up, or an error retrying cannot fix);
 * - `refused`: not sent, the target is not allowed (a private address, a redirect to another host);
 * - `quiet`: held back by the channel's quiet hours, never sent;
 * - `interrupted`: the server stopped while it was on its way; not sent again (at most once);
 * - `expired`: waited too long (the server was down) to be worth sending;
 * - `cancelled`: the channel was deleted or disabled before it went.
 */
export const deliveryOutcomes = [
  'delivered',
  'retry',
  'failed',
  'refused',
  'quiet',
  'interrupted',
  'expired',
  'cancelled',
] as const;
export type DeliveryOutcome = (typeof deliveryOutcomes)[number];

/** Outcomes that say whether the channel works: its latest decides `failing`. */
export const verdictOutcomes: readonly DeliveryOutcome[] = ['delivered', 'failed', 'refused'];

/**
 * Why a delivery was made: the level change itself, a reminder of an unacknowledged stop
 * (`escalation:<n>`, the n-th), the "send test" button, a drill (`drill:<drill id>`), a site's
 * activity window opening on a stop or caution its channels were not told of (`opening`), or a
 * forecast notice of a no-go day (`outlook:<site id>:<the day, YYYY-MM-DD>`).
 */
export type DeliveryKind =
  | 'change'
  | `escalation:${number}`
  | 'test'
  | 'opening'
  | `drill:${string}`
  | `outlook:${string}:${string}`;

/** The delivery kind of a site's forecast notice of a no-go `day`: one a site and day. */
export const outlookKind = (siteId: string, day: string) => `outlook:${siteId}:${day}` as const;

export const deliveryPaging = { defaultLimit: 100, maxLimit: 500 } as const;

/**
 * Every text an alarm carries (whatever its channel's kind) is cut to these lengths, its
 * end an ellipsis: a site's or channel's name (`name`, the longest a name may be given), and an
 * event's reason (`reason`, which carries the evidence in words).
 */
export const alarmTextLimits = {
  name: Math.max(channelLimits.nameMax, siteLimits.nameMax),
  reason: 1000,
} as const;

/**
 * The generic webhook's JSON body. `kind` and `escalation` tell a reminder or a test from the
 * change itself; a test's event has id 0.
 */
export interface WebhookBody {
  event: {
    id: number;
    site_id: string;
    at: string;
    from: StatusLevel;
    to: StatusLevel;
    reason: string;
  };
  site: { id: string; name: string; lat: number | null; lon: number | null };
  url: string;
  /**
   * `drill`: an operator's drill (`POST /api/sites/:id/drill`); no site changed level.
   * `outlook`: a forecast notice (the site's `outlook_notice`): `outlook` says which day is
   * forecast no-go and why; the event's `from` and `to` are both the site's level now.
   */
  kind: 'change' | 'escalation' | 'test' | 'drill' | 'outlook';
  /** The reminder's number for an escalation, else null. */
  escalation: number | null;
  /** For `kind: "outlook"` only: the day (the site's local date), its verdict and reasons. */
  outlook?: { date: string; verdict: 'no_go'; reasons: string[] };
}

/**
 * `X-Skydeck-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the channel
 * secret>`. A receiver recomputes it over the raw body and refuses a `t` far from its own clock
 * (replays). `X-Skydeck-Delivery` is the idempotency key: retries of one delivery share it.
 */
export const webhookHeaders = {
  signature: 'X-Skydeck-Signature',
  delivery: 'X-Skydeck-Delivery',
} as const;

/** The text a webhook signature signs. */
export const signedText = (timestamp: number, body: string) => `${timestamp}.${body}`;

/**
 * A site's page in the app, from its base URL: the board with the site open (link version 3,
 * which later versions of the app upgrade).
 */
export const sitePagePath = (siteId: string) =>
  `/?v=3&view=board&site=${encodeURIComponent(siteId)}`;

/** A push subscription's levels and sites follow a channel's rules (see push.ts). */
export { levels as levelsSchema, sites as sitesSchema };
