import { createHash } from 'node:crypto';
import { roundCoordinate } from '../../shared/geo/coordinates';
import { distanceKm } from '../../shared/geo/great-circle';
import {
  advanceRingClocks,
  emptyRingClocks,
  lightningVerdict,
  reringClocks,
  strikeTime,
  type RingClocks,
  type StrikeSeen,
} from '../../shared/safety/lightning-rings';
import { type PolicyChange, policyEditCause } from '../../shared/safety/policy-diff';
import {
  type SitePolicy,
  sitePolicySchema,
  type StatusLevel,
  worstLevel,
} from '../../shared/safety/site-policy';
import {
  alertFindings,
  composeStatus,
  type Conditions,
  conditionFindings,
  dataAge,
  type FeedFreshness,
  type Finding,
  lightningFinding,
  missingText,
  type RuleName,
  type SiteStatus,
  type StationUse,
  type StatusInput,
  statusReasons,
} from '../../shared/safety/site-status';
import { type GriddedInputs, griddedInputs, readConditions, withStation } from './conditions';
import { utcClock } from '../../shared/safety/finding-text';
import type { SiteStation, StationStore } from '../stations/station-store';
import { type SafetyFeed, safetyFeeds, safetyMaxAgeS } from '../../shared/safety/feed-cadence';
import { stormApproach, type StormApproach } from './storm-track';
import type { Alert } from '../../shared/weather/alert-schema';
import type { Logger } from '../log';
import {
  type LightningSearch,
  planLightningSearches,
  watchLightningQuery,
  watchLookbackMinutes,
} from '../../shared/safety/lightning-plan';
import { watchCadenceMs } from './quota-projection';
import type { EventRecord, SiteRecord, WatchStore } from './store';
import {
  markOf,
  offHoursMark,
  type OffHoursMark,
  offHoursMarks,
  type Schedule,
  scheduleOpen,
} from './schedule';
import { scheduleSchema } from '../../shared/api/watch';

/** An answer from the BFF's own data pipeline, as the watch sees it. */
export interface PipelineAnswer {
  status: number;
  body: unknown;
  /** How old the answer already was when handed over (s): a cache hit's age. */
  ageS: number;
}

/** Asks the BFF's weather routes in process: cache, coalescing, ledger and quota guard apply. */
export type PipelineFetch = (
  endpoint: string,
  query: Record<string, string>,
  /** The oldest cached answer that will do (s). */
  maxAgeS: number,
) => Promise<PipelineAnswer>;

/** The storm tracker reads the last half hour. */
const stormWindowMs = 30 * 60_000;
/** Strikes kept per site for the tracker: a storm's worth, bounded. */
const maxRecentStrikes = 5000;

export interface SiteRuntime {
  site: SiteRecord;
  policy: SitePolicy;
  clocks: RingClocks;
  /** When each feed's latest answer was current (epoch ms). */
  feeds: { alerts?: number; current?: number };
  /** The site's IANA zone, as the provider's answers for its point give it. */
  timeZone?: string;
  alerts: Alert[];
  /** The gridded conditions; a station's readings take their place when judged (`judge`). */
  conditions: Conditions | undefined;
  /** What of the gridded record a station's heat readings are judged with. */
  gridded?: GriddedInputs;
  status: SiteStatus;
  storm: StormApproach;
  recentStrikes: StrikeSeen[];
  /** The number of the site's last recorded transition; the next is recorded as seq + 1, once. */
  seq: number;
  /**
   * Why the next judgement may change the level when the weather did not: "policy edit by
   * admin: …", set by an edit and spent by the judgement after it.
   */
  cause?: string;
  /** The site's activity windows; null: always active. */
  schedule: Schedule | null;
  /** Outside its windows at the last judgement. */
  offHours: boolean;
  /** How its last recorded change stood with its windows. */
  lastMark?: OffHoursMark;
}

type StatusOnRead = 'dataAgeS' | 'dataAgeFeed' | 'findings' | 'missing';

/**
 * The part of a site's runtime that survives a restart (and that standby replicas read). The
 * data's age is not kept: it follows from the feeds' times and the clock, and is worked out
 * again on reading, so a state is stored only when something in it changed.
 */
interface StoredState {
  clocks: RingClocks;
  feeds: SiteRuntime['feeds'];
  timeZone?: string;
  alerts: Alert[];
  conditions: Conditions | undefined;
  gridded?: GriddedInputs;
  /** Without the data's age; without findings or missing data if stored before they were kept. */
  status: Omit<SiteStatus, StatusOnRead> & Partial<Pick<SiteStatus, StatusOnRead>>;
  storm?: StormApproach;
}

/** The rule an event is recorded under: a finding's, `data` for no_data, `all-clear` for clear. */
type EventRule = RuleName | 'data' | 'all-clear';

