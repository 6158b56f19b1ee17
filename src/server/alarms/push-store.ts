import webpush from 'web-push';
import type { Kysely } from 'kysely';
import type { StatusLevel } from '../../shared/safety/site-policy';
import type { PushSubscriptionRow, Schema } from '../db/schema';

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point (65 bytes). */
  publicKey: string;
  /** base64url of the 32-byte private scalar. Never logged, never in a response. */
  privateKey: string;
}

/** A browser subscribed to level changes, its JSON columns read. */
export interface PushSubscription {
  id: string;
  operator: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  levels: StatusLevel[];
  sites: string[] | null;
  createdAt: number;
}

/**
 * The owner of an anonymous subscription from a public status page: not a username (those are
 * letters, digits and `._-`), so no operator's count, list or delete ever reaches one.
 */
export const publicOperator = '(public)';

/** The `sites` column of a public subscription to one site. */
const publicSites = (siteId: string) => JSON.stringify([siteId]);

/**
 * Deletes a site's public subscriptions: its link was revoked or the site deleted. A function of
 * the database (or a transaction), so the site's own delete removes them in its transaction.
 */
export async function deletePublicSubscriptions(
  db: Kysely<Schema>,
  siteId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('operator', '=', publicOperator)
    .where('sites', '=', publicSites(siteId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const toSubscription = (row: PushSubscriptionRow): PushSubscription => ({
  id: row.id,
  operator: row.operator,
  endpoint: row.endpoint,
  p256dh: row.p256dh,
  auth: row.auth,
  levels: JSON.parse(row.levels) as StatusLevel[],
  sites: row.sites === null ? null : (JSON.parse(row.sites) as string[]),
  createdAt: Number(row.created_at),
});

export class PushStore {
  constructor(private readonly db: Kysely<Schema>) {}

  /**
   * The VAPID key pair: the one in the database, or a new one made and kept there. The insert
   * does nothing if a row exists, so replicas starting at once all read back the same winner.
   */
  async vapidKeys(now: number): Promise<VapidKeys> {
    const fresh = webpush.generateVAPIDKeys();
    await this.db
      .insertInto('push_keys')
      .values({
        id: 1,
        public_key: fresh.publicKey,
        private_key: fresh.privateKey,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('push_keys')
      .select(['public_key', 'private_key'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return { publicKey: row.public_key, privateKey: row.private_key };
  }

  async list(operator?: string): Promise<PushSubscription[]> {
    let query = this.db.selectFrom('push_subscriptions').selectAll();
    if (operator !== undefined) query = query.where('operator', '=', operator);
    const rows = await query.orderBy('created_at').orderBy('id').execute();
    return rows.map(toSubscription);
  }

  /**
   * The subscriptions that may hear of `siteId`: every operator's (few, each filtering its own
   * sites) and the public ones to that site only, so a change is not read against every public
   * follower of every site (up to 500 a site).
   */
  async listFor(siteId: string): Promise<PushSubscription[]> {
    const rows = await this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where((eb) =>
        eb.or([eb('operator', '!=', publicOperator), eb('sites', '=', publicSites(siteId))]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toSubscription);
  }

  async get(id: string): Promise<PushSubscription | undefined> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toSubscription(row);
  }

  async count(operator: string): Promise<number> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('operator', '=', operator)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** How many browsers follow a site from its public page. */
  async countPublic(siteId: string): Promise<number> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('operator', '=', publicOperator)
      .where('sites', '=', publicSites(siteId))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Deletes the public subscription of one endpoint to one site (its browser proving it). */
  async deletePublic(siteId: string, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('operator', '=', publicOperator)
      .where('sites', '=', publicSites(siteId))
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async byEndpoint(endpoint: string): Promise<PushSubscription | undefined> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return row && toSubscription(row);
  }

  /**
   * Saves a subscription; a browser subscribing again (the same endpoint) keeps its id and takes
   * the new keys, owner and choices. Resolves with the id it is kept under.
   */
  async save(id: string, subscription: Omit<PushSubscription, 'id'>): Promise<string> {
    const values = {
      operator: subscription.operator,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      levels: JSON.stringify(subscription.levels),
      sites: subscription.sites === null ? null : JSON.stringify(subscription.sites),
    };
    const row = await this.db
      .insertInto('push_subscriptions')
      .values({
        id,
        endpoint: subscription.endpoint,
        created_at: subscription.createdAt,
        ...values,
      })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Deletes one subscription (only the operator's own, when `operator` is given). */
  async delete(id: string, operator?: string): Promise<boolean> {
    let query = this.db.deleteFrom('push_subscriptions').where('id', '=', id);
    if (operator !== undefined) query = query.where('operator', '=', operator);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
