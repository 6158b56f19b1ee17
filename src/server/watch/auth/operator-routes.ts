import { Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { z } from 'zod';
import { lastAdminRule, operatorRoles, type OperatorRole } from '../../../shared/api/operators';
import { type OperatorJson, type OperatorsResponse } from '../../../shared/api/operator-answers';
import type { AuditRecorder } from '../../audit/audit-log';
import { parseQuery } from '../../http/query';
import { jsonBodyLimit, readJsonBody } from '../json-body';
import type { WatchStore } from '../store';
import { credentialsSchema, hashPassword, usernameSchema } from './passwords';
import { requireAdmin } from './roles';
import { maxCredentialBytes } from './session-routes';
import type { OperatorEnv } from './sessions';

export interface OperatorRouteOptions {
  store: WatchStore;
  clock: () => number;
  /** A signed-in operator and a cross-site forgery check, as every write. */
  writeGuards: MiddlewareHandler[];
  record: AuditRecorder;
}

const role = z.enum(operatorRoles, { error: `must be one of ${operatorRoles.join(', ')}` });

export const createOperatorSchema = credentialsSchema.extend({ role: role.default('operator') });

/** `PATCH /api/operators/:username`: whose account, by the rule names are made with. */
export const operatorPath = z.strictObject({ username: usernameSchema });

export const changeOperatorSchema = z
  .strictObject({
    role: role.optional(),
    disabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    error: 'must change role or disabled',
  });

export const operatorJson = (row: {
  username: string;
  role: OperatorRole;
  disabled: number;
  created_at: number;
}): OperatorJson => ({
  username: row.username,
  role: row.role,
  disabled: row.disabled !== 0,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * `/operators`, for admins: list the accounts, add one, change one's role or disable it (which
 * ends its sessions). Skydeck always keeps an enabled admin, or nobody could manage it again
 * but through the CLI.
 */
export function operatorRoutes(options: OperatorRouteOptions) {
  const { store } = options;
  const app = new Hono<OperatorEnv>();
  const admin = every(jsonBodyLimit(maxCredentialBytes), ...options.writeGuards, requireAdmin());
  app.use('/operators', admin);
  app.use('/operators/*', admin);

  app.get('/operators', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({
      operators: (await store.listOperators()).map(operatorJson),
    } satisfies OperatorsResponse);
  });

  app.post('/operators', async (c) => {
    const body = await readJsonBody(c, createOperatorSchema);
    if (!body.ok) return body.response;
    const { username, password, role } = body.value;
    const hash = await hashPassword(password);
    if (!(await store.saveOperator(username, hash, options.clock(), false, role)))
      return c.json({ error: `An operator named ${username} already exists` }, 409);
    await options.record(c, { action: 'operator.create', target: username, detail: { role } });
    const created = await store.findOperator(username);
    return c.json({ operator: created && operatorJson(created) }, 201);
  });

  app.patch('/operators/:username', async (c) => {
    const path = parseQuery(operatorPath, Object.entries(c.req.param()));
    if (!path.ok) return c.json({ error: path.error }, 400);
    const { username } = path.value;
    const body = await readJsonBody(c, changeOperatorSchema);
    if (!body.ok) return body.response;
    const outcome = await store.changeOperator(username, body.value);
    if (outcome === 'missing') return c.json({ error: `No operator ${username}` }, 404);
    if (outcome === 'last-admin')
      return c.json({ error: `Refused: ${lastAdminRule}; make another admin first` }, 409);
    await options.record(c, { action: 'operator.update', target: username, detail: body.value });
    const changed = await store.findOperator(username);
    return c.json({ operator: changed && operatorJson(changed) });
  });

  return app;
}
