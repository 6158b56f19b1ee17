import { z } from 'zod';
import { statusLevels } from '../safety/site-policy';

/**
 * A site's public status link (issue 31): what an operator's `POST /api/sites/:id/share`
 * answers, and what anyone holding the link reads at `GET /api/public/:token` and its live
 * stream. The public answer is what a parent may see and nothing more: no policy, channel,
 * operator or coordinates (a reason may name a strike's distance and direction). Strict objects,
 * so a field added on the server by mistake fails the client's parse and the tests.
 */

/** `{token, url}`: the link, `/s/<token>`, relative to wherever Skydeck is served. */
export const shareResponseSchema = z.strictObject({
  token: z.string(),
  url: z.string(),
});
export type ShareResponse = z.output<typeof shareResponseSchema>;

/** An instant, ISO 8601 in UTC, server time. */
const instant = z.string();

export const publicStatusSchema = z.strictObject({
  site: z.strictObject({ name: z.string(), timezone: z.string().nullable() }),
  status: z.strictObject({
    level: z.enum(statusLevels),
    since: instant,
    all_clear_at: instant.nullable(),
    data_age_s: z.number().nullable(),
    /** The watch's words for the level (metric, UTC), most severe first. */
    reasons: z.array(z.string()),
  }),
  /** When this answer was made (server time): the status is the watch's as of then. */
  updated_at: instant,
});
export type PublicStatus = z.output<typeof publicStatusSchema>;

/** A share token: 144 random bits as base64url (24 characters). */
export const shareTokenPattern = /^[A-Za-z0-9_-]{24}$/;

/** The public page's path for a token. */
export const sharePath = (token: string) => `/s/${token}`;
