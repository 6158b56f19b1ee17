import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditEntryJson, OperatorJson } from '../../shared/api/operator-answers';
import { closeInProcessApps, inProcessApp } from '../testing/in-process';
import { admin, writeHeaders } from '../testing/operator';
import { createPostgresDatabase, engines } from '../testing/test-database';

/**
 * Roles and the audit record through the whole BFF on loopback, on both engines: what an
 * operator may and may not do, admins managing operators, and the record of who did what from
 * where, which the database itself keeps from being rewritten.
 */
const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await closeInProcessApps();
});

const olga = { username: 'olga', password: 'operator password 1' };

async function startOn(engine: (typeof engines)[number]) {
  const instance = inProcessApp({
    SKYDECK_ADMIN_PASSWORD: admin.password,
    WEBHOOK_ALLOW_PRIVATE: '1',
    ...(engine === 'postgres' ? { DATABASE_URL: await createPostgresDatabase() } : {}),
  });
  const url = await new Promise<string>((resolve) => {
    const server = serve({ fetch: instance.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    ) as Server;
    servers.push(server);
  });
  const call = (
    method: string,
    path: string,
    cookie: string | undefined,
    body?: unknown,
  ): Promise<Response> =>
    fetch(`${url}/api${path}`, {
      method,
      headers: { ...writeHeaders, ...(cookie ? { Cookie: cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const signIn = async (credentials: { username: string; password: string }) => {
    const response = await call('POST', '/session', undefined, credentials);
    return {
      status: response.status,
      body: response.status === 204 ? undefined : ((await response.json()) as { error: string }),
      cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] as string,
    };
  };
  return { instance, url, call, signIn };
}

describe.each(engines)('roles and the audit record on %s', { timeout: 90_000 }, (engine) => {
  it('keeps channels and operators for admins, records every change, and refuses to rewrite the record', async () => {
    const { instance, url, call, signIn } = await startOn(engine);
    const root = (await signIn(admin)).cookie;
    expect(root).toMatch(/^skydeck_session=/);
    // The environment's account is an admin.
    expect(await (await call('GET', '/session', root)).json()).toMatchObject({
      operator: { username: 'admin', role: 'admin' },
    });

    // Operators: only for admins; a new account is an operator unless told otherwise.
    expect((await call('GET', '/operators', undefined)).status).toBe(401);
    const created = await call('POST', '/operators', root, olga);
    expect(created.status).toBe(201);
    expect(((await created.json()) as { operator: OperatorJson }).operator).toMatchObject({
      username: 'olga',
      role: 'operator',
      disabled: false,
    });
    expect((await call('POST', '/operators', root, olga)).status).toBe(409);
    const badRole = await call('POST', '/operators', root, { ...olga, username: 'x', role: 'god' });
    expect([badRole.status, await badRole.json()]).toEqual([
      400,
      { error: 'Invalid role: must be one of operator, admin' },
    ]);
    // The forgery rule holds here as for every write.
    const forged = await fetch(`${url}/api/operators`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: root },
      body: JSON.stringify({ ...olga, username: 'forged' }),
    });
    expect(forged.status).toBe(403);

    const operator = (await signIn(olga)).cookie;
    expect(await (await call('GET', '/session', operator)).json()).toMatchObject({
      operator: { username: 'olga', role: 'operator' },
    });

    // An operator keeps sites, policies and acknowledgements…
    const site = await call('POST', '/sites', operator, {
      name: 'Yard',
      lat: 27.95,
      lon: -82.46,
    });
    expect(site.status).toBe(201);
    const siteId = ((await site.json()) as { site: { id: string } }).site.id;
    const policy = await call('PATCH', `/sites/${siteId}`, operator, {
      policy: { lightning: { rings: { stop: 8, caution: 16, watch: 40 }, all_clear_minutes: 30 } },
    });
    expect(policy.status).toBe(200);
    const event = await instance.watch.store.appendEvent({
      site_id: siteId,
      site_name: 'Yard',
      at: Date.now(),
      from_level: 'clear',
      to_level: 'stop',
      rule: 'lightning',
      reason: 'lightning: strike 3 km',
      evidence: '[]',
      data_age_s: 10,
    });
    const ack = await call('POST', `/events/${event.id}/ack`, operator, { note: 'crew inside' });
    expect(ack.status).toBe(200);

    // …but not channels, operators or the audit record: a 403 that says why.
    const channel = {
      kind: 'webhook',
      name: 'Duty',
      target: 'http://127.0.0.1:9/hook-secret?token=abc',
      levels: ['stop'],
    };
    const refused = await call('POST', '/channels', operator, channel);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'olga is not an admin: only an admin may change channels, operators and settings',
    );
    const made = await call('POST', '/channels', root, channel);
    expect(made.status).toBe(201);
    const channelId = ((await made.json()) as { channel: { id: string } }).channel.id;
    for (const [method, path, body] of [
      ['PATCH', `/channels/${channelId}`, { target: 'http://127.0.0.1:9/mine' }],
      ['DELETE', `/channels/${channelId}`, undefined],
      ['POST', `/channels/${channelId}/test`, undefined],
      ['GET', '/operators', undefined],
      ['POST', '/operators', { username: 'sneaky', password: 'another password' }],
      ['PATCH', '/operators/olga', { role: 'admin' }],
      ['GET', '/audit', undefined],
    ] as const) {
      const response = await call(method, path, operator, body);
      expect([method, path, response.status]).toEqual([method, path, 403]);
      expect(await response.json()).toHaveProperty('error');
    }
    // The admin re-points the webhook: recorded, without the target's credential.
    const repointed = await call('PATCH', `/channels/${channelId}`, root, {
      target: 'http://127.0.0.1:9/other-secret?token=xyz',
    });
    expect(repointed.status).toBe(200);

    // Skydeck always keeps an enabled admin.
    for (const change of [{ role: 'operator' }, { disabled: true }]) {
      const lastAdmin = await call('PATCH', '/operators/admin', root, change);
      expect([lastAdmin.status, await lastAdmin.json()]).toEqual([
        409,
        { error: 'Refused: at least one enabled admin must remain; make another admin first' },
      ]);
    }
    expect((await call('PATCH', '/operators/nobody', root, { role: 'admin' })).status).toBe(404);
    const empty = await call('PATCH', '/operators/olga', root, {});
    expect([empty.status, await empty.json()]).toEqual([
      400,
      { error: 'Invalid body: must change role or disabled' },
    ]);

    // Disabled: the session ends at once and signing in is refused, even with the password.
    const disabled = await call('PATCH', '/operators/olga', root, { disabled: true });
    expect(((await disabled.json()) as { operator: OperatorJson }).operator.disabled).toBe(true);
    expect(await (await call('GET', '/session', operator)).json()).toMatchObject({
      operator: null,
    });
    expect((await call('POST', '/sites', operator, { name: 'x', lat: 1, lon: 1 })).status).toBe(
      401,
    );
    const refusedSignIn = await signIn(olga);
    expect([refusedSignIn.status, refusedSignIn.body]).toEqual([
      403,
      { error: 'olga is disabled; an admin can enable it again' },
    ]);
    expect((await call('PATCH', '/operators/olga', root, { disabled: false })).status).toBe(200);
    expect((await signIn(olga)).status).toBe(204);

    // A failed sign-in: the name tried and the address, never the password.
    const wrong = { username: '-mallory', password: 'guessed password 1' };
    expect((await signIn(wrong)).status).toBe(401);

    const listed = await call('GET', '/operators', root);
    expect(
      ((await listed.json()) as { operators: OperatorJson[] }).operators.map((o) => [
        o.username,
        o.role,
        o.disabled,
      ]),
    ).toEqual([
      ['admin', 'admin', false],
      ['olga', 'operator', false],
    ]);

    const audit = await call('GET', '/audit', root);
    expect(audit.status).toBe(200);
    const text = await audit.clone().text();
    expect(text).not.toContain(wrong.password);
    expect(text).not.toContain(olga.password);
    expect(text).not.toContain('secret');
    const { entries } = (await audit.json()) as { entries: AuditEntryJson[] };
    const seen = entries
      .map((entry) => [entry.operator, entry.address, entry.action, entry.target])
      .reverse();
    expect(seen).toEqual([
      ['SKYDECK_ADMIN_PASSWORD', 'local', 'operator.create', 'admin'],
      ['admin', '127.0.0.1', 'session.sign-in', 'admin'],
      ['admin', '127.0.0.1', 'operator.create', 'olga'],
      ['olga', '127.0.0.1', 'session.sign-in', 'olga'],
      ['olga', '127.0.0.1', 'site.create', siteId],
      ['olga', '127.0.0.1', 'policy.update', siteId],
      ['olga', '127.0.0.1', 'event.acknowledge', String(event.id)],
      ['admin', '127.0.0.1', 'channel.create', channelId],
      ['admin', '127.0.0.1', 'channel.update', channelId],
      ['admin', '127.0.0.1', 'operator.update', 'olga'],
      [null, '127.0.0.1', 'session.sign-in-failed', 'olga'],
      ['admin', '127.0.0.1', 'operator.update', 'olga'],
      ['olga', '127.0.0.1', 'session.sign-in', 'olga'],
      [null, '127.0.0.1', 'session.sign-in-failed', '-mallory'],
    ]);
    const update = entries.find((entry) => entry.action === 'channel.update');
    expect(update?.detail).toEqual({ kind: 'webhook', target: 'http://127.0.0.1:9/…' });
    expect(entries.find((entry) => entry.action === 'event.acknowledge')?.detail).toEqual({
      site_id: siteId,
      note: 'crew inside',
    });

    // Paged and bounded, with the rules named.
    const page = (await (await call('GET', '/audit?limit=2', root)).json()) as {
      entries: AuditEntryJson[];
      next_before: number;
    };
    expect(page.entries).toHaveLength(2);
    const next = (await (
      await call('GET', `/audit?limit=2&before=${page.next_before}`, root)
    ).json()) as { entries: AuditEntryJson[] };
    expect(next.entries.map((entry) => entry.id)).toEqual(
      entries.slice(2, 4).map((entry) => entry.id),
    );
    for (const [query, error] of [
      ['limit=0', 'Invalid limit: must be a whole number from 1 to 500'],
      ['since=yesterday', 'Invalid since: must be an ISO 8601 time, like 2026-07-15T18:00:00Z'],
      ['before=x', 'Invalid before: must be a whole number from 1 (an entry id)'],
      ['format=xml', 'Invalid format: must be one of json, csv'],
    ])
      expect(await (await call('GET', `/audit?${query}`, root)).json()).toEqual({ error });
    const future = await call('GET', '/audit?since=2100-01-01T00:00:00Z', root);
    expect(await future.json()).toEqual({ entries: [], next_before: null });

    // CSV, with the project's guard against formulas.
    const csv = await call('GET', '/audit?format=csv', root);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('id,at,operator,address,action,target,detail');
    expect(lines).toHaveLength(entries.length + 2);
    // A name a spreadsheet would run as a formula is written as text.
    expect(lines[1]).toMatch(/^\d+,[^,]+,,127\.0\.0\.1,session\.sign-in-failed,'-mallory,\{\}$/);

    // The record cannot be rewritten, whoever holds a connection to the database.
    const { db } = instance.watch.database;
    await expect(sql`UPDATE audit SET operator = 'nobody'`.execute(db)).rejects.toThrow(
      /audit is append-only/,
    );
    await expect(sql`DELETE FROM audit`.execute(db)).rejects.toThrow(/audit is append-only/);
    const after = await db.selectFrom('audit').select('operator').execute();
    expect(after).toHaveLength(entries.length);
  });
});
