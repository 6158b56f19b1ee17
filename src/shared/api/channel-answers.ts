import { z } from 'zod';
import { statusLevels } from '../safety/site-policy';
import {
  channelKinds,
  type DeliveryKind,
  type DeliveryOutcome,
  deliveryOutcomes,
  type QuietHours,
} from './channels';

/**
 * The answers of `/api/channels` and `/api/deliveries`, written once: the BFF's builders are held
 * to these types, the client parses with these schemas (an outcome the server has no word for is
 * refused, not guessed at), and the OpenAPI document gives them in full. Field names are the
 * issue's interface.
 */

const outcome = z.enum(deliveryOutcomes);
const kind = z.enum(channelKinds);

const quietHoursSchema = z.object({
  from: z.string().meta({ description: '"HH:MM", 24-hour, in `tz`: quiet from this minute…' }),
  to: z
    .string()
    .meta({ description: '…until this one (exclusive); before `from` means overnight' }),
  tz: z.string().meta({ description: 'An IANA time zone, like Europe/Berlin or UTC' }),
}) satisfies z.ZodType<QuietHours>;

const channelSchema = z
  .object({
    id: z.string(),
    kind,
    name: z.string(),
    target: z.string().meta({
      description:
        'The URL or email addresses. Without a signed-in operator it is shown without its ' +
        "credentials (a webhook URL's path and query, an address's local part): `redacted` says so",
    }),
    redacted: z.boolean(),
    secret: z
      .string()
      .optional()
      .meta({
        description:
          'The signing secret, in the 201 that created the channel only; never again (a PATCH may ' +
          'set a new one). `secret_set` says whether the channel signs',
      }),
    secret_set: z.boolean(),
    levels: z.array(z.enum(statusLevels)),
    sites: z.array(z.string()).nullable().meta({ description: 'Null: every site' }),
    quiet: quietHoursSchema.nullable(),
    escalate_minutes: z.number().nullable().meta({
      description: 'Null: an unacknowledged stop is sent once, without reminders',
    }),
    after_minutes: z.number().meta({
      description:
        'An escalation tier: 0 tells this channel at once; more, only of a stop that stays ' +
        'unacknowledged that many minutes (and then of its end). Such a channel hears stops only',
    }),
    enabled: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    failing: z.boolean().meta({
      description: 'The latest delivery that proved anything (delivered, failed or refused) failed',
    }),
    last_delivery: z.object({ at: z.string(), outcome, status: z.number().nullable() }).nullable(),
  })
  .meta({ description: 'An alarm channel' });
export type ChannelJson = z.output<typeof channelSchema>;

/**
 * A kind of channel as this server can send it: email only with SMTP_URL and ALARM_FROM set,
 * sms and voice only with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (`reason` says so), the URL kinds always, their targets judged by the address guard, whose
 * rule as configured here `target_rule` states.
 */
const channelKindSchema = z.object({
  kind,
  available: z.boolean(),
  reason: z
    .string()
    .nullable()
    .meta({ description: 'Why the kind is not available; null when it is' }),
  target_rule: z.string().nullable().meta({
    description:
      'What the server refuses as a target of this kind; null when it only checks the form',
  }),
});
export type ChannelKindJson = z.output<typeof channelKindSchema>;

/** `GET /api/channels`: the channels, and the kinds this server can send. */
export const channelsResponseSchema = z.object({
  channels: z.array(channelSchema),
  kinds: z.array(channelKindSchema),
});
export type ChannelsResponse = z.output<typeof channelsResponseSchema>;

/**
 * `POST /api/channels` (201) and `PATCH /api/channels/:id`: the channel as saved, and a warning
 * when the address guard cannot pass its target yet (a host name that does not resolve): it is
 * saved, and every send checks it again.
 */
export const savedChannelSchema = z.object({
  channel: channelSchema,
  warning: z.string().optional(),
});
export type SavedChannelResponse = z.output<typeof savedChannelSchema>;

