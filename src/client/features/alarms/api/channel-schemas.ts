import { z } from 'zod';
import {
  type ChannelJson,
  type ChannelKindJson,
  channelKinds,
  type ChannelsResponse,
  type DeliveriesResponse,
  type DeliveryJson,
  type DeliveryKind,
  type DeliveryOutcome,
  deliveryOutcomes,
  type QuietHours,
  type SavedChannelResponse,
  type TestChannelResponse,
} from '../../../../shared/api/channels';
import { statusLevels } from '../../../../shared/safety/site-policy';

/**
 * The alarm channels and their deliveries as the client checks them. The contract states them as
 * interfaces (shared/api/channels.ts, the server's); each schema here is held to its interface
 * by type, so the two cannot drift apart without failing to compile, and an answer the server
 * never gives (an outcome it has no word for) is refused, not guessed at.
 */

/** The levels a channel can be limited to. */
export const channelLevels = statusLevels;

const quietSchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
}) satisfies z.ZodType<QuietHours>;

const outcome = z.enum(deliveryOutcomes);

export const channelSchema = z.object({
  id: z.string(),
  kind: z.enum(channelKinds),
  name: z.string(),
  target: z.string(),
  redacted: z.boolean(),
  /** Only in the answer that created the channel: shown once, never sent again. */
  secret: z.string().optional(),
  secret_set: z.boolean(),
  levels: z.array(z.enum(statusLevels)),
  sites: z.array(z.string()).nullable(),
  quiet: quietSchema.nullable(),
  escalate_minutes: z.number().nullable(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  failing: z.boolean(),
  last_delivery: z.object({ at: z.string(), outcome, status: z.number().nullable() }).nullable(),
}) satisfies z.ZodType<ChannelJson>;
export type Channel = z.output<typeof channelSchema>;

const channelKindSchema = z.object({
  kind: z.enum(channelKinds),
  available: z.boolean(),
  reason: z.string().nullable(),
  target_rule: z.string().nullable(),
}) satisfies z.ZodType<ChannelKindJson>;

export const channelsResponseSchema = z.object({
  channels: z.array(channelSchema),
  kinds: z.array(channelKindSchema),
}) satisfies z.ZodType<ChannelsResponse>;

/** A saved channel, and the server's warning when its address guard cannot pass the target yet. */
export const savedChannelSchema = z.object({
  channel: channelSchema,
  warning: z.string().optional(),
}) satisfies z.ZodType<SavedChannelResponse>;

/** Outcomes that mean the channel did not get the message through. */
const failedOutcomes: readonly DeliveryOutcome[] = ['failed', 'refused'];
export const isFailedOutcome = (value: DeliveryOutcome) => failedOutcomes.includes(value);

const deliverySchema = z.object({
  id: z.number(),
  delivery_id: z.number(),
  channel_id: z.string(),
  event_id: z.number().nullable(),
  // Not z.templateLiteral: that would add its code to the first screen's copy of zod.
  kind: z.custom<DeliveryKind>(
    (value) => typeof value === 'string' && /^(change|test|escalation:\d+)$/.test(value),
  ),
  at: z.string(),
  attempt: z.number(),
  outcome,
  status: z.number().nullable(),
  detail: z.string(),
}) satisfies z.ZodType<DeliveryJson>;
export type Delivery = z.output<typeof deliverySchema>;

export const deliveriesResponseSchema = z.object({
  deliveries: z.array(deliverySchema),
}) satisfies z.ZodType<DeliveriesResponse>;

export const testResultSchema = z.object({
  delivery: deliverySchema.optional(),
}) satisfies z.ZodType<TestChannelResponse>;
export type TestResult = z.output<typeof testResultSchema>;
