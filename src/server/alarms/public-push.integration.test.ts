import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareResponse } from '../../shared/api/public-status';
import type { SitePolicyInput } from '../../shared/safety/site-policy';
import type { SiteJson } from '../../shared/api/watch-answers';
import { closeAll, startSimulator } from '../testing/loopback';
import { writeHeaders } from '../testing/operator';
import {
  type Browser,
  newBrowser,
  operatorWrite,
  pushHarness,
  type PushHarness,
  pushPublicUrl,
  subscriptionOf,
} from '../testing/push-service';
import { cautionPolicy, stopPolicy, stormSite } from '../testing/storm-site';
import { until } from '../testing/until';
import { publicOperator } from './push-store';

const publicUrl = pushPublicUrl;

let simulator: string;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

type Harness = PushHarness;
const harness = (env: Record<string, string> = {}) => pushHarness(simulator, env);
const write = operatorWrite;

/** The public's write: no session, only the write header the public page's script sends. */
function anonymous(h: Harness, method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${h.bff.url}/api${path}`, {
    method,
    headers: writeHeaders,
    body: body && JSON.stringify(body),
  });
}

async function sharedSite(
  h: Harness,
  name: string,
  policy: SitePolicyInput,
): Promise<{ site: SiteJson; token: string }> {
  const created = await write(h, 'POST', '/sites', { ...stormSite, name, policy });
  expect(created.status, await created.clone().text()).toBe(201);
  const { site } = (await created.json()) as { site: SiteJson };
  const shared = await write(h, 'POST', `/sites/${site.id}/share`);
  expect(shared.status).toBe(201);
  return { site, token: ((await shared.json()) as ShareResponse).token };
}

function browserAt(h: Harness, name: string): Browser {
  const browser = newBrowser(`${h.service.origin}/push/${name}`);
  h.service.browsers.set(`/push/${name}`, browser);
  return browser;
}

async function notifyMe(h: Harness, token: string, browser: Browser): Promise<string> {
  const response = await anonymous(h, 'POST', `/public/${token}/push`, {
    subscription: subscriptionOf(browser),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe('"Notify me" on a public status page', () => {
  it('pushes the level change of that one site, in the board’s words, opening the public page', async () => {
    const h = await harness();
    const { site: yard, token } = await sharedSite(h, 'School field', cautionPolicy);
    const { token: otherToken } = await sharedSite(h, 'Other field', cautionPolicy);
    expect(yard.status.level).toBe('caution');
    await h.bff.watch.alarms.idle();
    const parent = browserAt(h, 'parent');
    const id = await notifyMe(h, token, parent);
    expect(id).toMatch(/^push-/);
    const neighbour = browserAt(h, 'neighbour');
    await notifyMe(h, otherToken, neighbour);
    // The public's subscriptions are nobody's: an operator's list does not show them.
    const mine = await fetch(`${h.bff.url}/api/push/subscriptions`, {
      headers: { Cookie: h.cookie },
    });
    expect(((await mine.json()) as { subscriptions: unknown[] }).subscriptions).toEqual([]);

    expect((await write(h, 'PATCH', `/sites/${yard.id}`, { policy: stopPolicy })).status).toBe(200);
    await until(() => h.service.pushes.length >= 1, 'the stop reached the parent’s push service');
    await h.bff.watch.alarms.idle();
    expect(h.service.refusals).toEqual([]);
    expect(h.service.pushes.map((push) => push.path)).toEqual(['/push/parent']);
    const [push] = h.service.pushes;
    expect(push?.payload).toEqual({
      title: 'STOP at School field (was CAUTION)',
      body: expect.stringMatching(/\S/) as string,
      site_id: yard.id,
      site_name: 'School field',
      level: 'stop',
      url: `${publicUrl}/s/${token}`,
    });
    // The same reason the public page shows for the level.
    const page = (await (await fetch(`${h.bff.url}/api/public/${token}`)).json()) as {
      status: { reasons: string[] };
    };
    expect(page.status.reasons).toContain(push?.payload.body);

    // A drill at the site reaches the parent titled DRILL; nothing reached the other field's.
    h.service.pushes.length = 0;
    expect((await write(h, 'POST', `/sites/${yard.id}/drill`)).status).toBe(202);
    await until(() => h.service.pushes.length >= 1, 'the drill was pushed');
    await h.bff.watch.alarms.idle();
    expect(h.service.pushes.map((p) => [p.path, p.payload.title])).toEqual([
      ['/push/parent', 'DRILL'],
    ]);

    // Stop notifications: the browser's endpoint proves it; then a change reaches nobody.
    const stranger = await anonymous(h, 'DELETE', `/public/${otherToken}/push`, {
      endpoint: parent.endpoint,
    });
    expect(stranger.status).toBe(404);
    const stop = await anonymous(h, 'DELETE', `/public/${token}/push`, {
      endpoint: parent.endpoint,
    });
    expect(stop.status).toBe(204);
    h.service.pushes.length = 0;
    expect((await write(h, 'PATCH', `/sites/${yard.id}`, { policy: cautionPolicy })).status).toBe(
      200,
    );
    await h.bff.watch.alarms.idle();
    expect(h.service.pushes).toEqual([]);
    await h.bff.close();
  });

  it('revoking the link, or deleting the site, deletes its subscriptions', async () => {
    const h = await harness();
    const { site: yard, token } = await sharedSite(h, 'Revoked field', cautionPolicy);
    const { site: gone, token: goneToken } = await sharedSite(h, 'Deleted field', cautionPolicy);
    const { token: keptToken } = await sharedSite(h, 'Kept field', cautionPolicy);
    for (const name of ['a', 'b']) await notifyMe(h, token, browserAt(h, name));
    await notifyMe(h, goneToken, browserAt(h, 'c'));
    const kept = await notifyMe(h, keptToken, browserAt(h, 'd'));
    const publicIds = async () =>
      (
        await h.bff.watch.database.db
          .selectFrom('push_subscriptions')
          .select('id')
          .where('operator', '=', publicOperator)
          .execute()
      ).map((row) => row.id);
    expect(await publicIds()).toHaveLength(4);

    expect((await write(h, 'DELETE', `/sites/${yard.id}/share`)).status).toBe(204);
    expect((await write(h, 'DELETE', `/sites/${gone.id}`)).status).toBe(204);
    expect(await publicIds()).toEqual([kept]);
    // The revoked link takes no more subscribers (a new link starts with none).
    const late = await anonymous(h, 'POST', `/public/${token}/push`, {
      subscription: subscriptionOf(browserAt(h, 'late')),
    });
    expect(late.status).toBe(404);
    await h.bff.close();
  });

  it('refuses bad input with a 400 naming the field, a forged write, and an operator’s browser', async () => {
    const h = await harness();
    const { token } = await sharedSite(h, 'Checked field', cautionPolicy);
    const good = subscriptionOf(browserAt(h, 'good'));
    const cases: [object, RegExp][] = [
      [{}, /^Invalid subscription: /],
      [{ subscription: good, levels: ['stop'] }, /^Invalid body: unknown field levels/],
      [
        { subscription: { ...good, endpoint: 'ftp://push.example/x' } },
        /^Invalid subscription\.endpoint: must be an https URL/,
      ],
      [
        { subscription: { ...good, keys: { ...good.keys, p256dh: 'abc' } } },
        /^Invalid subscription\.keys\.p256dh: /,
      ],
      [
        { subscription: { ...good, endpoint: 'https://169.254.169.254/push' } },
        /^Invalid subscription\.endpoint: the target resolves to a link-local/,
      ],
    ];
    for (const [body, error] of cases) {
      const response = await anonymous(h, 'POST', `/public/${token}/push`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toMatch(error);
    }
    const noEndpoint = await anonymous(h, 'DELETE', `/public/${token}/push`, {});
    expect(noEndpoint.status).toBe(400);
    expect(await errorOf(noEndpoint)).toMatch(/^Invalid endpoint: /);
    // Without the write header (a form on another site): refused.
    const forged = await fetch(`${h.bff.url}/api/public/${token}/push`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscription: good }),
    });
    expect(forged.status).toBe(403);
    // An unknown token: 404.
    const unknown = await anonymous(h, 'POST', `/public/${'x'.repeat(24)}/push`, {
      subscription: good,
    });
    expect(unknown.status).toBe(404);
    // A browser an operator subscribed keeps the board's notifications.
    const desk = browserAt(h, 'desk');
    const own = await write(h, 'POST', '/push/subscriptions', {
      subscription: subscriptionOf(desk),
    });
    expect(own.status).toBe(201);
    const taken = await anonymous(h, 'POST', `/public/${token}/push`, {
      subscription: subscriptionOf(desk),
    });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toContain('as an operator’s');
    await h.bff.close();
  });

  it('bounds subscribes per client and link (429) and browsers per site (409), naming the limit', async () => {
    const h = await harness();
    const { site, token } = await sharedSite(h, 'Crowded field', cautionPolicy);
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++)
      statuses.push(
        (
          await anonymous(h, 'POST', `/public/${token}/push`, {
            subscription: subscriptionOf(browserAt(h, `burst-${n}`)),
          })
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await anonymous(h, 'POST', `/public/${token}/push`, {
      subscription: subscriptionOf(browserAt(h, 'burst-more')),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(refused)).toContain('At most 5 subscriptions a minute');
    // A minute later (the server's clock) the bucket has refilled.
    h.bff.advance(60);
    // The site's cap: filled in the database to one short of it, then one more fits and the next
    // is refused.
    const now = Date.now();
    const rows = Array.from({ length: 494 }, (_, n) => ({
      id: `push-filler-${n}`,
      operator: publicOperator,
      endpoint: `https://push.example/filler-${n}`,
      p256dh: 'x',
      auth: 'x',
      levels: '["stop","caution"]',
      sites: JSON.stringify([site.id]),
      created_at: now,
    }));
    await h.bff.watch.database.db.insertInto('push_subscriptions').values(rows).execute();
    await notifyMe(h, token, browserAt(h, 'five-hundredth'));
    const full = await anonymous(h, 'POST', `/public/${token}/push`, {
      subscription: subscriptionOf(browserAt(h, 'one-too-many')),
    });
    expect(full.status).toBe(409);
    expect(await errorOf(full)).toContain('500 browsers, the most one site may have');
    await h.bff.close();
  });
});