/** A site judged in a round, held and announced once the round's states are stored. */
interface Judged {
  runtime: SiteRuntime;
  status: SiteStatus;
  storm: StormApproach;
  /** The state to store, or undefined when it is as stored already. */
  state: string | undefined;
  announce: () => void;
  event: EventRecord | undefined;
}

export interface StatusChange {
  siteId: string;
  status: SiteStatus;
  storm: StormApproach;
  /** The event recorded for a level change. */
  event: EventRecord | undefined;
  /** Outside the site's activity windows. */
  offHours: boolean;
}

export interface MonitorOptions {
  store: WatchStore;
  /** Start-up work the sites wait for (migrations, demo seeding). */
  ready?: () => Promise<void>;
  fetch: PipelineFetch;
  /** Server time, epoch ms. */
  clock: () => number;
  logger: Logger;
  onChange: (change: StatusChange) => void;
  /** Requests in flight at once per tick. */
  concurrency?: number;
  /** The sites' own weather stations: read every round, their readings pruned hourly. */
  stations?: Pick<StationStore, 'latestForSites' | 'prune'>;
  /**
   * A site was created, changed or deleted here: other replicas are told. On a standby this
   * resolves once the leader has judged the site (or has not in time).
   */
  siteChanged?: (siteId: string, leading: boolean) => Promise<void>;
  /**
   * After each round the leader judged, at the round's time: the forecast notices. Not waited
   * for: a slow forecast never holds up the next round's judging.
   */
  afterRound?: (now: number) => void;
}

/** A site's last recorded transition. */
export interface Transition {
  seq: number;
  level: string;
  at: number;
  /** How it stood with the site's windows (an `OffHoursMark`; null if recorded before them). */
  offHours?: number | null;
}

/**
 * The watch: on the server's clock, it asks for each feed on its cadence through the BFF's own
 * pipeline, judges every site by its policy, appends each level change to the record and tells
 * whoever listens. `tick()` does one round; `start()` runs rounds on a timer.
 */
export class Monitor {
  private readonly sites = new Map<string, SiteRuntime>();
  /** Each site's state as last stored (or read), to store it again only once it changed. */
  private readonly written = new Map<string, string>();
  private searches: LightningSearch[] = [];
  /** When each request (a search or a point's feed) was last attempted (epoch ms). */
  private readonly attempted = new Map<string, number>();
  /** Where in its feed's cadence each request falls (ms past a whole number of cadences). */
  private phases = new Map<string, number>();
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private loading: Promise<void> | undefined;
  /**
   * False while another replica runs the watch: this one judges and records nothing, and its
   * sites are refreshed from what the leader stores. Set false the moment leadership is lost,
   * so a round on its way writes nothing more.
   */
  private leading = true;
  /**
   * Set while the store cannot take what the watch decides (the database is down): nothing is
   * judged, and it is said once. `reread` once the sites have been read again since.
   */
  private outage: { since: number; reread: boolean } | undefined;
  /** When station readings were last pruned (epoch ms). */
  private prunedAt = -Infinity;
  /** The sites' stations as last read, for a round whose read fails. */
  private lastStations = new Map<string, SiteStation>();

  constructor(private readonly options: MonitorOptions) {}

  get isLeading(): boolean {
    return this.leading;
  }

  /** Leadership won or lost (see watch.ts). Losing it stops the rounds at once. */
  setLeading(leading: boolean): void {
    this.leading = leading;
    if (!leading) {
      clearInterval(this.timer);
      this.timer = undefined;
      // Whoever leads next starts from what is stored (reload()), outage or not.
      this.outage = undefined;
    }
  }

  /**
   * Forgets everything held in memory and reads the sites, their states and their last
   * transitions again: a new leader starts from what the last one stored, not from its own
   * memory of it.
   */
  async reload(): Promise<void> {
    await this.running;
    this.loading = undefined;
    this.attempted.clear();
    await this.ready();
  }

  /** Reads one site again as stored (a standby following the leader; a lost race). */
  async refresh(id: string): Promise<void> {
    await this.ready();
    const { site, state, transition } = await this.options.store.loadSite(id);
    if (!site) {
      this.sites.delete(id);
      this.written.delete(id);
    } else {
      const held = this.sites.get(id);
      this.place(site, state, transition);
      // What only the leader's memory holds is kept: the storm tracker's strikes.
      const placed = this.sites.get(id);
      if (held && placed) placed.recentStrikes = held.recentStrikes;
    }
    this.replan();
  }

