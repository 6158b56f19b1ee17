import type { MiddlewareHandler } from 'hono';
import type { OperatorEnv } from './sessions';

export const adminOnlyRule = 'only an admin may change channels, operators and settings';

/**
 * After `requireOperator`: the signed-in operator must be an admin. Anyone else gets a 403 that
 * says so, so a page can show why rather than fail.
 */
export function requireAdmin(): MiddlewareHandler<OperatorEnv> {
  return async (c, next) => {
    const operator = c.get('operator');
    if (operator?.role !== 'admin')
      return c.json(
        { error: `${operator?.username ?? 'You'} is not an admin: ${adminOnlyRule}` },
        403,
      );
    await next();
  };
}
