import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  channelResponseSchema,
  channelsResponseSchema,
  deliveriesResponseSchema,
  savedChannelSchema,
  testResultSchema,
} from '../../shared/api/channel-answers';
import {
  auditResponseSchema,
  operatorsResponseSchema,
  savedOperatorSchema,
} from '../../shared/api/operator-answers';
import {
  ackResponseSchema,
  eventsResponseSchema,
  savedSiteSchema,
  sessionSchema,
  siteResponseSchema,
  sitesResponseSchema,
} from '../../shared/api/watch-answers';
import type { SitePolicyInput } from '../../shared/safety/site-policy';
import { type Bff, closeAll, startBff, startSimulator } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/receivers';

/**
 * The published answers are the real ones (issue 29, item 5): every JSON answer the document
 * gives is stated in full (no object left as an outline), and what a BFF over loopback really
 * answers, signed in as an admin with a site under a storm, an event, a channel and a delivery,
 * is what the document says and exactly what the contract's schema says: no field missing, none
 * unknown to it.
 */

type Json = Record<string, unknown>;

let bff: Bff;
let cookie: string;
let document: Json;
let receiver: WebhookReceiver;

/** Rings drawn so the simulator's storm over Pocahontas, Arkansas stops the site. */
const storm = { lat: 36.5, lon: -91 };
const stormPolicy: SitePolicyInput = {
  lightning: { rings: { stop: 7, caution: 9, watch: 40 }, all_clear_minutes: 30 },
};

beforeAll(async () => {
  const world = await startSimulator();
  receiver = await startWebhookReceiver();
  // The receiver is on loopback, which the address guard passes only when told to.
  bff = await startBff(world, {
    SKYDECK_ADMIN_PASSWORD: admin.password,
    WEBHOOK_ALLOW_PRIVATE: '1',
  });
  cookie = await signIn(bff);
  document = (await (await fetch(`${bff.url}/api/openapi.json`)).json()) as Json;
});
afterAll(closeAll);

/** The document's schema of an operation's 2xx JSON answer. */
function documentedAnswer(method: string, path: string): Json {
  const operation = (document.paths as Record<string, Record<string, Json>>)[path]?.[method];
  const responses = (operation?.responses ?? {}) as Record<string, Json>;
  const ok = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
  const schema = ((ok?.content as Json | undefined)?.['application/json'] as Json | undefined)
    ?.schema;
  if (!schema) throw new Error(`${method} ${path}: no JSON answer in the document`);
  return inlined(schema);
}

/** A schema with the document's shared shapes (`$ref` to `components/schemas`) written out. */
function inlined(node: unknown): Json {
  const schemas = (document.components as Json).schemas as Json;
  return JSON.parse(JSON.stringify(node), (_key, value: unknown) => {
    const ref = (value as Json | null)?.$ref;
    return typeof ref === 'string' && ref.startsWith('#/components/schemas/')
      ? inlined(schemas[ref.slice('#/components/schemas/'.length)])
      : value;
  }) as Json;
}

/** The places in a JSON schema that accept any value, or any object: an outline, not a shape. */
function outlines(node: unknown, at: string): string[] {
  if (!node || typeof node !== 'object') return [];
  const schema = node as Json;
  const composed = ['anyOf', 'oneOf', 'allOf'].flatMap((key) =>
    Array.isArray(schema[key])
      ? (schema[key] as unknown[]).flatMap((part, i) => outlines(part, `${at}/${key}/${i}`))
      : [],
  );
  const shaped = ['type', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', '$ref'].some(
    (key) => key in schema,
  );
  if (!shaped) return [at];
  const types = [schema.type].flat();
  const found = [...composed];
  if (types.includes('object')) {
    const properties = schema.properties as Record<string, unknown> | undefined;
    const extra = schema.additionalProperties;
    const typedExtra = !!extra && typeof extra === 'object' && Object.keys(extra).length > 0;
    if (!properties && !typedExtra) found.push(at);
    for (const [name, property] of Object.entries(properties ?? {}))
      found.push(...outlines(property, `${at}/${name}`));
    if (typedExtra) found.push(...outlines(extra, `${at}/*`));
  }
  if (types.includes('array')) found.push(...outlines(schema.items, `${at}/[]`));
  return found;
}

describe('the OpenAPI document’s answers', () => {
  it('states every JSON answer in full, but where the contract itself takes any value', () => {
    const found: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>))
      for (const method of Object.keys(item)) {
        let schema: Json;
        try {
          schema = documentedAnswer(method, path);
        } catch {
          continue; // 204s, the stream, the docs page, CSV only
        }
        found.push(...outlines(schema, `${method.toUpperCase()} ${path}`));
      }
    expect(found.sort()).toEqual([
      // Free-form by design: the audit record's detail and a site change's, and the document.
      'GET /api/audit/entries/[]/detail',
      'GET /api/openapi.json',
      'GET /api/sites/{id}/changes/[]/detail',
    ]);
  });
});

