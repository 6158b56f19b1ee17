import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bff, closeAll, startBff, startStubProvider } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { createPostgresDatabase } from '../testing/test-database';

/**
 * The document's parameters are the ones the server enforces (issue 29): for the BFF's own
 * reads and the ids in their paths, each value the document allows is taken and each value it
 * rules out is refused with a 400 naming the parameter. The values are derived from the
 * document alone, so a rule changed on one side only fails here. On PostgreSQL, whose integer
 * columns are the narrowest a documented id must fit.
 */
afterAll(closeAll);

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Json;
}

/** The routes whose parameters the BFF once read by hand, and what else a request needs. */
const routes: { method: string; path: string; body?: object; query?: string }[] = [
  { method: 'GET', path: '/api/events' },
  { method: 'GET', path: '/api/audit' },
  { method: 'GET', path: '/api/deliveries' },
  // The endpoint priced takes its own parameters (a request it would not allow is priced, not
  // refused, whatever else it holds).
  {
    method: 'GET',
    path: '/api/quota/cost',
    query: 'lat=35&lon=-97&start_date=2026-07-01&end_date=2026-07-02',
  },
  { method: 'GET', path: '/api/stream' },
  { method: 'POST', path: '/api/events/{id}/ack', body: { note: 'seen' } },
  { method: 'PATCH', path: '/api/operators/{username}', body: { disabled: false } },
];

/** Texts a pattern is tried with: the ones it matches must be taken. */
const patternSamples = ['abc', 'a1', 'x-y_z', '1', '42', '99999999'];

/** Values the document allows for a parameter, and values it rules out. */
function samples(schema: Json): { allowed: string[]; refused: string[] } {
  if (Array.isArray(schema.enum))
    return { allowed: schema.enum.map(String), refused: ['not-one-of-them'] };
  if (schema.type === 'integer' || schema.type === 'number') {
    const { minimum, maximum } = schema;
    expect(typeof minimum, 'a numeric parameter states its least value').toBe('number');
    expect(typeof maximum, 'a numeric parameter states its greatest value').toBe('number');
    const [min, max] = [minimum as number, maximum as number];
    const refused = [String(min - 1), `${String(BigInt(max) + 1n)}`, 'x'];
    if (schema.type === 'integer') refused.push(`${min}.5`);
    return { allowed: [String(min), String(max)], refused };
  }
  if (schema.format === 'date-time')
    return { allowed: ['2026-07-15T18:00:00Z'], refused: ['yesterday'] };
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    const allowed = patternSamples.filter((text) => pattern.test(text));
    expect(allowed.length, `a sample for ${schema.pattern}`).toBeGreaterThan(0);
    return { allowed, refused: patternSamples.filter((text) => !pattern.test(text)).concat('!') };
  }
  expect(schema.type, 'a parameter without a rule is text').toBe('string');
  return { allowed: ['abc'], refused: [] };
}

