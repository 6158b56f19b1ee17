import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';

export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: Response };

/** A JSON body checked against `schema`; a 400 naming the field and the rule it broke if not. */
export async function readJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<BodyResult<z.output<S>>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { ok: false, response: c.json({ error: 'The request body must be JSON' }, 400) };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  const message =
    issue?.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : issue?.message;
  return { ok: false, response: c.json({ error: `Invalid ${field}: ${message}` }, 400) };
}

/** Refuses a body over `maxBytes` with a 413 saying the limit, before it is read. */
export function jsonBodyLimit(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ error: `The request body must be at most ${maxBytes} bytes` }, 413),
  });
}
