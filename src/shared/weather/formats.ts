import { z } from 'zod';

/** String formats the provider uses, as zod schemas so every layer checks them the same way. */
export const isoLocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'must be YYYY-MM-DDTHH:MM:SS');
export const dateHour = z.string().regex(/^\d{4}-\d{2}-\d{2}:\d{2}$/, 'must be YYYY-MM-DD:HH');
export const observationTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'must be YYYY-MM-DD HH:MM');
export const clockTime = z.string().regex(/^\d{2}:\d{2}$/, 'must be HH:MM');

/** Forecast responses may deliver coordinates as numeric strings (reference.md quirk). */
export const coordinate = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)])
  .transform(Number);

/** Old payloads carry the condition code as a string (reference.md quirk). */
export const weatherCondition = z.object({
  icon: z.string(),
  code: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  description: z.string(),
});

/**
 * The thunderstorm condition codes (200–233 in reference.md's table): the simulator's headline
 * for a stormy day and the outlook's reading of one.
 */
export function isThunderstorm(code: number): boolean {
  return code >= 200 && code < 300;
}
