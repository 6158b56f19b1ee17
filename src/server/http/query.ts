import type { z } from 'zod';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** The provider key is the BFF's alone: a caller that sends one is told so, never forwarded. */
export const keyParamError =
  'Parameter "key" is not accepted: the server adds the provider API key itself';

/**
 * Parses query-string parameters against a strict schema of string inputs. The first problem
 * becomes one sentence naming the parameter and the rule it broke.
 */
export function parseQuery<S extends z.ZodType>(
  schema: S,
  /** Name-value pairs in order, as a URLSearchParams iterates them. */
  params: Iterable<[string, string]>,
): ParseResult<z.output<S>> {
  const record: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name === 'key') return { ok: false, error: keyParamError };
    if (Object.hasOwn(record, name)) {
      return { ok: false, error: `Parameter "${name}" is given more than once` };
    }
    record[name] = value;
  }
  const result = schema.safeParse(record);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, error: describeIssue(result.error.issues[0]) };
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid parameters';
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((key) => `"${key}"`).join(', ');
    return `Unknown parameter ${names}: not part of this endpoint`;
  }
  const name = issue.path.map(String).join('.');
  // Cross-parameter rules write their whole sentence ("Missing …", "Invalid …") themselves.
  if (issue.code === 'custom' && /^(Invalid|Missing) /.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return `Missing parameter "${name}": it is required`;
  }
  return name ? `Invalid ${name}: ${issue.message}` : issue.message;
}
