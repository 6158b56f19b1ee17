import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bffRoutes,
  type BffRouteKey,
  routePath,
  writablePathTest,
  writes,
} from '../../shared/api/routes';
import { closeInProcessApps, inProcessApp } from '../testing/in-process';
import { writeHeaders } from '../testing/operator';

/**
 * The published API (issue 29, item 5): the document lists exactly the routes the Hono app has
 * under /api, is a well-formed OpenAPI 3.1 document, and its page names every path; the write
 * rule is the route table's.
 */
const instance = inProcessApp({ CLIENT_RATE_LIMIT: '0' });
let base = '';
let server: Server;

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: instance.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      base = `http://127.0.0.1:${info.port}`;
      resolve(s as Server);
    });
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeInProcessApps();
});

type Json = Record<string, unknown>;
const methods = ['get', 'post', 'put', 'patch', 'delete'];

async function fetchDocument(): Promise<Json> {
  const response = await fetch(`${base}/api/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Json;
}

/** `METHOD /api/path/{name}` for each operation in the document. */
function documented(document: Json): string[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => methods.includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe('GET /api/openapi.json', () => {
  it('lists every route Hono has under /api, and no other', async () => {
    const registered = new Set(
      instance.app.routes
        // ALL: middleware (`use`) and the /api catch-all 404, not routes of their own.
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
        .map((route) => `${route.method} ${route.path.replace(/:([^/]+)/g, '{$1}')}`),
    );
    const listed = new Set(documented(await fetchDocument()));
    expect({
      missingFromDocument: [...registered].filter((route) => !listed.has(route)),
      notInHono: [...listed].filter((route) => !registered.has(route)),
    }).toEqual({ missingFromDocument: [], notInHono: [] });
    expect(listed.size).toBeGreaterThan(40);
  });

  it('is OpenAPI 3.1: required fields present, every $ref resolves', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const info = document.info as Json;
    expect(typeof info.title).toBe('string');
    expect(typeof info.version).toBe('string');
    const declaredTags = new Set((document.tags as { name: string }[]).map((tag) => tag.name));
    const schemes = (document.components as Json).securitySchemes as Json;
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      expect(path).toMatch(/^\/api\//);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const [method, value] of Object.entries(item)) {
        expect(methods).toContain(method);
        const op = value as Json;
        const where = `${method} ${path}`;
        expect(typeof op.operationId, where).toBe('string');
        expect(ids.has(op.operationId as string), `${where}: operationId unique`).toBe(false);
        ids.add(op.operationId as string);
        for (const tag of op.tags as string[]) expect(declaredTags, where).toContain(tag);
        const parameters = op.parameters as Json[];
        // Each {name} in the path has its path parameter, required, and nothing else is in the path.
        expect(
          parameters.filter((p) => p.in === 'path').map((p) => p.name),
          where,
        ).toEqual(templated);
        for (const p of parameters) {
          expect(['path', 'query', 'header', 'cookie'], where).toContain(p.in);
          if (p.in === 'path') expect(p.required, where).toBe(true);
          expect(typeof p.schema, `${where} ${String(p.name)}`).toBe('object');
        }
        const responses = op.responses as Record<string, Json>;
        expect(Object.keys(responses).length, where).toBeGreaterThan(0);
        for (const [status, answer] of Object.entries(responses)) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect(typeof answer.description, `${where} ${status}`).toBe('string');
        }
        // Errors share one shape, { error: string } (readiness reports itself when not ready).
        const refusals = Object.entries(responses).filter(([status]) => status >= '400');
        expect(refusals.length, where).toBeGreaterThan(0);
        for (const [status, answer] of refusals)
          if (path !== '/api/ready')
            expect(answer.content, `${where} ${status}`).toEqual({
              'application/json': { schema: { $ref: '#/components/schemas/Error' } },
            });
        for (const requirement of op.security as Json[])
          for (const name of Object.keys(requirement)) expect(Object.keys(schemes)).toContain(name);
      }
    }
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>(
          (node, part) =>
            node && typeof node === 'object'
              ? (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
              : undefined,
          document,
        );
      expect(target, `${ref} resolves`).toBeTypeOf('object');
    }
  });

  it('states the error shape, the session cookie and the write header', async () => {
    const document = await fetchDocument();
    const components = document.components as Json;
    expect((components.schemas as Json).Error).toMatchObject({
      type: 'object',
      properties: { error: { type: 'string' } },
      required: ['error'],
    });
    expect(components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'skydeck_session' },
      writeHeader: { type: 'apiKey', in: 'header', name: 'x-requested-with' },
    });
    const paths = document.paths as Record<string, Record<string, Json>>;
    expect(paths['/api/sites']?.post?.security).toEqual([{ session: [], writeHeader: [] }]);
    expect(paths['/api/sites']?.get?.security).toEqual([]);
    expect(paths['/api/audit']?.get?.security).toEqual([{ session: [] }]);
    // The provider's endpoints carry the contract's parameters.
    const current = paths['/api/current']?.get?.parameters as Json[];
    expect(current.map((p) => p.name)).toEqual(expect.arrayContaining(['lat', 'lon', 'units']));
    expect(paths['/api/sites']?.post?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['name', 'lat', 'lon'] } } },
    });
  });
  it('gives each shared answer shape once, referred to, and stays within its size', async () => {
    const response = await fetch(`${base}/api/openapi.json`);
    const text = await response.text();
    const document = JSON.parse(text) as Json;
    const schemas = (document.components as Json).schemas as Record<string, Json>;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['Site', 'WatchEvent', 'Channel', 'DeliveryAttempt', 'Operator']),
    );
    const paths = document.paths as Record<string, Record<string, Json>>;
    const answer = (path: string, method: string, status = '200') =>
      (((paths[path]?.[method]?.responses as Json)[status] as Json).content as Json)[
        'application/json'
      ] as Json;
    expect(answer('/api/sites', 'get')).toMatchObject({
      schema: { properties: { sites: { items: { $ref: '#/components/schemas/Site' } } } },
    });
    expect(answer('/api/sites', 'post', '201')).toMatchObject({
      schema: { properties: { site: { $ref: '#/components/schemas/Site' } } },
    });
    // A named shape is never also written out in a route: that copy would drift unseen.
    const inRoutes = JSON.stringify(paths);
    for (const [name, schema] of Object.entries(schemas))
      expect(inRoutes.includes(JSON.stringify(schema)), name).toBe(false);
    // 131 kB when this was written, 156 kB with a site written out in each of its four routes:
    // the bound leaves room for a few routes or fields, not for the site inlined again (the
    // check above catches that exactly). Each route with its error answers is some 1-2 kB: 172 kB
    // with issues 30-32's push, share, CAP, report and station routes; a site's `outlook_notice`
    // in its create and update bodies adds about 1 kB.
    expect(Buffer.byteLength(text)).toBeLessThan(186_500);
  });
});

describe('GET /api/docs', () => {
  it('answers a page naming every path, under a policy that runs no script', async () => {
    const document = await fetchDocument();
    const response = await fetch(`${base}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const page = await response.text();
    expect(page).toMatch(/^<!doctype html>/);
    for (const path of Object.keys(document.paths as Json)) expect(page).toContain(path);
  });
  it('names nested fields, and links a shared shape to its one description', async () => {
    const page = await (await fetch(`${base}/api/docs`)).text();
    /** The field names (their text, as read) of the rows in the element with this id. */
    const fieldsIn = (id: string) => {
      const start = page.indexOf(`id="${id}"`);
      expect(start, id).toBeGreaterThan(-1);
      const end = page.indexOf('</section>', start);
      return [...page.slice(start, end).matchAll(/<th scope="row"[^>]*>(.*?)<\/th>/g)].map(
        ([, cell]) => (cell ?? '').replace(/<[^>]+>/g, '').split(' ')[0],
      );
    };
    expect(fieldsIn('schema-Site')).toEqual(
      expect.arrayContaining(['status', 'status.level', 'status.findings[].measure', 'policy']),
    );
    expect(fieldsIn('get-api-sites')).toEqual(
      expect.arrayContaining(['sites', 'spend', 'spend.units_per_day']),
    );
    const sites = page.slice(page.indexOf('id="get-api-sites"'));
    expect(sites.slice(0, sites.indexOf('</section>'))).toContain('href="#schema-Site"');
  });
});

