import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  mode: z.enum(['demo', 'live']),
});
export type Health = z.output<typeof healthSchema>;

/**
 * GET /api/ready: whether this instance should be sent traffic. 503 when the database cannot
 * answer or take a small write (a heartbeat), when writes were refused for want of space or
 * write access in the last seconds, or when the server is draining for shutdown; an open
 * breaker is reported but is the provider's trouble, not this instance's, so it alone does not
 * make the answer 503. `watch`: whether this replica runs the watch (one does at a time) or
 * stands by; a standby serves all the same.
 */
export const readySchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'error']),
  breaker: z.enum(['closed', 'open', 'half-open']),
  watch: z.enum(['leader', 'standby']),
  draining: z.boolean(),
  /** Why `database` is `error`: the engine's own words, or "database full or read-only (…)". */
  database_error: z.string().optional(),
});
export type Ready = z.output<typeof readySchema>;

export const apiErrorSchema = z.object({ error: z.string() });