/** `GET /api/channels/:id`. */
export const channelResponseSchema = z.object({ channel: channelSchema });

const deliveryKindPattern =
  /^(change|test|opening|escalation:\d+|drill:[A-Za-z0-9_-]+|outlook:[A-Za-z0-9_-]+:\d{4}-\d{2}-\d{2})$/;

/** One attempt at a delivery, as the log keeps it. */
const deliverySchema = z
  .object({
    id: z.number(),
    delivery_id: z.number().meta({
      description:
        'The delivery this attempt belongs to: its retries share it (and its idempotency key)',
    }),
    channel_id: z.string(),
    event_id: z
      .number()
      .nullable()
      .meta({ description: 'Null for a test, a drill or a forecast notice' }),
    // Not z.templateLiteral: that would add its code to the first screen's copy of zod.
    kind: z
      .custom<DeliveryKind>((value) => typeof value === 'string' && deliveryKindPattern.test(value))
      .meta({ type: 'string', pattern: deliveryKindPattern.source }),
    at: z.string(),
    attempt: z.number().meta({
      description:
        '1 for the first try, 2 for the first retry…; 0 when nothing was sent (quiet, expired)',
    }),
    outcome,
    status: z.number().nullable().meta({
      description:
        "The HTTP status (the provider's, for sms and voice), or the SMTP reply code; null without an answer (a timeout, refused)",
    }),
    detail: z.string().meta({
      description: "What went wrong or the SMTP reply, in words (never a target's credentials)",
    }),
    provider_sid: z.string().nullable().meta({
      description:
        "For sms and voice: the provider's message (SM…) or call (CA…) sid it accepted; null otherwise",
    }),
  })
  .meta({ description: 'One attempt at a delivery' });
export type DeliveryJson = z.output<typeof deliverySchema>;

/** `GET /api/deliveries?event=&channel=`: newest first. */
export const deliveriesResponseSchema = z.object({ deliveries: z.array(deliverySchema) });
export type DeliveriesResponse = z.output<typeof deliveriesResponseSchema>;

/** `POST /api/channels/:id/test`: the test's one attempt, as the delivery log keeps it. */
export const testResultSchema = z.object({ delivery: deliverySchema.optional() });
export type TestChannelResponse = z.output<typeof testResultSchema>;

const drillSchema = z
  .object({
    id: z.string(),
    site_id: z.string(),
    site_name: z.string(),
    at: z.string(),
    started_by: z.string().meta({ description: 'The operator who started it' }),
    deliveries: z
      .array(
        z.object({
          channel_id: z.string(),
          name: z.string(),
          kind: z.enum([...channelKinds, 'push']).meta({
            description: "A channel's kind, or push for an operator's subscribed browser",
          }),
          delivery_id: z.number().nullable(),
          outcome: outcome.nullable().meta({
            description: 'Its latest attempt; null while it has not been tried yet',
          }),
        }),
      )
      .meta({
        description:
          'Every channel that would hear a stop at the site, sent a message marked DRILL ' +
          '(webhook `kind: "drill"`); the attempts are in the delivery log under kind `drill:<id>`',
      }),
  })
  .meta({ description: 'A drill: no site changed level' });
export type DrillJson = z.output<typeof drillSchema>;

/** `POST /api/sites/:id/drill` (202): the drill as started. */
export const drillResponseSchema = z.object({ drill: drillSchema });
export type DrillResponse = z.output<typeof drillResponseSchema>;

/** `GET /api/sites/:id/drills`: a site's drills, newest first. */
export const drillsResponseSchema = z.object({ drills: z.array(drillSchema) });
export type DrillsResponse = z.output<typeof drillsResponseSchema>;

/** Outcomes that mean the channel did not get the message through. */
const failedOutcomes: readonly DeliveryOutcome[] = ['failed', 'refused'];
export const isFailedOutcome = (value: DeliveryOutcome) => failedOutcomes.includes(value);
