import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PublicStatus,
  publicStatusSchema,
  type ShareResponse,
} from '../../shared/api/public-status';
import type { SiteJson } from '../../shared/api/watch-answers';
import type { SitePolicyInput } from '../../shared/safety/site-policy';
import { ConfigError, loadConfig } from '../config';
import { type Bff, closeAll, startBff, startSimulator } from '../testing/loopback';
import { capSchemaErrors } from '../testing/cap-xml';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { cautionPolicy, stopPolicy, stormSite } from '../testing/storm-site';
import { createPostgresDatabase } from '../testing/test-database';
import { until } from '../testing/until';

/**
 * Issue 31, a public status link per site: made and revoked by operators, read by anyone holding
 * it, revoked on one replica and gone on the other at once, rate-limited like every read, and
 * the only pages another site may frame (EMBED_ORIGINS).
 */
let simulator: string;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

interface Operator {
  bff: Bff;
  cookie: string;
}

async function operator(env: Record<string, string> = {}): Promise<Operator> {
  const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password, ...env });
  return { bff, cookie: await signIn(bff) };
}

function write(o: Operator, method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${o.bff.url}/api${path}`, {
    method,
    headers: { ...writeHeaders, Cookie: o.cookie },
    body: body && JSON.stringify(body),
  });
}

async function addSite(o: Operator, name: string, policy: SitePolicyInput): Promise<SiteJson> {
  const response = await write(o, 'POST', '/sites', { name, ...stormSite, policy });
  expect(response.status).toBe(201);
  return ((await response.json()) as { site: SiteJson }).site;
}

async function share(o: Operator, siteId: string): Promise<{ status: number } & ShareResponse> {
  const response = await write(o, 'POST', `/sites/${siteId}/share`);
  return { status: response.status, ...((await response.json()) as ShareResponse) };
}

const publicRead = (bff: Bff, token: string) => fetch(`${bff.url}/api/public/${token}`);

describe('a public status link', () => {
  it('is made once (201, then 200 with the same link), reads only what a parent may see, and is gone once revoked', async () => {
    const o = await operator();
    const site = await addSite(o, 'Riverside fields', stopPolicy);

    const made = await share(o, site.id);
    expect(made.status).toBe(201);
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{24}$/); // 144 bits
    expect(made.url).toBe(`/s/${made.token}`);
    const again = await share(o, site.id);
    expect(again).toEqual({ ...made, status: 200 });

    const response = await publicRead(o.bff, made.token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as PublicStatus;
    // Exactly these keys: no policy, channel, operator, coordinates or notes.
    expect(Object.keys(body).sort()).toEqual(['site', 'status', 'updated_at']);
    expect(Object.keys(body.site).sort()).toEqual(['name', 'timezone']);
    expect(Object.keys(body.status).sort()).toEqual([
      'all_clear_at',
      'data_age_s',
      'level',
      'reasons',
      'since',
    ]);
    expect(publicStatusSchema.parse(body)).toEqual(body);
    expect(body.site).toEqual({ name: 'Riverside fields', timezone: 'America/Chicago' });
    expect(body.status.level).toBe('stop');
    expect(body.status.all_clear_at).toBe(site.status.all_clear_at);
    expect(body.status.reasons[0]).toMatch(/^lightning: strike 6\.9 km/);
    expect(JSON.stringify(body)).not.toMatch(/36\.5|-91|policy|rings|admin/);

    // Another site's link is another token.
    const other = await share(o, (await addSite(o, 'Hilltop court', cautionPolicy)).id);
    expect(other.status).toBe(201);
    expect(other.token).not.toBe(made.token);

    const revoked = await write(o, 'DELETE', `/sites/${site.id}/share`);
    expect(revoked.status).toBe(204);
    expect((await publicRead(o.bff, made.token)).status).toBe(404);
    expect((await write(o, 'DELETE', `/sites/${site.id}/share`)).status).toBe(404);
    // A new link is a new token: the old one stays dead.
    const renewed = await share(o, site.id);
    expect(renewed.status).toBe(201);
    expect(renewed.token).not.toBe(made.token);
    expect((await publicRead(o.bff, made.token)).status).toBe(404);

    // Deleting the site takes its link with it.
    expect((await write(o, 'DELETE', `/sites/${site.id}`)).status).toBe(204);
    expect((await publicRead(o.bff, renewed.token)).status).toBe(404);
  });

  it("serves the shared site's CAP message, linking the public page, until the link is revoked", async () => {
    const o = await operator({ PUBLIC_URL: 'https://skydeck.example' });
    const site = await addSite(o, 'Riverside fields & courts', stopPolicy);
    const { token } = await share(o, site.id);

    const shared = await fetch(`${o.bff.url}/api/public/${token}/cap`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-type')).toBe('application/cap+xml; charset=utf-8');
    const xml = await shared.text();
    expect(await capSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<msgType>Alert</msgType>');
    expect(xml).toContain('<areaDesc>Riverside fields &amp; courts</areaDesc>');
    // Whoever follows the link from a sign lands on the public page, not the board.
    expect(xml).toContain(`<web>https://skydeck.example/s/${token}</web>`);
    // Otherwise the message the site's own address serves: one identifier for one change.
    const own = await (await fetch(`${o.bff.url}/api/cap/sites/${site.id}`)).text();
    const identifier = (text: string) => /<identifier>([^<]+)<\/identifier>/.exec(text)?.[1];
    expect(identifier(xml)).toBe(identifier(own));
    expect(own).not.toContain(`/s/${token}`);

    expect((await write(o, 'DELETE', `/sites/${site.id}/share`)).status).toBe(204);
    expect((await fetch(`${o.bff.url}/api/public/${token}/cap`)).status).toBe(404);
    expect((await fetch(`${o.bff.url}/api/public/${'x'.repeat(24)}/cap`)).status).toBe(404);
  });

  it('answers 404 to unknown and malformed tokens, and refuses writes without an operator or the write header', async () => {
    const o = await operator();
    const site = await addSite(o, 'Quiet yard', cautionPolicy);
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'short', 'x'.repeat(300)]) {
      const response = await publicRead(o.bff, token);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'No such status link (it may have been revoked)',
      });
    }
    expect((await fetch(`${o.bff.url}/api/public/nope/stream`)).status).toBe(404);
    const anonymous = await fetch(`${o.bff.url}/api/sites/${site.id}/share`, {
      method: 'POST',
      headers: writeHeaders,
    });
    expect(anonymous.status).toBe(401);
    const forged = await fetch(`${o.bff.url}/api/sites/${site.id}/share`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: o.cookie },
    });
    expect(forged.status).toBe(403);
    expect((await write(o, 'POST', '/sites/no-such-site/share')).status).toBe(404);
  });

  it('is revoked on every replica at once: made on one, read on the other, revoked on the first, 404 on the second', async () => {
    const DATABASE_URL = await createPostgresDatabase();
    const first = await operator({ DATABASE_URL });
    const second = await operator({ DATABASE_URL });
    const site = await addSite(first, 'Shared stadium', cautionPolicy);
    const made = await share(first, site.id);
    expect(made.status).toBe(201);
    // The other replica hears of the site as the board does, then serves the link.
    await until(
      async () => (await publicRead(second.bff, made.token)).status === 200,
      'the second replica serves the link',
    );
    // Asked on the second replica, the same link.
    expect(await share(second, site.id)).toEqual({ ...made, status: 200 });
    expect((await write(first, 'DELETE', `/sites/${site.id}/share`)).status).toBe(204);
    // No waiting: the very next read on the other replica is a 404.
    expect((await publicRead(second.bff, made.token)).status).toBe(404);
    expect((await publicRead(first.bff, made.token)).status).toBe(404);
  });

  it('streams the status at once and again when it changes, the same JSON as the read', async () => {
    const o = await operator();
    const site = await addSite(o, 'Live pitch', cautionPolicy);
    const { token } = await share(o, site.id);
    const controller = new AbortController();
    const response = await fetch(`${o.bff.url}/api/public/${token}/stream`, {
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames: { event: string; data: PublicStatus }[] = [];
    void (async () => {
      const reader = (response.body as ReadableStream<Uint8Array>)
        .pipeThrough(new TextDecoderStream())
        .getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) frames.push({ event, data: JSON.parse(data) as PublicStatus });
        }
      }
    })();
    try {
      await until(() => frames.length === 1, 'the first status frame');
      expect(frames[0]?.event).toBe('status');
      expect(publicStatusSchema.parse(frames[0]?.data)).toEqual(frames[0]?.data);
      expect(frames[0]?.data.status.level).toBe('caution');
      expect((await write(o, 'PATCH', `/sites/${site.id}`, { policy: stopPolicy })).status).toBe(
        200,
      );
      await until(
        () => frames.some((frame) => frame.data.status.level === 'stop'),
        'the stream tells of the stop',
      );
    } finally {
      controller.abort();
    }
  });

  it('is rate-limited like every read', async () => {
    const o = await operator({ CLIENT_RATE_LIMIT: '8' });
    const site = await addSite(o, 'Busy court', cautionPolicy);
    const { token } = await share(o, site.id);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await publicRead(o.bff, token)).status);
    expect(statuses).toContain(429);
    const limited = await publicRead(o.bff, token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('framing the public pages', () => {
  const csp = (response: Response) => response.headers.get('content-security-policy') ?? '';

  it("lets nobody frame /s/ by default, and the rest of the app keeps FRAME_ANCESTORS'", async () => {
    const bff = await startBff(simulator);
    expect(csp(await fetch(`${bff.url}/s/some-token`))).toContain("frame-ancestors 'none'");
    expect(csp(await fetch(`${bff.url}/`))).toContain("frame-ancestors 'self'");
  });

  it('lets exactly the EMBED_ORIGINS frame /s/ pages, and nothing else changes', async () => {
    const bff = await startBff(simulator, {
      EMBED_ORIGINS: 'https://school.example.org  https://club.example.com:8443',
    });
    expect(csp(await fetch(`${bff.url}/s/some-token?embed=1`))).toContain(
      'frame-ancestors https://school.example.org https://club.example.com:8443',
    );
    expect(csp(await fetch(`${bff.url}/`))).toContain("frame-ancestors 'self'");
    expect(csp(await fetch(`${bff.url}/sites`))).toContain("frame-ancestors 'self'");
    expect(csp(await fetch(`${bff.url}/api/health`))).toContain("frame-ancestors 'none'");
  });

  it('refuses an EMBED_ORIGINS entry that is not an origin at start-up, naming it', () => {
    for (const bad of ['school.example.org', 'https://school.example.org/page', 'ftp://x.org', '*'])
      expect(() => loadConfig({ EMBED_ORIGINS: `https://ok.example ${bad}` })).toThrow(
        new ConfigError(
          `Invalid EMBED_ORIGINS: ${bad} is not an origin: space-separated http or https origins without a path, like https://school.example.org`,
        ),
      );
    expect(loadConfig({}).embedOrigins).toEqual([]);
  });
});
