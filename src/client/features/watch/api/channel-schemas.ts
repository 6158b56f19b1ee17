import { z } from 'zod';
import { statusLevels } from '../../../../shared/safety/site-policy';

/**
 * The alarm channels and their deliveries as the client reads them (issue 16's Interface). Kept
 * in the client for now, read leniently: the server's own schemas were being written at the same
 * time, and a field it adds must not break the page. Fields the Interface does not name (the
 * failing flag) are read from the few shapes they may take.
 */

export const channelKinds = ['webhook', 'slack', 'teams', 'email'] as const;
export type ChannelKind = (typeof channelKinds)[number];

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
  /** Whether a secret is set: the secret itself is never sent back. */
  has_secret: z.boolean().optional(),
  failing: z.boolean().optional(),
  last_outcome: z.string().nullish(),
});
export type Channel = z.output<typeof channelSchema>;

export const channelsResponseSchema = z.object({ channels: z.array(channelSchema) });
export const savedChannelSchema = z.object({ channel: channelSchema });

/** Outcomes that mean the channel did not get the message through. */
const failedOutcomes = new Set(['failed', 'failure', 'error', 'gave_up', 'refused', 'timeout']);

export function isFailedOutcome(outcome: string | null | undefined): boolean {
  return outcome !== null && outcome !== undefined && failedOutcomes.has(outcome.toLowerCase());
}

/** A channel whose latest deliveries failed: flagged on the board and in the channel list. */
export function channelFailing(channel: Channel): boolean {
  return channel.failing === true || isFailedOutcome(channel.last_outcome);
}

export const deliverySchema = z.looseObject({
  id,
  channel_id: id,
  event_id: id,
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