describe('the documented parameters of the BFF’s own routes, on postgres', () => {
  let bff: Bff;
  let cookie: string;
  let operations: Record<string, Record<string, Json>>;

  beforeAll(async () => {
    const provider = await startStubProvider((_request, response) => response.writeHead(503).end());
    bff = await startBff(provider.url, {
      SKYDECK_ADMIN_PASSWORD: admin.password,
      DATABASE_URL: await createPostgresDatabase(),
    });
    cookie = await signIn(bff);
    const document = (await (await fetch(`${bff.url}/api/openapi.json`)).json()) as Json;
    operations = document.paths as Record<string, Record<string, Json>>;
  });

  /** The status and error of a request with these path and query parameters. */
  async function send(
    route: (typeof routes)[number],
    path: Record<string, string>,
    query: [string, string][],
  ): Promise<{ status: number; error?: string }> {
    const filled = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(path[name] ?? ''),
    );
    const search = new URLSearchParams(query);
    if (route.query)
      for (const [name, value] of new URLSearchParams(route.query)) search.append(name, value);
    const response = await fetch(`${bff.url}${filled}?${search.toString()}`, {
      method: route.method,
      headers: { ...writeHeaders, Cookie: cookie },
      body: route.body && JSON.stringify(route.body),
    });
    if (response.status !== 400) {
      await response.body?.cancel(); // the stream would go on
      return { status: response.status };
    }
    return { status: 400, ...((await response.json()) as { error: string }) };
  }

  it('keeps the event log’s window, paging and defaults', async () => {
    const created = await fetch(`${bff.url}/api/sites`, {
      method: 'POST',
      headers: { ...writeHeaders, Cookie: cookie },
      body: JSON.stringify({ name: 'Paging yard', lat: 36.5, lon: -91 }),
    });
    expect(created.status).toBe(201);
    const { site } = (await created.json()) as { site: { id: string } };
    const start = Date.parse('2026-07-15T00:00:00Z');
    const hour = 3_600_000;
    const ids: number[] = [];
    // More than a default page (100), an hour apart.
    for (let i = 0; i < 103; i++) {
      const event = await bff.watch.store.appendEvent({
        site_id: site.id,
        site_name: 'Paging yard',
        at: start + i * hour,
        from_level: 'clear',
        to_level: 'watch',
        rule: 'wind',
        reason: 'wind: gusts 12 m/s',
        evidence: '[]',
        data_age_s: 5,
      });
      ids.push(event.id);
    }
    const newestFirst = ids.toReversed();
    const page = async (query: string) => {
      const response = await fetch(`${bff.url}/api/events?${query}`);
      expect(response.status, query).toBe(200);
      const body = (await response.json()) as { events: { id: number }[]; next_before: number };
      return { ids: body.events.map((event) => event.id), next: body.next_before };
    };
    const first = await page(`site=${site.id}`);
    expect(first.ids).toEqual(newestFirst.slice(0, 100));
    expect(first.next).toBe(newestFirst[99]);
    expect(await page(`site=${site.id}&before=${first.next}`)).toEqual({
      ids: newestFirst.slice(100),
      next: null,
    });
    expect(await page(`site=${site.id}&limit=2&before=${newestFirst[0]}`)).toEqual({
      ids: newestFirst.slice(1, 3),
      next: newestFirst[2],
    });
    // since is inclusive, until exclusive; an empty filter is no filter.
    const window = `since=${new Date(start + hour).toISOString()}&until=${new Date(start + 3 * hour).toISOString()}`;
    expect((await page(`site=${site.id}&${window}`)).ids).toEqual([ids[2], ids[1]]);
    expect(await page('site=&since=&until=')).toEqual(first);
    const backwards = await fetch(
      `${bff.url}/api/events?since=2026-07-15T02:00:00Z&until=2026-07-15T01:00:00Z`,
    );
    expect({ status: backwards.status, ...((await backwards.json()) as object) }).toEqual({
      status: 400,
      error: 'Invalid until: must be after since',
    });
    // The export holds the whole filtered record, newest first.
    const csv = await (await fetch(`${bff.url}/api/events?site=${site.id}&format=csv`)).text();
    const rows = csv.trim().split('\r\n');
    expect(rows).toHaveLength(1 + ids.length);
    expect(rows[1]?.startsWith(`${newestFirst[0]},`)).toBe(true);
  });

  const names = (name: string) => new RegExp(`^Invalid ${name}:|"${name}"`);

  it.each(routes)('$method $path takes what its document allows, and only that', async (route) => {
    const operation = operations[route.path]?.[route.method.toLowerCase()];
    expect(operation, 'documented').toBeDefined();
    const parameters = operation?.parameters as Parameter[];
    expect(parameters.length).toBeGreaterThan(0);
    // A value the path needs when another parameter is being tried.
    const anyPath = Object.fromEntries(
      parameters
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, samples(p.schema).allowed[0] ?? '']),
    );
    const anyQuery = parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p): [string, string] => [p.name, samples(p.schema).allowed[0] ?? '']);
    for (const parameter of parameters) {
      const { allowed, refused } = samples(parameter.schema);
      const tried = (value: string | undefined) =>
        parameter.in === 'path'
          ? send(route, { ...anyPath, [parameter.name]: value ?? '' }, anyQuery)
          : send(
              route,
              anyPath,
              [...anyQuery.filter(([name]) => name !== parameter.name)].concat(
                value === undefined ? [] : [[parameter.name, value]],
              ),
            );
      for (const value of allowed) {
        const answer = await tried(value);
        expect(answer.error ?? '', `${parameter.name}=${value} is allowed`).not.toMatch(
          names(parameter.name),
        );
        expect(answer.status, `${parameter.name}=${value}: ${answer.error}`).toBeLessThan(500);
      }
      for (const value of refused) {
        const answer = await tried(value);
        expect(answer, `${parameter.name}=${value} is refused`).toEqual({
          status: 400,
          error: expect.stringMatching(names(parameter.name)) as string,
        });
      }
      if (parameter.in === 'query') {
        const left = await tried(undefined);
        if (parameter.required)
          expect(left, `${parameter.name} is required`).toEqual({
            status: 400,
            error: expect.stringMatching(names(parameter.name)) as string,
          });
        else
          expect(left.error ?? '', `${parameter.name} may be left out`).not.toMatch(
            names(parameter.name),
          );
      }
    }
    // A query parameter the document does not list is refused, by name.
    if (route.method === 'GET') {
      const unknown = await send(route, anyPath, [...anyQuery, ['undocumented', '1']]);
      expect(unknown).toEqual({
        status: 400,
        error: expect.stringContaining('"undocumented"') as string,
      });
    }
  });
});
