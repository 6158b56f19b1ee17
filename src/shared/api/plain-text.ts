import type { z } from 'zod';

/**
 * Text Skydeck takes (names, notes, ids, query parameters) holds no control characters but tab
 * and newline: PostgreSQL refuses NUL in text outright (a 500 where SQLite stored it), and the
 * others only hide in a log, a CSV cell or a chat message. Written once here: the BFF's schemas
 * and its check on paths and query strings use it, and forms show the same rule.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const controlCharacter = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export const plainTextRule = 'must not contain control characters (only tab and newline)';

/** Whether `text` keeps the rule. */
export const isPlainText = (text: string) => !controlCharacter.test(text);

/** A zod string check for the rule, to chain on any text field. */
export const plainText = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine(isPlainText, { error: plainTextRule });
