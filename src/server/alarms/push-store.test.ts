import { afterEach, describe, expect, it } from 'vitest';
import { type Engine } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { publicOperator, PushStore } from './push-store';

/**
 * Who the dispatcher reads for one site's change: the operators' subscriptions (each filtering
 * its own sites when told) and that site's public followers, never every public follower of
 * every site (a public page allows 500 a site).
 */
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const engines: Engine[] = ['sqlite', 'postgres'];

describe.each(engines)('PushStore.listFor on %s', (engine) => {
  it('gives the operators’ subscriptions and the public ones to that site only', async () => {
    const database = await openTestDatabase(engine);
    closers.push(() => database.close());
    const store = new PushStore(database.db);
    const subscription = (operator: string, endpoint: string, sites: string[] | null) => ({
      operator,
      endpoint: `https://push.example/${endpoint}`,
      p256dh: 'BPlaceholderKey',
      auth: 'placeholder',
      levels: ['stop' as const],
      sites,
      createdAt: 1000,
    });
    const desk = await store.save('push-desk', subscription('ana', 'desk', null));
    const phone = await store.save('push-phone', subscription('ben', 'phone', ['pier']));
    const pierFan = await store.save('push-pier', subscription(publicOperator, 'fan1', ['pier']));
    await store.save('push-yard', subscription(publicOperator, 'fan2', ['yard']));

    const ids = async (siteId: string) => (await store.listFor(siteId)).map((s) => s.id).sort();
    expect(await ids('pier')).toEqual([desk, phone, pierFan].sort());
    // Another site's public follower is not read; an operator's is, and filters itself later.
    expect(await ids('gate')).toEqual([desk, phone].sort());
    expect((await store.list()).length).toBe(4);
  });
});
