import type { Kysely } from 'kysely';
import type { ChannelKind, DeliveryOutcome, QuietHours } from '../../shared/api/channels';
import { verdictOutcomes } from '../../shared/api/channels';
import type { StatusLevel } from '../../shared/safety/site-policy';
import type {
  ChannelRow,
  DeliveryAttemptRow,
  DeliveryRow,
  DrillsTable,
  Schema,
} from '../db/schema';

/** A channel as the dispatcher and routes use it: its JSON columns read. */
export interface Channel {
  id: string;
  kind: ChannelKind;
  name: string;
  target: string;
  secret: string | null;
  levels: StatusLevel[];
  sites: string[] | null;
  quiet: QuietHours | null;
  escalateMinutes: number | null;
  /** An escalation tier: minutes a stop stays unacknowledged before this channel hears it. */
  afterMinutes: number;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

const toChannel = (row: ChannelRow): Channel => ({
  id: row.id,
  kind: row.kind as ChannelKind,
  name: row.name,
  target: row.target,
  secret: row.secret,
  levels: JSON.parse(row.levels) as StatusLevel[],
  sites: row.sites === null ? null : (JSON.parse(row.sites) as string[]),
  quiet: row.quiet === null ? null : (JSON.parse(row.quiet) as QuietHours),
  escalateMinutes: row.escalate_minutes,
  afterMinutes: row.after_minutes,
  enabled: row.enabled === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export type ChannelFields = Omit<Channel, 'id' | 'createdAt' | 'updatedAt'>;

/** One attempt, or the note that nothing was sent, to append to the log. */
export interface AttemptRecord {
  attempt: number;
  outcome: DeliveryOutcome;
  status: number | null;
  detail: string;
  at: number;
  /** The SMS/voice provider's message or call sid, when it accepted one. */
  providerSid?: string | null;
}

export interface ChannelHealth {
  failing: boolean;
  last: { at: number; outcome: DeliveryOutcome; status: number | null } | null;
}

/** A drill as recorded: who started it at which site, and the channels it was sent to. */
export interface Drill {
  id: string;
  siteId: string;
  siteName: string;
  at: number;
  startedBy: string;
  /** Channels and push subscriptions (`kind: 'push'`). */
  channels: { channel_id: string; name: string; kind: ChannelKind | 'push' }[];
}

const toDrill = (row: DrillsTable): Drill => ({
  id: row.id,
  siteId: row.site_id,
  siteName: row.site_name,
  at: Number(row.at),
  startedBy: row.started_by,
  channels: JSON.parse(row.channels) as Drill['channels'],
});

/** A forecast notice as recorded: a site's no-go day (its local date), once. */
export interface OutlookNotice {
  siteId: string;
  siteName: string;
  /** The no-go day, YYYY-MM-DD on the site's calendar. */
  day: string;
  /** When it was recorded (epoch ms, server time). */
  at: number;
  reasons: string[];
}

/** The delivery kind of a drill's messages: its deliveries and attempts are found by it. */
export const drillKind = (drillId: string) => `drill:${drillId}`;

/** Long replies (an SMTP server's, an error's) are cut: the log is for reading. */
const maxDetail = 300;

/** Channels, deliveries (one per channel, event and kind) and the append-only log of attempts. */
export class AlarmStore {
  constructor(readonly db: Kysely<Schema>) {}

  async listChannels(): Promise<Channel[]> {
    const rows = await this.db
      .selectFrom('channels')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toChannel);
  }

  async countChannels(): Promise<number> {
    const row = await this.db
      .selectFrom('channels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async getChannel(id: string): Promise<Channel | undefined> {
    const row = await this.db
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toChannel(row);
  }

  async createChannel(
    id: string,
    fields: ChannelFields,
    operator: string,
    now: number,
  ): Promise<Channel> {
    await this.db
      .insertInto('channels')
      .values({
        id,
        ...columns(fields),
        created_at: now,
        updated_at: now,
        created_by: operator,
        updated_by: operator,
      } as ChannelRow)
      .execute();
    return (await this.getChannel(id)) as Channel;
  }

  async updateChannel(
    id: string,
    changes: Partial<ChannelFields>,
    operator: string,
    now: number,
  ): Promise<Channel | undefined> {
    const result = await this.db
      .updateTable('channels')
      .set({ ...columns(changes), updated_at: now, updated_by: operator })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return this.getChannel(id);
  }

  /** The channel goes; the record of what was sent to it stays. */
  async deleteChannel(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('channels').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Records a delivery before anything is sent. Undefined when one for this channel, event and
   * kind exists already: whoever recorded it first sends it, nobody else. With `concluded`, it
   * is recorded done with that note (held back by quiet hours).
   */
  async recordDelivery(
    delivery: { channelId: string; eventId: number | null; kind: string; key: string; at: number },
    concluded?: AttemptRecord,
  ): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('deliveries')
        .values({
          channel_id: delivery.channelId,
          event_id: delivery.eventId,
          kind: delivery.kind,
          key: delivery.key,
          created_at: delivery.at,
          state: concluded ? 'done' : 'pending',
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return undefined;
      if (concluded)
        await trx
          .insertInto('delivery_attempts')
          .values(attemptRow({ ...delivery, id: row.id }, concluded))
          .execute();
      return row.id;
    });
  }

  /** Whether a delivery with this key was recorded (whatever became of it). */
  async hasDelivery(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('deliveries')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records a drill; false when this site had one in the same minute (another replica, a double
   * click): one a minute at most, however requests race.
   */
  async recordDrill(drill: Drill): Promise<boolean> {
    const row = await this.db
      .insertInto('drills')
      .values({
        id: drill.id,
        site_id: drill.siteId,
        site_name: drill.siteName,
        at: drill.at,
        started_by: drill.startedBy,
        slot: Math.floor(drill.at / 60_000),
        channels: JSON.stringify(drill.channels),
      })
      .onConflict((oc) => oc.columns(['site_id', 'slot']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records a forecast notice; false when the site's day was recorded already (by this process
   * before a restart, or another replica): a site hears of a no-go day once.
   */
  async recordOutlookNotice(notice: OutlookNotice): Promise<boolean> {
    const row = await this.db
      .insertInto('outlook_notices')
      .values({
        site_id: notice.siteId,
        day: notice.day,
        site_name: notice.siteName,
        at: notice.at,
        verdict: 'no_go',
        reasons: JSON.stringify(notice.reasons),
      })
      .onConflict((oc) => oc.columns(['site_id', 'day']).doNothing())
      .returning('site_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async getOutlookNotice(siteId: string, day: string): Promise<OutlookNotice | undefined> {
    const row = await this.db
      .selectFrom('outlook_notices')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('day', '=', day)
      .executeTakeFirst();
    return (
      row && {
        siteId: row.site_id,
        siteName: row.site_name,
        day: row.day,
        at: Number(row.at),
        reasons: JSON.parse(row.reasons) as string[],
      }
    );
  }

  async getDrill(id: string): Promise<Drill | undefined> {
    const row = await this.db
      .selectFrom('drills')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toDrill(row);
  }

  /** A site's drills, newest first. */
  async listDrills(siteId: string, limit: number): Promise<Drill[]> {
    const rows = await this.db
      .selectFrom('drills')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toDrill);
  }

  /** Every site's drills since `since` (epoch ms), newest first: the CAP feed's exercises. */
  async drillsSince(since: number, limit: number): Promise<Drill[]> {
    const rows = await this.db
      .selectFrom('drills')
      .selectAll()
      .where('at', '>=', since)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toDrill);
  }

  /** The deliveries of one kind (a drill's), with each one's latest attempt if any. */
  async deliveriesOfKind(
    kind: string,
  ): Promise<{ id: number; channel_id: string; outcome: DeliveryOutcome | null }[]> {
    const deliveries = await this.db
      .selectFrom('deliveries')
      .select(['id', 'channel_id'])
      .where('kind', '=', kind)
      .where('event_id', 'is', null)
      .execute();
    return Promise.all(
      deliveries.map(async (delivery) => {
        const last = await this.db
          .selectFrom('delivery_attempts')
          .select('outcome')
          .where('delivery_id', '=', delivery.id)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        return { ...delivery, outcome: (last?.outcome as DeliveryOutcome | undefined) ?? null };
      }),
    );
  }

  async getDelivery(id: number): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Takes a pending delivery to send it; false if another worker (or replica) already has. */
  async claim(id: number, replica: string): Promise<boolean> {
    const result = await this.db
      .updateTable('deliveries')
      .set({ state: 'sending', claimed_by: replica })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async appendAttempt(delivery: DeliveryRow, attempt: AttemptRecord): Promise<void> {
    await this.db
      .insertInto('delivery_attempts')
      .values(attemptRow(toRef(delivery), attempt))
      .execute();
  }

  /** The last word on a delivery: its attempt (or note) appended, and the delivery done. */
  async conclude(delivery: DeliveryRow, attempt: AttemptRecord): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('delivery_attempts')
        .values(attemptRow(toRef(delivery), attempt))
        .execute();
      await trx
        .updateTable('deliveries')
        .set({ state: 'done' })
        .where('id', '=', delivery.id)
        .where('state', '!=', 'done')
        .execute();
    });
  }

  /** Deliveries in this state, oldest first, from after the id `after`. */
  async deliveriesIn(
    state: DeliveryRow['state'],
    limit: number,
    after = 0,
  ): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('deliveries')
      .selectAll()
      .where('state', '=', state)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async attemptsMade(deliveryId: number): Promise<number> {
    const row = await this.db
      .selectFrom('delivery_attempts')
      .select((eb) => eb.fn.max('attempt').as('n'))
      .where('delivery_id', '=', deliveryId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async listAttempts(filter: {
    eventId?: number;
    channelId?: string;
    deliveryId?: number;
    limit: number;
  }): Promise<DeliveryAttemptRow[]> {
    let query = this.db.selectFrom('delivery_attempts').selectAll();
    if (filter.deliveryId !== undefined) query = query.where('delivery_id', '=', filter.deliveryId);
    if (filter.eventId !== undefined) query = query.where('event_id', '=', filter.eventId);
    if (filter.channelId !== undefined) query = query.where('channel_id', '=', filter.channelId);
    return query.orderBy('id', 'desc').limit(filter.limit).execute();
  }

  /**
   * Each channel's latest attempt, and whether its latest verdict was a failure: two short walks
   * back along the (channel, id) index per channel, however long the log grows.
   */
  async channelHealth(channelIds: string[]): Promise<Map<string, ChannelHealth>> {
    const entries = await Promise.all(
      channelIds.map(async (id) => {
        const recent = this.db
          .selectFrom('delivery_attempts')
          .select(['at', 'outcome', 'status'])
          .where('channel_id', '=', id)
          .orderBy('id', 'desc')
          .limit(1);
        const [last, verdict] = await Promise.all([
          recent.executeTakeFirst(),
          recent.where('outcome', 'in', [...verdictOutcomes]).executeTakeFirst(),
        ]);
        const health: ChannelHealth = {
          failing: verdict !== undefined && verdict.outcome !== 'delivered',
          last: last
            ? { at: last.at, outcome: last.outcome as DeliveryOutcome, status: last.status }
            : null,
        };
        return [id, health] as const;
      }),
    );
    return new Map(entries);
  }
}

interface DeliveryRef {
  id: number;
  channelId: string;
  eventId: number | null;
  kind: string;
}

const toRef = (row: DeliveryRow): DeliveryRef => ({
  id: row.id,
  channelId: row.channel_id,
  eventId: row.event_id,
  kind: row.kind,
});

const attemptRow = (delivery: DeliveryRef, attempt: AttemptRecord) => ({
  delivery_id: delivery.id,
  channel_id: delivery.channelId,
  event_id: delivery.eventId,
  kind: delivery.kind,
  at: attempt.at,
  attempt: attempt.attempt,
  outcome: attempt.outcome,
  status: attempt.status,
  detail:
    attempt.detail.length > maxDetail
      ? `${attempt.detail.slice(0, maxDetail - 1)}…`
      : attempt.detail,
  provider_sid: attempt.providerSid ?? null,
});

/** The columns a channel's fields (all, or the changed ones) are stored in. */
function columns(fields: Partial<ChannelFields>) {
  const set: Partial<ChannelRow> = {};
  if (fields.kind !== undefined) set.kind = fields.kind;
  if (fields.name !== undefined) set.name = fields.name;
  if (fields.target !== undefined) set.target = fields.target;
  if (fields.secret !== undefined) set.secret = fields.secret;
  if (fields.levels !== undefined) set.levels = JSON.stringify(fields.levels);
  if (fields.sites !== undefined)
    set.sites = fields.sites === null ? null : JSON.stringify(fields.sites);
  if (fields.quiet !== undefined)
    set.quiet = fields.quiet === null ? null : JSON.stringify(fields.quiet);
  if (fields.escalateMinutes !== undefined) set.escalate_minutes = fields.escalateMinutes;
  if (fields.afterMinutes !== undefined) set.after_minutes = fields.afterMinutes;
  if (fields.enabled !== undefined) set.enabled = fields.enabled ? 1 : 0;
  return set;
}
