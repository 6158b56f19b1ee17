import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { controlCharacter, plainTextRule } from '../../shared/api/plain-text';

/**
 * Refuses, before any route runs, a path segment or a query parameter holding a control
 * character (see plain-text.ts), with a 400 naming it: the route's parameter name for a path
 * segment (`id` in /api/sites/:id), the parameter's own for the query. Bodies are checked by
 * their schemas, with the same rule.
 */
export function plainRequestText(): MiddlewareHandler {
  return async (c, next) => {
    const segments = c.req.path.split('/');
    const at = segments.findIndex((segment) => controlCharacter.test(segment));
    if (at !== -1) {
      const paths = matchedRoutes(c).map((route) => route.path);
      return refuse(c, `Invalid ${parameterAt(paths, segments.length, at)}`);
    }
    const query = c.req.url.indexOf('?');
    if (query !== -1)
      for (const [name, value] of new URLSearchParams(c.req.url.slice(query + 1))) {
        if (controlCharacter.test(name)) return refuse(c, 'Invalid query parameter name');
        if (controlCharacter.test(value)) return refuse(c, `Invalid ${name}`);
      }
    return next();
  };
}

const refuse = (c: Context, field: string) => c.json({ error: `${field}: ${plainTextRule}` }, 400);

/** The name a route gives the segment at `index` (`:id` → `id`), or `path` when none does. */
function parameterAt(paths: string[], length: number, index: number): string {
  for (const path of paths.toReversed()) {
    const parts = path.split('/');
    const part = parts[index];
    if (parts.length === length && part?.startsWith(':'))
      return part.slice(1).replace(/\{.*$|\?$/, '');
  }
  return 'path';
}