describe('the route table', () => {
  it("states each route's access as the server applies it", async () => {
    const seen: Record<string, string[]> = {};
    for (const key of Object.keys(bffRoutes) as BffRouteKey[]) {
      const method = key.slice(0, key.indexOf(' '));
      const controller = new AbortController();
      const response = await fetch(`${base}/api${routePath(key).replace(/:[^/]+/g, '1')}`, {
        method,
        headers: method === 'GET' ? {} : writeHeaders,
        signal: controller.signal,
      });
      controller.abort(); // the stream would go on
      const access = bffRoutes[key];
      // Without a session: a route for operators or admins asks for one; a refusal is a 405.
      const verdict =
        response.status === 401
          ? 'needs a session'
          : response.status === 405
            ? 'refused'
            : 'answers';
      (seen[verdict] ??= []).push(`${key} (${access})`);
      const expected =
        access === 'operator' || access === 'admin'
          ? 'needs a session'
          : access === 'refused'
            ? 'refused'
            : 'answers';
      expect(verdict, `${key}: ${response.status}`).toBe(expected);
    }
    expect(seen['needs a session']?.length).toBeGreaterThan(10);
  });
});

describe('the write rule', () => {
  const sample = (key: BffRouteKey) => `/api${routePath(key).replace(/:[^/]+/g, '42')}`;
  const writable = writablePathTest();

  it('takes exactly the paths of the routes that write', () => {
    const keys = Object.keys(bffRoutes) as BffRouteKey[];
    const writePaths = new Set(keys.filter(writes).map(sample));
    for (const key of keys) expect(writable(sample(key)), key).toBe(writePaths.has(sample(key)));
    expect([...writePaths].sort()).toEqual([
      '/api/channels',
      '/api/channels/42',
      '/api/channels/42/test',
      '/api/events/42/ack',
      '/api/operators',
      '/api/operators/42',
      '/api/public/42/push',
      '/api/push/subscriptions',
      '/api/push/subscriptions/42',
      '/api/session',
      '/api/setup',
      '/api/sites',
      '/api/sites/42',
      '/api/sites/42/drill',
      '/api/sites/42/share',
      '/api/stations',
      '/api/stations/42',
      '/api/stations/ecowitt',
    ]);
    for (const path of [
      '/api/sites/',
      '/api/sites/1/x',
      '/api/events/1',
      '/api/current',
      '/api/sessions',
    ])
      expect(writable(path), path).toBe(false);
  });

  it('documents for a refused route what it answers: 405 whatever the id, never a 400', async () => {
    const document = await fetchDocument();
    const refusedWithId = (Object.keys(bffRoutes) as BffRouteKey[]).filter(
      (key) => bffRoutes[key] === 'refused' && routePath(key).includes(':'),
    );
    expect(refusedWithId.length).toBeGreaterThan(0);
    for (const key of refusedWithId) {
      const [method = '', path = ''] = key.split(' ');
      const item = (document.paths as Record<string, Json>)[
        `/api${path.replace(/:([^/]+)/g, '{$1}')}`
      ];
      const responses = (item?.[method.toLowerCase()] as Json | undefined)?.responses as Json;
      expect(Object.keys(responses), key).toContain('405');
      expect(Object.keys(responses), key).not.toContain('400');
      const answer = await fetch(`${base}/api${path.replace(/:[^/]+/g, 'not-an-id')}`, {
        method,
        headers: writeHeaders,
      });
      expect(answer.status, key).toBe(405);
    }
  });

  it('refuses a write to any other path before it reaches a route', async () => {
    const refused = await fetch(`${base}/api/events/1`, {
      method: 'DELETE',
      headers: writeHeaders,
    });
    expect(refused.status).toBe(405);
    expect(await refused.json()).toEqual({
      error: 'Method DELETE is not allowed: this server only reads',
    });
    // A path the table lets through reaches its route's own guard: no session, 401.
    const guarded = await fetch(`${base}/api/sites/x`, {
      method: 'DELETE',
      headers: writeHeaders,
    });
    expect(guarded.status).toBe(401);
  });
});
