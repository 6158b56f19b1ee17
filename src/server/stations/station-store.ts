import { timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import {
  type Schema,
  stationMeanFields,
  type StationMeanField,
  type StationReadingRow,
  type StationRow,
} from '../db/schema';
import { tokenHash } from '../watch/auth/sessions';
import type { StationReading } from './uploads';

/** How long readings are kept: 1-minute aggregates, pruned past this. */
const readingsKeptMs = 30 * 24 * 3600_000;
const minuteMs = 60_000;

/** A reading's fields that are averaged over the minute, by column. */
const meanOf: Record<StationMeanField, Exclude<keyof StationReading, 'at'>> = {
  wind_ms: 'windMs',
  temp_c: 'tempC',
  humidity: 'humidity',
  pressure_hpa: 'pressureHpa',
  solar_wm2: 'solarWm2',
};

/** One minute of a station's readings: the means, the highest gust, the latest direction and rain. */
export interface MinuteReading {
  stationId: string;
  minute: number;
  /** The latest reading's time in the minute (epoch ms). */
  at: number;
  count: number;
  windMs: number | null;
  gustMs: number | null;
  windDir: number | null;
  tempC: number | null;
  humidity: number | null;
  pressureHpa: number | null;
  solarWm2: number | null;
  rainDayMm: number | null;
}

function minuteReading(row: StationReadingRow): MinuteReading {
  const mean = (field: StationMeanField) =>
    row[`${field}_n`] > 0 ? row[`${field}_sum`] / row[`${field}_n`] : null;
  return {
    stationId: row.station_id,
    minute: Number(row.minute),
    at: Number(row.at),
    count: row.count,
    windMs: mean('wind_ms'),
    gustMs: row.gust_max,
    windDir: row.wind_dir,
    tempC: mean('temp_c'),
    humidity: mean('humidity'),
    pressureHpa: mean('pressure_hpa'),
    solarWm2: mean('solar_wm2'),
    rainDayMm: row.rain_day_mm,
  };
}

/**
 * Stations and their readings. A key is 128 random bits, so one SHA-256 of it is as good as a
 * slow hash against a stolen copy of the table, and costs microseconds where scrypt (the
 * operators' passwords) would cost tens of milliseconds on every upload.
 */
export class StationStore {
  constructor(private readonly db: Kysely<Schema>) {}

  list(): Promise<StationRow[]> {
    return this.db.selectFrom('stations').selectAll().orderBy('created_at').execute();
  }

  get(id: string): Promise<StationRow | undefined> {
    return this.db.selectFrom('stations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async create(row: {
    id: string;
    name: string;
    siteId: string | null;
    key: string;
    passkey: string | null;
    at: number;
    by: string;
  }): Promise<void> {
    await this.db
      .insertInto('stations')
      .values({
        id: row.id,
        name: row.name,
        site_id: row.siteId,
        key_hash: tokenHash(row.key),
        passkey_hash: row.passkey === null ? null : tokenHash(row.passkey),
        created_at: row.at,
        updated_at: row.at,
        created_by: row.by,
      })
      .execute();
  }

  async update(
    id: string,
    change: { name?: string; siteId?: string | null; passkey?: string | null },
    at: number,
  ): Promise<StationRow | undefined> {
    await this.db
      .updateTable('stations')
      .set({
        updated_at: at,
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.siteId === undefined ? {} : { site_id: change.siteId }),
        ...(change.passkey === undefined
          ? {}
          : { passkey_hash: change.passkey === null ? null : tokenHash(change.passkey) }),
      })
      .where('id', '=', id)
      .execute();
    return this.get(id);
  }

  /** Deletes the station and its readings; false if there was none. */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('station_readings').where('station_id', '=', id).execute();
      const result = await trx.deleteFrom('stations').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    });
  }

  /** Whether a registered station already has this passkey (another station's, when `except`). */
  async passkeyTaken(passkey: string, except?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('stations')
      .select('id')
      .where('passkey_hash', '=', tokenHash(passkey));
    if (except) query = query.where('id', '!=', except);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The station with this id whose key this is; undefined for a wrong id or key alike. */
  async byKey(id: string, key: string): Promise<StationRow | undefined> {
    const row = await this.get(id);
    if (!row) return undefined;
    const given = Buffer.from(tokenHash(key));
    const kept = Buffer.from(row.key_hash);
    return given.length === kept.length && timingSafeEqual(given, kept) ? row : undefined;
  }

  byPasskey(passkey: string): Promise<StationRow | undefined> {
    return this.db
      .selectFrom('stations')
      .selectAll()
      .where('passkey_hash', '=', tokenHash(passkey))
      .executeTakeFirst();
  }

  /** Adds a reading to its minute's aggregate: one row per station and minute, whatever the rate. */
  async addReading(stationId: string, reading: StationReading): Promise<void> {
    const minute = Math.floor(reading.at / minuteMs) * minuteMs;
    const values: Record<string, number | string | null> = {
      station_id: stationId,
      minute,
      at: reading.at,
      count: 1,
      gust_max: reading.gustMs ?? null,
      wind_dir: reading.windDir ?? null,
      rain_day_mm: reading.rainDayMm ?? null,
    };
    for (const field of stationMeanFields) {
      const value = reading[meanOf[field]];
      values[`${field}_sum`] = value ?? 0;
      values[`${field}_n`] = value === undefined ? 0 : 1;
    }
    const latest = sql<boolean>`excluded.at >= station_readings.at`;
    const sums = Object.fromEntries(
      stationMeanFields.flatMap((field) =>
        [`${field}_sum`, `${field}_n`].map((column) => [
          column,
          sql`station_readings.${sql.ref(column)} + excluded.${sql.ref(column)}`,
        ]),
      ),
    );
    await this.db
      .insertInto('station_readings')
      .values(values as never)
      .onConflict((oc) =>
        oc.columns(['station_id', 'minute']).doUpdateSet({
          ...sums,
          count: sql`station_readings.count + 1`,
          at: sql`CASE WHEN ${latest} THEN excluded.at ELSE station_readings.at END`,
          // The minute's highest gust; direction and the day's rain as last reported.
          gust_max: sql`CASE WHEN station_readings.gust_max IS NULL OR excluded.gust_max > station_readings.gust_max
            THEN excluded.gust_max ELSE station_readings.gust_max END`,
          wind_dir: sql`CASE WHEN ${latest} AND excluded.wind_dir IS NOT NULL
            THEN excluded.wind_dir ELSE station_readings.wind_dir END`,
          rain_day_mm: sql`CASE WHEN ${latest} AND excluded.rain_day_mm IS NOT NULL
            THEN excluded.rain_day_mm ELSE station_readings.rain_day_mm END`,
        } as never),
      )
      .execute();
  }

  /**
   * The latest minute of each station on a site whose readings fall in [from, to]: a reading
   * dated in the future or older than `from` is kept but never chosen.
   */
  async latestForSites(from: number, to: number): Promise<Map<string, SiteStation>> {
    const stations = await this.db
      .selectFrom('stations')
      .select(['id', 'name', 'site_id'])
      .where('site_id', 'is not', null)
      .execute();
    const found = new Map<string, SiteStation>();
    if (stations.length === 0) return found;
    const rows = await this.db
      .selectFrom('station_readings')
      .selectAll()
      .where(
        'station_id',
        'in',
        stations.map((station) => station.id),
      )
      .where('minute', '>=', Math.floor(from / minuteMs) * minuteMs)
      .where('minute', '<=', to)
      .orderBy('minute', 'desc')
      .execute();
    const latest = new Map<string, MinuteReading>();
    for (const row of rows) {
      const reading = minuteReading(row);
      if (reading.at < from || reading.at > to || latest.has(reading.stationId)) continue;
      latest.set(reading.stationId, reading);
    }
    const lastAt = await this.lastReadings(stations.map((station) => station.id));
    for (const station of stations) {
      const siteId = station.site_id as string;
      const reading = latest.get(station.id);
      const held = found.get(siteId);
      // Two stations on one site: the one with the latest usable reading speaks for it.
      if (held?.reading && (!reading || reading.at <= held.reading.at)) continue;
      found.set(siteId, {
        id: station.id,
        name: station.name,
        reading,
        lastAt: lastAt.get(station.id) ?? null,
      });
    }
    return found;
  }

  /** Each station's latest reading time, usable or not (epoch ms). */
  async lastReadings(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('station_readings')
      .select(['station_id', (eb) => eb.fn.max('at').as('at')])
      .where('station_id', 'in', ids)
      .groupBy('station_id')
      .execute();
    return new Map(rows.map((row) => [row.station_id, Number(row.at)]));
  }

  /**
   * The station's minutes starting in [from, to), in buckets of `bucketMinutes` counted from the
   * first whole minute at or after `from`, oldest first; empty buckets are left out. A window is
   * bounded by its caller (a week is 10,080 rows at the most), so the bucketing is done here.
   */
  async readings(
    stationId: string,
    from: number,
    to: number,
    bucketMinutes: number,
  ): Promise<MinuteReading[]> {
    const first = Math.ceil(from / minuteMs) * minuteMs;
    const bucketMs = bucketMinutes * minuteMs;
    const rows = await this.db
      .selectFrom('station_readings')
      .selectAll()
      .where('station_id', '=', stationId)
      .where('minute', '>=', first)
      .where('minute', '<', to)
      .orderBy('minute')
      .execute();
    const buckets: MinuteReading[] = [];
    const noSums = () =>
      Object.fromEntries(stationMeanFields.map((field) => [field, { sum: 0, n: 0 }])) as Record<
        StationMeanField,
        { sum: number; n: number }
      >;
    let sums = noSums();
    let held: MinuteReading | undefined;
    const close = () => {
      if (!held) return;
      for (const field of stationMeanFields)
        held[meanOf[field]] = sums[field].n > 0 ? sums[field].sum / sums[field].n : null;
      buckets.push(held);
    };
    for (const row of rows) {
      const at = first + Math.floor((Number(row.minute) - first) / bucketMs) * bucketMs;
      if (held?.at !== at) {
        close();
        // A bucket's start is its time: a chart spaces its points evenly.
        held = { ...minuteReading(row), minute: at, at, count: 0, gustMs: null };
        sums = noSums();
      }
      held.count += row.count;
      for (const field of stationMeanFields) {
        sums[field].sum += row[`${field}_sum`];
        sums[field].n += row[`${field}_n`];
      }
      if (row.gust_max !== null && (held.gustMs === null || row.gust_max > held.gustMs))
        held.gustMs = row.gust_max;
      // Rows come oldest first: the bucket keeps the latest direction and day's rain reported.
      if (row.wind_dir !== null) held.windDir = row.wind_dir;
      if (row.rain_day_mm !== null) held.rainDayMm = row.rain_day_mm;
    }
    close();
    return buckets;
  }

  /** Drops minutes older than `readingsKeptMs`. */
  async prune(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom('station_readings')
      .where('minute', '<', now - readingsKeptMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** A site's station as the watch reads it: its latest usable minute, and when it last spoke. */
export interface SiteStation {
  id: string;
  name: string;
  reading: MinuteReading | undefined;
  lastAt: number | null;
}
