import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteJson, WatchEventJson } from '../../shared/api/watch-answers';
import { type SitePolicyInput, sitePolicySchema } from '../../shared/safety/site-policy';
import { advanceWorld, closeAll, startBff, startSimulator } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';

/**
 * What the watch's record and status say, over loopback against the simulator pinned to the
 * storm over Pocahontas, Arkansas (see watch.integration.test.ts): a level an edit causes is
 * recorded as the edit's, with what the edit changed; a strike has one time in the status, the
 * record and the provider's answer the map draws; every reason carries its value and threshold.
 */
const site = { lat: 36.5, lon: -91 };
/** The nearest strikes are 6.9 km (stop ring 5 km: outside) and 7.7 km away: CAUTION. */
const cautionPolicy: SitePolicyInput = {
  lightning: { rings: { stop: 5, caution: 9, watch: 40 }, all_clear_minutes: 30 },
};

let simulator: string;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe('the record', () => {
  it('marks a level change caused by a policy edit, with the fields it changed, from and to', async () => {
    const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const cookie = await signIn(bff);
    const created = await fetch(`${bff.url}/api/sites`, {
      method: 'POST',
      headers: { ...writeHeaders, Cookie: cookie },
      body: JSON.stringify({ name: 'Edit yard', ...site, policy: cautionPolicy }),
    });
    const { site: added } = await json<{ site: SiteJson }>(created);
    expect(added.status.level).toBe('caution');

    // The admin widens the stop ring past the strike at 6.9 km: the site stops, by the edit.
    const policy = sitePolicySchema.parse(cautionPolicy);
    const edited = await fetch(`${bff.url}/api/sites/${added.id}`, {
      method: 'PATCH',
      headers: { ...writeHeaders, Cookie: cookie },
      body: JSON.stringify({
        policy: {
          ...policy,
          lightning: { ...policy.lightning, rings: { ...policy.lightning.rings, stop: 7 } },
        },
      }),
    });
    expect(edited.status).toBe(200);
    expect((await json<{ site: SiteJson }>(edited)).site.status.level).toBe('stop');

    const { events } = await json<{ events: WatchEventJson[] }>(
      await fetch(`${bff.url}/api/events?site=${added.id}`),
    );
    const [stop, caution] = events;
    expect(stop).toMatchObject({ from: 'caution', to: 'stop', rule: 'lightning' });
    expect(stop?.cause).toBe('policy edit by admin: lightning stop ring 5 km → 7 km');
    // The first level, the weather's own, has no cause.
    expect(caution).toMatchObject({ from: 'no_data', to: 'caution', cause: null });

    // The export says the same, in a column of its own at the end (readers by position keep
    // working).
    const csv = await (await fetch(`${bff.url}/api/events?site=${added.id}&format=csv`)).text();
    const [header, stopRow, cautionRow] = csv.trim().split('\r\n');
    // (`off_hours` came after it, issue 30.)
    expect(header?.endsWith(',ack_note,cause,off_hours')).toBe(true);
    expect(stopRow?.endsWith(',policy edit by admin: lightning stop ring 5 km → 7 km,false')).toBe(
      true,
    );
    expect(cautionRow?.endsWith(',,false')).toBe(true);

    // The site's changes keep the same diff, field by field.
    const { changes } = await json<{ changes: { action: string; detail: unknown }[] }>(
      await fetch(`${bff.url}/api/sites/${added.id}`),
    );
    expect(changes[0]).toMatchObject({
      action: 'update',
      detail: { policy_changes: [{ field: 'lightning.rings.stop', from: 5, to: 7 }] },
    });

    // The next weather change is the weather's again.
    bff.advance(60);
    await bff.watch.monitor.tick();
    const later = await json<{ events: WatchEventJson[] }>(
      await fetch(`${bff.url}/api/events?site=${added.id}`),
    );
    expect(later.events.slice(0, -2).every((event) => event.cause === null)).toBe(true);
    await bff.close();
  });

  it('marks a level change caused by moving the site', async () => {
    const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const cookie = await signIn(bff);
    const created = await fetch(`${bff.url}/api/sites`, {
      method: 'POST',
      headers: { ...writeHeaders, Cookie: cookie },
      body: JSON.stringify({ name: 'Moved yard', lat: 47.6, lon: -122.3, policy: cautionPolicy }),
    });
    const { site: added } = await json<{ site: SiteJson }>(created);
    expect(added.status.level).toBe('clear');
    const moved = await fetch(`${bff.url}/api/sites/${added.id}`, {
      method: 'PATCH',
      headers: { ...writeHeaders, Cookie: cookie },
      body: JSON.stringify(site),
    });
    expect(moved.status).toBe(200);
    const { events } = await json<{ events: WatchEventJson[] }>(
      await fetch(`${bff.url}/api/events?site=${added.id}`),
    );
    expect(events[0]).toMatchObject({ to: 'caution', cause: 'site moved by admin' });
    await bff.close();
  });

  it('gives a strike one time: in the status, the record and the provider’s answer', async () => {
    // A world of its own, so both clocks can move on together.
    const world = await startSimulator();
    const bff = await startBff(world, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const cookie = await signIn(bff);
    const created = await fetch(`${bff.url}/api/sites`, {
      method: 'POST',
      headers: { ...writeHeaders, Cookie: cookie },
      body: JSON.stringify({ name: 'Strike yard', ...site, policy: cautionPolicy }),
    });
    const { site: added } = await json<{ site: SiteJson }>(created);
    const [finding] = added.status.findings;
    expect(finding?.measure.kind).toBe('strike');
    if (finding?.measure.kind !== 'strike') return;
    // Value, threshold and level, as measured.
    expect(finding).toMatchObject({ rule: 'lightning', level: 'caution' });
    expect(finding.measure).toMatchObject({ distance_km: 7.7, ring_km: 9 });

    // The strike as the map's popup reads it: the provider's answer through the BFF.
    const answer = await json<{
      lightning: { distance_km: number; timestamp_utc: string }[];
    }>(
      await fetch(
        `${bff.url}/api/current/lightning?lat=${site.lat}&lon=${site.lon}&search_distance_km=10&search_mins=30&sort=distance&limit=100`,
      ),
    );
    const strike = answer.lightning.find(
      (candidate) => Math.abs(candidate.distance_km - 7.7) < 0.05,
    );
    expect(strike).toBeDefined();
    const stamp = strike!.timestamp_utc.slice(11, 19);
    // Where the popup says 18:16:28, the card and the record say 18:16:28: not 18:16:33, the
    // latest moment the strike's age alone (3.5 min, to a tenth) would allow.
    expect(finding.measure.at.slice(11, 19)).toBe(stamp);
    expect(finding.text).toContain(`at ${stamp} UTC`);
    const { events } = await json<{ events: WatchEventJson[] }>(
      await fetch(`${bff.url}/api/events?site=${added.id}`),
    );
    expect(events[0]?.reason).toContain(`at ${stamp} UTC`);

    // Minutes later, its age read from newer answers, the strike keeps its time.
    for (let minute = 0; minute < 3; minute++) {
      await advanceWorld(world, 60);
      bff.advance(60);
      await bff.watch.monitor.tick();
    }
    const { sites } = await json<{ sites: SiteJson[] }>(await fetch(`${bff.url}/api/sites`));
    const again = sites[0]?.status.findings[0];
    expect(again?.measure.kind === 'strike' && again.measure.at).toBe(finding.measure.at);
    await bff.close();
  });

  it('words a clear change plainly, not as the machine does', async () => {
    const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const cookie = await signIn(bff);
    // Far from any storm, with no wind, alert, air or heat rule to meet: NO DATA → CLEAR.
    const created = await fetch(`${bff.url}/api/sites`, {
      method: 'POST',
      headers: { ...writeHeaders, Cookie: cookie },
      body: JSON.stringify({
        name: 'Calm yard',
        lat: 47.6,
        lon: -122.3,
        policy: { lightning: { rings: { stop: 5 }, all_clear_minutes: 10 } },
      }),
    });
    const { site: added } = await json<{ site: SiteJson }>(created);
    // The lightning clocks need a whole all-clear time of watching first.
    for (let minute = 0; minute < 12 && (await level()) !== 'clear'; minute++) {
      bff.advance(60);
      await bff.watch.monitor.tick();
    }
    const { events } = await json<{ events: WatchEventJson[] }>(
      await fetch(`${bff.url}/api/events?site=${added.id}`),
    );
    const clear = events.find((event) => event.to === 'clear');
    expect(clear?.from).toBe('no_data');
    expect(clear?.reason).toBe('all clear: the data is in and no rule of the policy is met');
    for (const event of events) expect(event.reason).not.toMatch(/no_data|no reason to hold/);
    await bff.close();

    async function level() {
      const { sites } = await json<{ sites: SiteJson[] }>(await fetch(`${bff.url}/api/sites`));
      return sites.find((candidate) => candidate.id === added.id)?.status.level;
    }
  });
});
