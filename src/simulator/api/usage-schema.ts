import { z } from 'zod';

/** `GET /subscription/usage`; the counts arrive as strings (reference.md). */
export const usageSchema = z.object({
  calls_count: z.string(),
  calls_remaining: z.number().int(),
  calls_reset_ts: z.number().int(),
  historical_calls_count: z.string(),
  historical_calls_remaining: z.number().int(),
  historical_calls_reset_ts: z.number().int(),
});
