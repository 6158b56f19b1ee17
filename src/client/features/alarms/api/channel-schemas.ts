import { z } from 'zod';
import { channelKinds } from '../../../../shared/api/channels';
import { statusLevels } from '../../../../shared/safety/site-policy';

/**
 * The alarm channels and their deliveries as the page reads them: the shapes of
 * `shared/api/channels.ts` (the server's), read leniently so a field the server adds later does
 * not break the page.
 */

/** The levels a channel can be limited to; none means every level. */
export const channelLevels = statusLevels;

const id = z.union([z.string(), z.number()]).transform(String);

const quietSchema = z.object({ from: z.string(), to: z.string(), tz: z.string() });
export type QuietHours = z.output<typeof quietSchema>;

export const channelSchema = z.looseObject({
  id,
  kind: z.enum(channelKinds),
  name: z.string(),
  target: z.string(),
  levels: z.array(z.string()).nullish(),
  sites: z.array(z.string()).nullish(),
  quiet: quietSchema.nullish(),
  /** Only in the answer that created the channel: shown once, never sent again. */
  secret: z.string().optional(),
  /** Whether the channel signs its bodies. */
  secret_set: z.boolean().optional(),
  escalate_minutes: z.number().nullish(),
  enabled: z.boolean().optional(),
  failing: z.boolean().optional(),
  last_delivery: z
    .looseObject({ at: z.string(), outcome: z.string(), status: z.number().nullish() })
    .nullish(),
});
export type Channel = z.output<typeof channelSchema>;

/** A kind as this server can send it (an older server says nothing: every kind is offered). */
export const channelKindSchema = z.looseObject({
  kind: z.enum(channelKinds),
  available: z.boolean(),
  reason: z.string().nullish(),
  target_rule: z.string().nullish(),
});
export type ChannelKindInfo = z.output<typeof channelKindSchema>;

export const channelsResponseSchema = z.object({
  channels: z.array(channelSchema),
  kinds: z.array(channelKindSchema).optional(),
});
/** A saved channel, and the server's warning when its address guard cannot pass the target yet. */
export const savedChannelSchema = z.object({
  channel: channelSchema,
  warning: z.string().optional(),
});

/** Outcomes that mean the channel did not get the message through. */
const failedOutcomes = new Set(['failed', 'failure', 'error', 'gave_up', 'refused', 'timeout']);

export function isFailedOutcome(outcome: string | null | undefined): boolean {
  return outcome !== null && outcome !== undefined && failedOutcomes.has(outcome.toLowerCase());
}

/** A channel whose latest deliveries failed: flagged on the board and in the channel list. */
export function channelFailing(channel: Channel): boolean {
  return channel.failing === true || isFailedOutcome(channel.last_delivery?.outcome);
}

export const deliverySchema = z.looseObject({
  id,
  channel_id: id,
  /** None for a test send. */
  event_id: id.nullish(),
  kind: z.string().optional(),
  /** What went wrong, or the SMTP reply, in words. */
  detail: z.string().optional(),
  at: z.string(),
  attempt: z.number(),
  outcome: z.string(),
  /** The HTTP status or the SMTP reply; none when the attempt got no answer. */
  status: z.union([z.number(), z.string()]).nullish(),
});
export type Delivery = z.output<typeof deliverySchema>;

export const deliveriesResponseSchema = z.object({ deliveries: z.array(deliverySchema) });

/** `POST /api/channels/:id/test`: its shape is the server's; whatever it says is shown. */
export const testResultSchema = z.looseObject({
  delivery: deliverySchema.partial().optional(),
  outcome: z.string().optional(),
  status: z.union([z.number(), z.string()]).nullish(),
  error: z.string().optional(),
});
export type TestResult = z.output<typeof testResultSchema>;
