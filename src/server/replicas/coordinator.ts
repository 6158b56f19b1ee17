import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import type { WatchDatabase } from '../db/database';
import type { Logger } from '../log';

/** Whether this replica runs the watch (monitor and alarms) or follows the one that does. */
export type WatchRole = 'leader' | 'standby';

/**
 * What one replica tells the others, through PostgreSQL's NOTIFY: pointers into the database
 * (ids, never the data), so a payload stays far below NOTIFY's 8000 bytes whatever it is about.
 */
export type ReplicaMessage =
  /** An event was recorded: its id. */
  | { kind: 'record'; id: number }
  /** An event was acknowledged: its id. */
  | { kind: 'ack'; id: number }
  /** The leader stored a site's new status. */
  | { kind: 'status'; site: string }
  /** A site was created, changed or deleted. */
  | { kind: 'site'; site: string }
  /** The leader has judged a site another replica changed (it may be waiting for that). */
  | { kind: 'judged'; site: string };

export interface ReplicaCoordinator {
  /** This replica's name among the others: in logs, and on the deliveries it sends. */
  readonly id: string;
  readonly role: WatchRole;
  /** Starts contending for the watch (and listening to the other replicas). */
  start(): void;
  /** Called on every change of role, in order. */
  onRole(listener: (role: WatchRole) => void): void;
  /** Tells the other replicas; never this one. Messages go out in the order published. */
  publish(message: ReplicaMessage): void;
  onMessage(listener: (message: ReplicaMessage) => void): void;
  /** Called after the link to the other replicas was down: messages may have been missed. */
  onReconnect(listener: () => void): void;
  /** Which of these replica ids belong to replicas still running (this one always does). */
  alive(ids: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

export interface CoordinatorTimings {
  /** How often a standby tries to take the watch (WATCH_STANDBY_POLL_MS). */
  pollMs: number;
  /** How often the leader checks its link, and how long it waits for an answer (WATCH_HEARTBEAT_MS). */
  heartbeatMs: number;
}

/** A name for this replica: the host (a container's id) and process, made unique. */
export function replicaId(): string {
  return `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/** One process on SQLite: it is the only replica, so it always leads and tells nobody. */
export function singleProcess(id = replicaId()): ReplicaCoordinator {
  const roleListeners: ((role: WatchRole) => void)[] = [];
  let started = false;
  return {
    id,
    role: 'leader',
    start: () => {
      if (started) return;
      started = true;
      for (const listener of roleListeners) listener('leader');
    },
    onRole: (listener) => roleListeners.push(listener),
    publish: () => undefined,
    onMessage: () => undefined,
    onReconnect: () => undefined,
    alive: async (ids) => new Set(ids.filter((other) => other === id)),
    close: async () => undefined,
  };
}

/** The NOTIFY channel the replicas talk on. */
const channel = 'skydeck_watch';
/** The advisory lock whose holder runs the watch: 'skyd' as a number, the same in every replica. */
const watchLock = 0x736b7964;
/** PostgreSQL's names are cut at 63 bytes; the prefix says whose connection it is. */
const applicationName = (id: string) => `skydeck:${id}`.slice(0, 63);

export interface PostgresCoordinatorOptions extends CoordinatorTimings {
  databaseUrl: string;
  /** The shared pool, for NOTIFY and the liveness query. */
  database: WatchDatabase;
  logger: Logger;
  id?: string;
}

/**
 * Replicas on one PostgreSQL: whoever holds a session-level advisory lock runs the watch.
 *
 * Why a lock on a dedicated connection rather than a lease row: PostgreSQL releases the lock the
 * moment that session ends, so a leader that is killed (its socket closed by the kernel) is
 * replaced within one standby poll, with no lease to run out and no clocks compared. A leader
 * that hangs or is cut off while its socket stays open is caught twice over: its own heartbeat
 * fails or goes unanswered within `heartbeatMs` and it steps down at once, and the server ends the
 * silent session after `idle_session_timeout` (three heartbeats), which frees the lock for a
 * standby only after the old leader has stopped. A leader unaware for a moment that it lost is
 * also fenced by the record itself: each transition is unique per site (events.seq).
 *
 * The same connection LISTENs for the other replicas' messages; when it drops, it is made again
 * (with backoff) and `onReconnect` says messages may have been missed.
 */
export function postgresCoordinator(options: PostgresCoordinatorOptions): ReplicaCoordinator {
  const id = options.id ?? replicaId();
  const { logger, pollMs, heartbeatMs } = options;
  const roleListeners: ((role: WatchRole) => void)[] = [];
  const messageListeners: ((message: ReplicaMessage) => void)[] = [];
  const reconnectListeners: (() => void)[] = [];
  let role: WatchRole = 'standby';
  let link: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let closed = false;
  let everConnected = false;
  let failures = 0;
  /** The link's loss has been logged: retries stay quiet until it is back. */
  let down = false;
  let outgoing: Promise<void> = Promise.resolve();

  const setRole = (next: WatchRole) => {
    if (role === next) return;
    role = next;
    logger.info(next === 'leader' ? 'watch-leader' : 'watch-standby', { replica: id });
    for (const listener of roleListeners) listener(next);
  };

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (closed) return;
    timer = setTimeout(() => void step(), ms);
    timer.unref();
  };

  /** The link is gone or cannot be trusted: leadership goes first, then a new link is made. */
  const lose = (client: pg.Client, why: string) => {
    if (link !== client) return;
    link = undefined;
    setRole('standby');
    client.removeAllListeners('notification');
    // A socket that no longer answers would make end() wait: it is cut.
    (
      client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy();
    client.end().catch(() => undefined);
    if (!closed) failed(why);
  };

  /** Tried again, backing off; said once however many tries it takes (the database is down). */
  const failed = (why: string) => {
    failures++;
    if (!down) logger.error('replica-link', { replica: id, message: why });
    down = true;
    schedule(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
  };

  /** A query on the link that must answer within a heartbeat, or the link is given up. */
  const ask = async <T extends pg.QueryResultRow>(client: pg.Client, text: string) => {
    let timeout: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        client.query<T>(text),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(
            () => reject(new Error(`no answer within ${heartbeatMs} ms`)),
            heartbeatMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timeout);
    }
  };

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: applicationName(id),
      connectionTimeoutMillis: Math.max(1000, heartbeatMs),
      keepAlive: true,
    });
    client.on('error', (error) => lose(client, error.message));
    client.on('end', () => lose(client, 'the connection ended'));
    client.on('notification', (notification) => {
      if (notification.channel !== channel || !notification.payload) return;
      const { from, message } = JSON.parse(notification.payload) as {
        from: string;
        message: ReplicaMessage;
      };
      if (from === id) return;
      for (const listener of messageListeners) listener(message);
    });
    try {
      await client.connect();
      // A session gone silent (a hung leader, a cut network) is ended by the server itself,
      // which frees the lock: three heartbeats, when the leader has long stepped down on its own.
      const silentMs = 3 * Math.max(heartbeatMs, pollMs);
      await ask(client, `SET idle_session_timeout = ${silentMs}`).catch((error: unknown) =>
        // PostgreSQL before 14 has no such setting: the leader's own heartbeat still holds.
        logger.error('replica-link', { replica: id, message: (error as Error).message }),
      );
      await ask(client, `LISTEN ${channel}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    // From here on, a failure of this connection is a lost link (see lose()).
    link = client;
    return client;
  };

  const step = async () => {
    if (closed) return;
    let client = link;
    try {
      if (!client) {
        client = await connect();
        if (everConnected) for (const listener of reconnectListeners) listener();
        everConnected = true;
        if (down) logger.info('replica-link-restored', { replica: id, attempts: failures });
        down = false;
        failures = 0;
      }
      if (role === 'standby') {
        const { rows } = await ask<{ won: boolean }>(
          client,
          `SELECT pg_try_advisory_lock(${watchLock}) AS won`,
        );
        if (rows[0]?.won && link === client && !closed) setRole('leader');
      } else await ask(client, 'SELECT 1');
      // Lost meanwhile: lose() has scheduled the reconnection already.
      if (link === client) schedule(role === 'leader' ? heartbeatMs : pollMs);
    } catch (error) {
      if (client) lose(client, (error as Error).message);
      // Not even connected: the database is down or unreachable.
      else failed((error as Error).message);
    }
  };

  return {
    id,
    get role() {
      return role;
    },
    start: () => {
      if (started || closed) return;
      started = true;
      void step();
    },
    onRole: (listener) => roleListeners.push(listener),
    publish: (message) => {
      const payload = JSON.stringify({ from: id, message });
      // One after another: a record's message reaches the others before its status's.
      outgoing = outgoing.then(() =>
        sql`SELECT pg_notify(${channel}, ${payload})`.execute(options.database.db).then(
          () => undefined,
          (error: unknown) =>
            logger.error('replica-notify', {
              kind: message.kind,
              message: (error as Error).message,
            }),
        ),
      );
    },
    onMessage: (listener) => messageListeners.push(listener),
    onReconnect: (listener) => reconnectListeners.push(listener),
    alive: async (ids) => {
      const others = ids.filter((other) => other !== id);
      const found = new Set(ids.filter((other) => other === id));
      if (others.length === 0) return found;
      const names = others.map(applicationName);
      const { rows } = await sql<{ name: string }>`
        SELECT DISTINCT application_name AS name FROM pg_stat_activity
        WHERE application_name IN (${sql.join(names)})`.execute(options.database.db);
      const running = new Set(rows.map((row) => row.name));
      for (const other of others) if (running.has(applicationName(other))) found.add(other);
      return found;
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const client = link;
      link = undefined;
      setRole('standby');
      await outgoing;
      // Ending the session releases the lock: a standby takes over at its next poll.
      if (client) await client.end().catch(() => undefined);
    },
  };
}
