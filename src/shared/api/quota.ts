import { z } from 'zod';

/** `GET /api/quota`: today's spend (UTC day) and what is known of the limit. */
export const quotaSchema = z.object({
  day: z.string(),
  spent: z.number(),
  by_family: z.record(z.string(), z.number()),
  limit: z.number().nullable(),
  limit_source: z.enum(['QUOTA_DAILY_LIMIT', 'provider']).nullable(),
  remaining: z.number().nullable(),
  reset_at: z.string(),
  /** History requests costing this many units or more need `confirm_units`. */
  confirm_units: z.number(),
});
export type Quota = z.output<typeof quotaSchema>;

/** `GET /api/quota/cost`: what a history request would cost, before anything is spent. */
export const quotaCostSchema = z.object({
  units: z.number(),
  days: z.number(),
  max_days: z.number(),
  allowed: z.boolean(),
  reason: z.string(),
  needs_confirmation: z.boolean(),
  /** The BFF holds a fresh answer: asking again costs nothing. */
  cached: z.boolean(),
});
export type QuotaCost = z.output<typeof quotaCostSchema>;