/** Asks the BFF as the signed-in admin; the answer's JSON. */
async function call(method: string, path: string, body?: object, status = 200): Promise<unknown> {
  const response = await fetch(`${bff.url}/api${path}`, {
    method,
    headers: { ...writeHeaders, Cookie: cookie },
    body: body && JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(status);
  return response.json();
}

/**
 * `answer` is what the document says (its schema read back as zod) and exactly what `schema`
 * says: its JSON Schema with every object closed, so a field the server sends and the contract
 * does not know fails, as does one it leaves out.
 */
function expectDocumented(method: string, path: string, answer: unknown, schema: z.ZodType): void {
  const where = `${method.toUpperCase()} ${path}`;
  const documented = z.fromJSONSchema(documentedAnswer(method, path) as never).safeParse(answer);
  expect(documented.error?.issues, `${where}: as documented`).toBeUndefined();
  const strict = z.fromJSONSchema(
    z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as never,
  );
  const exact = strict.safeParse(answer);
  expect(exact.error?.issues, `${where}: exactly the contract`).toBeUndefined();
}

describe('a real server’s answers', () => {
  it('are what the document and the shared schemas say, field for field', async () => {
    const saved = await call(
      'POST',
      '/sites',
      { name: 'Pocahontas yard', ...storm, policy: stormPolicy },
      201,
    );
    expectDocumented('post', '/api/sites', saved, savedSiteSchema);
    const siteId = savedSiteSchema.parse(saved).site.id;
    await bff.watch.monitor.tick();

    const sitesAnswer = await call('GET', '/sites');
    const site = sitesResponseSchema.parse(sitesAnswer).sites.find((s) => s.id === siteId);
    // The storm stops the site: its finding carries a strike's measure, its storm a track.
    expect(site?.status.level).toBe('stop');
    expect(site?.status.findings.map((finding) => finding.measure.kind)).toContain('strike');
    expectDocumented('get', '/api/sites', sitesAnswer, sitesResponseSchema);

    const one = await call(
      'PATCH',
      `/sites/${siteId}`,
      { notes: 'Crane yard; call the site lead' },
      200,
    );
    expectDocumented('patch', '/api/sites/{id}', one, savedSiteSchema);
    expectDocumented(
      'get',
      '/api/sites/{id}',
      await call('GET', `/sites/${siteId}`),
      siteResponseSchema,
    );

    const events = await call('GET', `/events?site=${siteId}`);
    const event = eventsResponseSchema.parse(events).events[0];
    expect(event?.to).toBe('stop');
    expectDocumented('get', '/api/events', events, eventsResponseSchema);
    expectDocumented(
      'post',
      '/api/events/{id}/ack',
      await call('POST', `/events/${event?.id}/ack`, { note: 'crane down' }),
      ackResponseSchema,
    );

    const created = await call(
      'POST',
      '/channels',
      { kind: 'webhook', name: 'Ops hook', target: `${receiver.url}/hook`, secret: 'a'.repeat(32) },
      201,
    );
    expectDocumented('post', '/api/channels', created, savedChannelSchema);
    const channelId = savedChannelSchema.parse(created).channel.id;
    expectDocumented(
      'post',
      '/api/channels/{id}/test',
      await call('POST', `/channels/${channelId}/test`),
      testResultSchema,
    );
    expectDocumented(
      'patch',
      '/api/channels/{id}',
      await call('PATCH', `/channels/${channelId}`, { escalate_minutes: 20 }),
      savedChannelSchema,
    );
    expectDocumented(
      'get',
      '/api/channels/{id}',
      await call('GET', `/channels/${channelId}`),
      channelResponseSchema,
    );
    const channels = await call('GET', '/channels');
    expect(channelsResponseSchema.parse(channels).channels[0]?.last_delivery).not.toBeNull();
    expectDocumented('get', '/api/channels', channels, channelsResponseSchema);
    const deliveries = await call('GET', `/deliveries?channel=${channelId}`);
    expect(deliveriesResponseSchema.parse(deliveries).deliveries.length).toBeGreaterThan(0);
    expectDocumented('get', '/api/deliveries', deliveries, deliveriesResponseSchema);

    expectDocumented(
      'post',
      '/api/operators',
      await call('POST', '/operators', { username: 'olga', password: 'another password' }, 201),
      savedOperatorSchema,
    );
    expectDocumented(
      'patch',
      '/api/operators/{username}',
      await call('PATCH', '/operators/olga', { disabled: true }),
      savedOperatorSchema,
    );
    expectDocumented(
      'get',
      '/api/operators',
      await call('GET', '/operators'),
      operatorsResponseSchema,
    );
    const audit = await call('GET', '/audit');
    expect(auditResponseSchema.parse(audit).entries.length).toBeGreaterThan(3);
    expectDocumented('get', '/api/audit', audit, auditResponseSchema);
    expectDocumented('get', '/api/session', await call('GET', '/session'), sessionSchema);
  });
});
