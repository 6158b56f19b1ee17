import { z } from 'zod';
import { plainText } from './plain-text';
import { inRange, providerRanges, rangeText } from './provider-params';
import { sitePolicySchema } from '../safety/site-policy';

/**
 * The watch's HTTP contract: the request bodies the BFF validates (its answers are in
 * watch-answers.ts). Field names are the interface and stay as they are.
 */

const coordinate = (range: { min: number; max: number; integer: boolean; unit?: string }) => {
  const rule = `must be ${rangeText(range)}`;
  return z.number({ error: rule }).refine((value) => inRange(value, range), { error: rule });
};

export const siteLimits = { nameMax: 80, notesMax: 2000 } as const;

const name = plainText(
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(siteLimits.nameMax, { error: `must be at most ${siteLimits.nameMax} characters` }),
);
const notes = plainText(
  z
    .string({ error: 'must be text' })
    .max(siteLimits.notesMax, { error: `must be at most ${siteLimits.notesMax} characters` }),
);

export const createSiteSchema = z.strictObject({
  name,
  lat: coordinate(providerRanges.lat),
  lon: coordinate(providerRanges.lon),
  notes: notes.default(''),
  policy: sitePolicySchema.optional(),
});
export type CreateSiteBody = z.input<typeof createSiteSchema>;

export const updateSiteSchema = z
  .strictObject({
    name: name.optional(),
    lat: coordinate(providerRanges.lat).optional(),
    lon: coordinate(providerRanges.lon).optional(),
    notes: notes.optional(),
    policy: sitePolicySchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'must change at least one field' });
export type UpdateSiteBody = z.input<typeof updateSiteSchema>;

export const ackSchema = z.strictObject({
  note: plainText(
    z
      .string({ error: 'must be text' })
      .trim()
      .max(1000, { error: 'must be at most 1000 characters' }),
  ).default(''),
});

/** The events page size and the CSV export's ceiling. */
export const eventPaging = { defaultLimit: 100, maxLimit: 500, csvMaxRows: 100_000 } as const;