  /** Resolves once the sites and what the monitor knew of them before a restart are read. */
  ready(): Promise<void> {
    if (!this.loading) {
      const loading = this.load();
      this.loading = loading;
      // A read that failed (the database was down) is tried again by whoever asks next.
      loading.catch(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    }
    return this.loading;
  }

  private async load(): Promise<void> {
    await this.options.store.database.ready;
    await this.options.ready?.();
    const [records, states, transitions] = await Promise.all([
      this.options.store.listSites(),
      this.options.store.loadStates(),
      this.options.store.lastTransitions(),
    ]);
    this.sites.clear();
    this.written.clear();
    for (const record of records)
      this.place(record, states.get(record.id), transitions.get(record.id));
    this.replan();
  }

  start(intervalMs = 5000): void {
    if (this.timer) return;
    const run = () => {
      this.tick().catch((error: unknown) =>
        this.options.logger.error('watch-tick', { message: (error as Error).message }),
      );
    };
    this.timer = setInterval(run, intervalMs);
    this.timer.unref();
    run();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  list(): SiteRuntime[] {
    return [...this.sites.values()];
  }

  get(id: string): SiteRuntime | undefined {
    return this.sites.get(id);
  }

  /** A site was created or changed: judge it again with its new policy, at once. */
  async siteSaved(record: SiteRecord): Promise<void> {
    const held = this.sites.get(record.id);
    const moved = held && (held.site.lat !== record.lat || held.site.lon !== record.lon);
    // A moved site's ring clocks were measured from another point: start them afresh.
    this.place(
      record,
      held && !moved ? JSON.stringify(this.stored(held)) : undefined,
      held && {
        seq: held.seq,
        level: held.status.level,
        at: held.status.since,
        offHours: held.lastMark,
      },
      // What is held may be ahead of what is stored: the store's copy is still the one written.
      false,
    );
    const placed = this.sites.get(record.id);
    if (held && placed && (moved || record.policy !== held.site.policy))
      placed.cause = await this.editCause(record.id);
    if (held && placed && record.policy !== held.site.policy) {
      // New rings: what the clocks hold is sorted into them, and the site's lightning is asked
      // for at once rather than at its next minute, so the change is judged on every strike.
      placed.clocks = reringClocks(placed.clocks, placed.policy);
      this.replan();
      for (const search of this.searches)
        if (search.siteIds.includes(record.id)) this.attempted.delete(searchKey(search));
    } else {
      this.replan();
      // A new or moved site on a point (or in a search) asked for already this minute would
      // otherwise wait for the next asking, up to ten minutes for current conditions, with no
      // data: its feeds are asked for now (from the cache, as a rule: they are fresh).
      if (!held || moved) {
        const point = `${roundCoordinate(record.lat)},${roundCoordinate(record.lon)}`;
        this.attempted.delete(`alerts:${point}`);
        this.attempted.delete(`current:${point}`);
        for (const search of this.searches)
          if (search.siteIds.includes(record.id)) this.attempted.delete(searchKey(search));
      }
    }
    if (this.leading) {
      // A round already on its way planned its requests without this site: the next one asks.
      await this.running;
      await this.tick();
    }
    await this.options.siteChanged?.(record.id, this.leading);
  }

  /**
   * The words for a level change the site's last edit causes, from its record of changes (so a
   * change made on another replica reads the same): who edited, and which fields moved.
   */
  private async editCause(id: string): Promise<string> {
    const [change] = await this.options.store.siteChanges(id, 1);
    const operator = change?.operator ?? 'an operator';
    const detail = change
      ? (JSON.parse(change.detail) as {
          policy_changes?: PolicyChange[];
          lat?: number;
          lon?: number;
        })
      : {};
    const causes = [
      ...(detail.policy_changes ? [policyEditCause(operator, detail.policy_changes)] : []),
      ...(detail.lat !== undefined || detail.lon !== undefined
        ? [`site moved by ${operator}`]
        : []),
    ];
    return causes.join('; ') || `site edit by ${operator}`;
  }

  siteDeleted(id: string): void {
    this.sites.delete(id);
    this.written.delete(id);
    this.replan();
    void this.options.siteChanged?.(id, this.leading);
  }

  /** One round: fetch what is due, judge every site, record and announce what changed. */
  tick(): Promise<void> {
    // Rounds never overlap: a slow provider makes the next round wait, not pile up.
    this.running ??= this.round().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async round(): Promise<void> {
    try {
      await this.ready();
      if (this.outage && !this.outage.reread && this.leading) {
        // Back: what was stored is read again, and every feed asked for now rather than at
        // its next turn, so every site is judged at once on what is true now.
        await this.load();
        this.attempted.clear();
        this.outage.reread = true;
      }
    } catch (error) {
      this.suspend(error);
      return;
    }
    if (!this.leading) return;
    const now = this.options.clock();
    const work: (() => Promise<void>)[] = [];
    for (const search of this.searches) {
      if (this.due(searchKey(search), watchCadenceMs.lightning, now))
        work.push(() => this.fetchLightning(search));
    }
    for (const [point, ids] of this.points()) {
      if (this.due(`alerts:${point}`, watchCadenceMs.alerts, now))
        work.push(() => this.fetchAlerts(ids));
      if (this.due(`current:${point}`, watchCadenceMs.current, now))
        work.push(() => this.fetchCurrent(ids));
    }
    await runLimited(work, this.options.concurrency ?? 4);
    const judgedAt = this.options.clock();
    const judged = await this.judgeAll(judgedAt, await this.siteStations(judgedAt));
    if (judged && this.leading) this.options.afterRound?.(judgedAt);
    if (judged && this.outage) {
      this.options.logger.info('watch-resumed', {
        sites: this.sites.size,
        down_ms: this.options.clock() - this.outage.since,
      });
      this.outage = undefined;
    }
  }

  /**
   * Each site's station with its latest reading of the last `stationReadingMaxAgeMs`, read once
   * a round (uploads reach any replica; the leader reads what they stored). A read that fails
   * leaves the stations last read without a reading for the round, as quiet stations: gridded
   * data, but never lowering a level their readings set (as no station at all would).
   */
  private async siteStations(now: number): Promise<Map<string, SiteStation>> {
    const stations = this.options.stations;
    if (!stations) return new Map();
    try {
      if (now - this.prunedAt >= pruneEveryMs) {
        this.prunedAt = now;
        await stations.prune(now);
      }
      this.lastStations = await stations.latestForSites(now - stationReadingMaxAgeMs, now);
      return this.lastStations;
    } catch (error) {
      this.options.logger.error('watch-stations', { message: (error as Error).message });
      return new Map(
        [...this.lastStations].map(([site, station]) => [site, { ...station, reading: undefined }]),
      );
    }
  }

  /**
   * The store failed: the watch stops deciding until it answers again, since a level it cannot
   * record must not be announced or alarmed on. Said once for the whole outage.
   */
  private suspend(error: unknown): void {
    if (this.outage) return;
    this.outage = { since: this.options.clock(), reread: false };
    this.options.logger.error('watch-suspended', {
      message: (error as Error).message,
      reason: 'the database cannot be read or written; no site is judged until it can',
    });
  }

  /**
   * Whether a request is due: never asked (a start, a new or moved site, a changed policy: at
   * once), or its turn in its cadence has come since it was last asked. Turns are spread over
   * the cadence (`spreadPhases`), so each round asks for a share of the feeds rather than every
   * site asking in the same round; the next turn is never more than a cadence after the last
   * asking, so no data is older than when every request kept its own minute.
   */
  private due(key: string, cadenceMs: number, now: number): boolean {
    const last = this.attempted.get(key);
    if (
      last !== undefined &&
      now >= last &&
      now < nextTurn(last, this.phases.get(key) ?? 0, cadenceMs)
    )
      return false;
    this.attempted.set(key, now);
    return true;
  }

  /** Sites by rounded point: sites on one point share one alerts and one current request. */
  private points(): Map<string, string[]> {
    const points = new Map<string, string[]>();
    for (const runtime of this.sites.values()) {
      const key = `${roundCoordinate(runtime.site.lat)},${roundCoordinate(runtime.site.lon)}`;
      points.set(key, [...(points.get(key) ?? []), runtime.site.id]);
    }
    return points;
  }

  private async ask(
    endpoint: string,
    query: Record<string, string>,
    feed: SafetyFeed,
  ): Promise<PipelineAnswer | undefined> {
    try {
      const answer = await this.options.fetch(endpoint, query, safetyMaxAgeS(feed));
      if (answer.status === 200) return answer;
      this.options.logger.error('watch-fetch', { endpoint, status: answer.status });
    } catch (error) {
      this.options.logger.error('watch-fetch', { endpoint, message: (error as Error).message });
    }
    return undefined;
  }

  private async fetchLightning(search: LightningSearch): Promise<void> {
    const query = Object.entries(watchLightningQuery(search)).map(([name, value]) => [
      name,
      String(value),
    ]);
    const answer = await this.ask('current/lightning', Object.fromEntries(query), 'lightning');
    if (!answer) return;
    // The provider's clock dates its strikes: a strike's age is its past_mins when answered,
    // plus the time since on ours; its stamp, where the two clocks agree (strikeTime).
    const asOf = this.options.clock() - answer.ageS * 1000;
    const body = answer.body as {
      count: number;
      limit: number;
      lightning: {
        lat: number;
        lon: number;
        past_mins: number;
        timestamp_utc: string;
        distance_km: number;
      }[];
    };
    const strikes: StrikeSeen[] = body.lightning.map((strike) => ({
      lat: strike.lat,
      lon: strike.lon,
      time: strikeTime(asOf, strike),
    }));
    // Cut off at the limit, sorted by distance: only sites wholly inside the farthest strike
    // returned were seen completely.
    const cutOff = body.lightning.length >= body.limit;
    const seenKm = cutOff
      ? Math.max(0, ...body.lightning.map((strike) => strike.distance_km))
      : Infinity;
    for (const id of search.siteIds) {
      const runtime = this.sites.get(id);
      if (!runtime) continue;
      const { site, policy } = runtime;
      const reach = distanceKm(search.lat, search.lon, site.lat, site.lon) + outerRing(policy);
      const near = strikes.filter(
        (strike) =>
          distanceKm(site.lat, site.lon, strike.lat, strike.lon) <= outerRing(policy) + 30,
      );
      const advanced = advanceRingClocks(
        runtime.clocks,
        site,
        policy,
        near,
        asOf,
        watchLookbackMinutes * 60_000,
      );
      // An incomplete answer proves the strikes it holds, never their absence.
      runtime.clocks = reach > seenKm ? { ...advanced, coveredSince: undefined } : advanced;
      const since = asOf - stormWindowMs;
      runtime.recentStrikes = near
        .filter((strike) => strike.time >= since)
        .slice(0, maxRecentStrikes);
    }
  }

  private fetchAlerts(ids: string[]): Promise<void> {
    return this.fetchPointFeed(ids, 'alerts', (body, runtime) => {
      runtime.alerts = (body as { alerts: Alert[] }).alerts;
      return true;
    });
  }

  private fetchCurrent(ids: string[]): Promise<void> {
    return this.fetchPointFeed(ids, 'current', (body, runtime) => {
      const record = (body as { data: Parameters<typeof readConditions>[0][] }).data[0];
      if (record) {
        runtime.conditions = readConditions(record);
        runtime.gridded = griddedInputs(record);
      }
      return record !== undefined;
    });
  }

  /** One request for every site on a point; `apply` reads the answer into each (false: unusable). */
  private async fetchPointFeed(
    ids: string[],
    feed: 'alerts' | 'current',
    apply: (body: unknown, runtime: SiteRuntime) => boolean,
  ): Promise<void> {
    const first = this.sites.get(ids[0] as string);
    if (!first) return;
    const answer = await this.ask(
      feed,
      { lat: roundCoordinate(first.site.lat), lon: roundCoordinate(first.site.lon) },
      feed,
    );
    if (!answer) return;
    const asOf = this.options.clock() - answer.ageS * 1000;
    for (const id of ids) {
      const runtime = this.sites.get(id);
      // An answer older than the one held (a stale fallback) must not push the feed's time back.
      if (!runtime || asOf < (runtime.feeds[feed] ?? -Infinity)) continue;
      if (!apply(answer.body, runtime)) return;
      runtime.feeds = { ...runtime.feeds, [feed]: asOf };
      runtime.timeZone = answerTimeZone(answer.body) ?? runtime.timeZone;
    }
  }

  /**
   * Judges every site, then stores the states that changed in one transaction; only then are they
   * held and announced, so a write that fails leaves the sites as they were, to be judged again
   * once the store answers. False when the store failed.
   */
  private async judgeAll(now: number, stations: Map<string, SiteStation>): Promise<boolean> {
    const judged: Judged[] = [];
    let failure: unknown;
    for (const runtime of this.sites.values()) {
      // Leadership lost during the round: the new leader judges from here on.
      if (!this.leading) break;
      try {
        const site = await this.judgeSite(runtime, now, stations.get(runtime.site.id));
        if (site) judged.push(site);
      } catch (error) {
        failure = error;
        break;
      }
    }
    const changed = judged.flatMap(({ runtime, state }) =>
      state === undefined ? [] : [{ siteId: runtime.site.id, state }],
    );
    // A transition on record is told all the same (its state follows from the record).
    const announceRecorded = () => {
      for (const site of judged) if (site.event) site.announce();
    };
    // A round that lost the watch on its way writes nothing more.
    if (!this.leading) {
      announceRecorded();
      return true;
    }
    try {
      await this.options.store.saveStates(changed, now);
    } catch (error) {
      announceRecorded();
      this.suspend(error);
      return false;
    }
    for (const site of judged) {
      site.runtime.status = site.status;
      site.runtime.storm = site.storm;
      if (site.state !== undefined) this.written.set(site.runtime.site.id, site.state);
      site.announce();
    }
    if (failure === undefined) return true;
    this.suspend(failure);
    return false;
  }

  /**
   * A site's new status, and its state to store if that changed. A level change is recorded
   * here, first: the record is the truth from then on, whether or not the state is stored.
   * Undefined when another replica recorded the change first.
   */
  private async judgeSite(
    runtime: SiteRuntime,
    now: number,
    station: SiteStation | undefined,
  ): Promise<Judged | undefined> {
    const previous = runtime.status;
    const status = judge(runtime, now, station);
    const storm = stormFor(runtime, now);
    const levelChanged = status.level !== previous.level;
    const wasOffHours = runtime.offHours;
    const mark = offHoursMark(runtime.schedule, runtime.timeZone, now, status.findings, {
      from: previous.level,
      to: status.level,
      previous: runtime.lastMark ?? offHoursMarks.inHours,
    });
    runtime.offHours = !scheduleOpen(runtime.schedule, runtime.timeZone, now);
    // An edit's cause is for the judgement right after it; later changes are the weather's.
    const cause = runtime.cause ?? null;
    runtime.cause = undefined;
    let event: EventRecord | undefined;
    if (levelChanged) {
      event = await this.options.store.recordTransition({
        seq: runtime.seq + 1,
        site_id: runtime.site.id,
        site_name: runtime.site.name,
        at: now,
        from_level: previous.level,
        to_level: status.level,
        ...recordedCause(status, previous.level, now),
        evidence: JSON.stringify(statusReasons(status, now)),
        data_age_s: status.dataAgeS,
        cause,
        off_hours: mark,
      });
      if (!event) {
        // Another replica recorded this transition first: it leads now; this one reads it.
        this.options.logger.info('watch-transition-taken', { site: runtime.site.id });
        await this.refresh(runtime.site.id);
        return undefined;
      }
      runtime.seq = event.seq;
      runtime.lastMark = mark;
      runtime.status = status;
      runtime.storm = storm;
      this.options.logger.info('watch-level', {
        site: runtime.site.id,
        from: previous.level,
        to: status.level,
        reason: event.reason,
      });
    }
    const state = storedJson({ ...this.stored(runtime), status, storm });
    return {
      runtime,
      status,
      storm,
      state: state === this.written.get(runtime.site.id) ? undefined : state,
      event,
      announce: () => {
        if (
          levelChanged ||
          wasOffHours !== runtime.offHours ||
          materiallyDifferent(previous, status)
        )
          this.options.onChange({
            siteId: runtime.site.id,
            status,
            storm,
            event,
            offHours: runtime.offHours,
          });
      },
    };
  }

  private stored(runtime: SiteRuntime): StoredState {
    return {
      clocks: runtime.clocks,
      feeds: runtime.feeds,
      timeZone: runtime.timeZone,
      alerts: runtime.alerts,
      conditions: runtime.conditions,
      gridded: runtime.gridded,
      status: runtime.status,
      storm: runtime.storm,
    };
  }

  /**
   * Holds a site as `stateJson` has it; `asStored` says that is the state the store holds (read
   * from it), so that it is stored again only once it changes.
   */
  private place(
    record: SiteRecord,
    stateJson: string | undefined,
    last?: Transition,
    asStored = true,
  ): void {
    const policy = sitePolicySchema.parse(JSON.parse(record.policy));
    const schedule =
      record.schedule === null ? null : scheduleSchema.parse(JSON.parse(record.schedule));
    const state = stateJson ? (JSON.parse(stateJson) as StoredState) : undefined;
    const now = this.options.clock();
    const clocks = state?.clocks ?? emptyRingClocks;
    const feeds = state?.feeds ?? {};
    // A leader that died between recording a transition and storing the state it led to left
    // the state behind the record: the record wins, or the transition would be recorded again.
    const kept =
      state?.status && last && state.status.level !== last.level
        ? { ...state.status, level: last.level as SiteStatus['level'], since: last.at }
        : state?.status;
    const age = dataAge(feedFreshness(clocks, feeds), now);
    // A state stored before findings (or missing data) were kept has none to show.
    const status = kept && {
      ...kept,
      findings: kept.findings ?? [],
      missing: kept.missing ?? [],
      ...age,
    };
    const runtime: SiteRuntime = {
      site: record,
      policy,
      clocks,
      feeds,
      timeZone: state?.timeZone,
      alerts: state?.alerts ?? [],
      conditions: state?.conditions,
      gridded: state?.gridded,
      // A site nobody has judged yet has no data, which is what it reports until it has.
      status: status ?? {
        level: 'no_data',
        missing: safetyFeeds.map((feed) => ({ kind: 'feed', feed, lastAt: null })),
        since: now,
        allClearAt: null,
        dataAgeS: null,
        lastLevel: null,
        findings: [],
      },
      storm: state?.storm ?? { kind: 'none' },
      recentStrikes: [],
      seq: last?.seq ?? 0,
      // Read back, so whoever an alert woke off hours still hears it ease after a restart.
      lastMark: markOf(last?.offHours),
      schedule,
      // As held until the next judgement, which tells the change when the windows say otherwise.
      offHours:
        this.sites.get(record.id)?.offHours ?? !scheduleOpen(schedule, state?.timeZone, now),
    };
    this.sites.set(record.id, runtime);
    if (asStored && state) this.written.set(record.id, storedJson(this.stored(runtime)));
    else if (asStored) this.written.delete(record.id);
  }

  private replan(): void {
    this.searches = planLightningSearches(
      [...this.sites.values()].map(({ site, policy }) => ({
        id: site.id,
        lat: site.lat,
        lon: site.lon,
        policy,
      })),
    );
    // A site's requests share its turn, so the answers it rests on come in one round and its
    // state is stored once for them; a search takes the turn of the first site it serves.
    const points = [...this.points()];
    const order = (key: string) => createHash('sha1').update(key).digest().readUInt32BE(0);
    const ranked = points
      .map(([point, ids]) => ({ point, ids, order: order(point) }))
      .sort((a, b) => a.order - b.order || (a.point < b.point ? -1 : 1));
    const rankOf = new Map<string, number>();
    this.phases = new Map();
    for (const [rank, { point, ids }] of ranked.entries()) {
      for (const id of ids) rankOf.set(id, rank);
      for (const feed of ['alerts', 'current'] as const)
        this.phases.set(`${feed}:${point}`, turnPhase(rank, ranked.length, watchCadenceMs[feed]));
    }
    for (const search of this.searches)
      this.phases.set(
        searchKey(search),
        turnPhase(
          rankOf.get(search.siteIds[0] ?? '') ?? 0,
          ranked.length,
          watchCadenceMs.lightning,
        ),
      );
  }
}

/** The zone an alerts answer (top level) or a current-conditions answer (its record) names. */
function answerTimeZone(body: unknown): string | undefined {
  const answer = body as { timezone?: unknown; data?: { timezone?: unknown }[] };
  const zone = answer.timezone ?? answer.data?.[0]?.timezone;
  return typeof zone === 'string' && zone !== '' ? zone : undefined;
}

/** The shortest cadence: every feed's is a whole number of it. */
const turnMs = Math.min(...Object.values(watchCadenceMs));

/**
 * The turn of the `rank`th of `count` points in a feed's cadence (ms past a whole number of
 * cadences): evenly over the shortest cadence, so each round asks for a share of them, and a
 * longer cadence's turns spread over its shortest ones, each in the same round of its minute as
 * the point's other feeds. One point alone has its turn on the whole cadence.
 */
function turnPhase(rank: number, count: number, cadenceMs: number): number {
  const turns = Math.max(1, Math.round(cadenceMs / turnMs));
  return Math.floor((rank * turnMs) / Math.max(1, count)) + turnMs * (rank % turns);
}

/** The first time after `last` that falls `phaseMs` past a whole number of cadences. */
function nextTurn(last: number, phaseMs: number, cadenceMs: number): number {
  const wait = (((phaseMs - last) % cadenceMs) + cadenceMs) % cadenceMs;
  return last + (wait === 0 ? cadenceMs : wait);
}

function searchKey(search: LightningSearch): string {
  return `lightning:${search.lat},${search.lon},${search.radiusKm}`;
}

function outerRing(policy: SitePolicy): number {
  return Math.max(
    policy.lightning.rings.stop,
    policy.lightning.rings.caution ?? 0,
    policy.lightning.rings.watch ?? 0,
  );
}

/**
 * A site's status now. Lightning is judged as of its latest data, not as of now: a countdown
 * that has run out steps down only once an answer from after it shows no new strike.
 */
export function judge(runtime: SiteRuntime, now: number, station?: SiteStation): SiteStatus {
  const { clocks, policy } = runtime;
  const conditions =
    station?.reading && runtime.conditions
      ? withStation(runtime.conditions, runtime.gridded, {
          id: station.id,
          name: station.name,
          reading: station.reading,
        })
      : runtime.conditions;
  const verdict = lightningVerdict(clocks, policy, clocks.dataAt ?? now);
  const findings: Finding[] = [];
  const lightning = lightningFinding(verdict);
  if (lightning) findings.push(lightning);
  findings.push(...alertFindings(policy, runtime.alerts, now));
  if (conditions) findings.push(...conditionFindings(policy, conditions));
  const stationHeld = station ? heldByStation(runtime.status, station, conditions) : undefined;
  const status = composeStatus({
    findings,
    feeds: feedFreshness(clocks, runtime.feeds),
    lightningUnproven:
      verdict.level === 'unknown' ? { watchMoreMs: verdict.watchMoreMs ?? 0 } : undefined,
    stationHeld,
    now,
    previous: runtime.status,
  });
  const holding = status.missing.some((data) => data.kind === 'station');
  return {
    ...status,
    conditions: conditions ?? null,
    station: station ? stationUse(station, conditions, now, holding) : null,
  };
}

/**
 * The level a site's quiet station last held: the worst of the findings its readings made in the
 * previous status (kept as they were while the site is no_data for want of them) on what it no
 * longer reports (all of it when quiet; its wind or its heat when an upload leaves one out). A
 * station whose readings set nothing (all inside the limits) holds nothing: the grid takes over.
 */
function heldByStation(
  previous: SiteStatus | undefined,
  station: SiteStation,
  conditions: Conditions | undefined,
): NonNullable<StatusInput['stationHeld']> | undefined {
  const reports = conditions?.station;
  const parts = new Set<'wind' | 'heat'>();
  const levels = (previous?.findings ?? [])
    .filter(({ measure }) => {
      if (!('source' in measure) || measure.source === undefined) return false;
      const part = measure.kind === 'sustained' || measure.kind === 'gust' ? 'wind' : 'heat';
      if (reports?.[part]) return false;
      parts.add(part);
      return true;
    })
    .map((finding) => finding.level);
  if (levels.length === 0) return undefined;
  const [part] = parts;
  return {
    name: station.name,
    lastAt: station.lastAt,
    level: worstLevel(levels),
    // A station that reports, but not this: which it left out (both: said as quiet would be).
    ...(reports && parts.size === 1 && part ? { part } : {}),
  };
}

/** A site's station reading are used while at most this old, and never when dated ahead. */
const stationReadingMaxAgeMs = 10 * 60_000;
const pruneEveryMs = 3600_000;

/** Whether a site's station was used, and if not, the site page's notice saying why. */
function stationUse(
  station: SiteStation,
  conditions: Conditions | undefined,
  now: number,
  holding: boolean,
): StationUse {
  const inUse = conditions?.station?.id === station.id;
  const { lastAt } = station;
  const why = inUse
    ? null
    : lastAt === null
      ? 'no reading yet'
      : lastAt > now
        ? `its latest reading is dated ahead of the server's clock (${utcClock(lastAt, false)})`
        : station.reading
          ? 'no gridded conditions yet to read it with'
          : `no reading since ${utcClock(lastAt, false)}`;
  return {
    id: station.id,
    name: station.name,
    lastAt,
    inUse,
    notice:
      why === null
        ? null
        : holding
          ? `${station.name}: ${why}; the level its readings set is held until it reports ` +
            'again or is detached from the site, as the gridded data alone would lower it'
          : `${station.name}: ${why}; gridded data in use`,
  };
}

/** The feeds a site's status rests on: when each was last current, and how often it is asked. */
function feedFreshness(clocks: RingClocks, feeds: SiteRuntime['feeds']): FeedFreshness[] {
  return [
    { feed: 'lightning', asOf: clocks.dataAt, refreshMs: watchCadenceMs.lightning },
    { feed: 'alerts', asOf: feeds.alerts, refreshMs: watchCadenceMs.alerts },
    { feed: 'current', asOf: feeds.current, refreshMs: watchCadenceMs.current },
  ];
}

/** A state as stored: without what the clock alone changes (the data's age). */
function storedJson(state: StoredState): string {
  return JSON.stringify({
    ...state,
    status: { ...state.status, dataAgeS: undefined, dataAgeFeed: undefined },
  });
}

/** Why a site is clear, in the record's words, when no rule gives a reason. */
function clearReason(from: StatusLevel): string {
  return from === 'no_data'
    ? 'all clear: the data is in and no rule of the policy is met'
    : 'all clear: no rule of the policy is met any more';
}

function stormFor(runtime: SiteRuntime, now: number): StormApproach {
  return stormApproach(
    runtime.site,
    runtime.policy.lightning.rings.stop,
    runtime.recentStrikes,
    runtime.clocks.dataAt ?? now,
  );
}

/**
 * The rule and the reason a level change is recorded under: the deciding finding's own rule and
 * words, `data` with the first missing feed (and its age now) for no_data, `all-clear` when no
 * rule is met.
 */
function recordedCause(
  status: SiteStatus,
  from: StatusLevel,
  now: number,
): { rule: EventRule; reason: string } {
  const [top] = status.findings;
  const [missing] = status.missing;
  if (status.level === 'no_data')
    return { rule: 'data', reason: missing ? missingText(missing, now) : clearReason(from) };
  if (status.level === 'clear' || !top) return { rule: 'all-clear', reason: clearReason(from) };
  return { rule: top.rule, reason: top.reason };
}

/** Whether listeners are told: the reasons as stated (never the data's age, which the clock moves). */
function materiallyDifferent(a: SiteStatus, b: SiteStatus): boolean {
  return (
    a.allClearAt !== b.allClearAt ||
    (a.station?.notice ?? null) !== (b.station?.notice ?? null) ||
    statusReasons(a).join('\n') !== statusReasons(b).join('\n') ||
    JSON.stringify(a.conditions) !== JSON.stringify(b.conditions)
  );
}

async function runLimited(work: (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const job = work[next++];
      if (job) await job();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
}
