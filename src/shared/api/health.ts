import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  mode: z.enum(['demo', 'live']),
});
export type Health = z.output<typeof healthSchema>;

export const apiErrorSchema = z.object({ error: z.string() });
