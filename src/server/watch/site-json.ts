import { outlookNoticeOf } from './outlook-notice';
import type {
  ConditionsJson,
  FindingJson,
  SiteJson,
  SiteStatusJson,
  StormJson,
  WatchEventJson,
} from '../../shared/api/watch-answers';
import { csvLine } from '../../shared/csv';
import { measureJson } from '../../shared/safety/finding-text';
import type { StatusLevel } from '../../shared/safety/site-policy';
import {
  type Conditions,
  type Finding,
  type SiteStatus,
  statusReasons,
} from '../../shared/safety/site-status';
import type { StormApproach } from './storm-track';
import type { SiteRuntime } from './monitor';
import type { EventRecord } from './store';

const iso = (ms: number) => new Date(ms).toISOString();

export function stormJson(storm: StormApproach): StormJson {
  const moving = 'speedKmh' in storm;
  return {
    kind: storm.kind,
    distance_km: 'distanceKm' in storm ? round1(storm.distanceKm) : null,
    speed_kmh: moving ? round1(storm.speedKmh) : null,
    heading_deg: moving ? Math.round(storm.headingDeg) : null,
    eta_minutes: storm.kind === 'approaching' ? Math.round(storm.etaMinutes) : null,
  };
}

function findingJson(finding: Finding): FindingJson {
  return {
    rule: finding.rule,
    level: finding.level,
    text: finding.reason,
    measure: measureJson(finding.measure),
    clears_at: finding.clearsAt === undefined ? null : iso(finding.clearsAt),
  };
}

function conditionsJson(conditions: Conditions): ConditionsJson {
  return {
    temp_c: conditions.tempC ?? null,
    wind_ms: conditions.windMs,
    gust_ms: conditions.gustMs,
    heat_index_c: round1(conditions.heatIndexC),
    wbgt_c: conditions.wbgtC === undefined ? null : round1(conditions.wbgtC),
    wbgt_flag: conditions.wbgtFlag ?? null,
    aqi: conditions.aqi,
    station: conditions.station
      ? { id: conditions.station.id, name: conditions.station.name, at: iso(conditions.station.at) }
      : null,
  };
}

export function statusJson(
  status: SiteStatus,
  storm: StormApproach,
  offHours: boolean,
): SiteStatusJson {
  return {
    level: status.level,
    reasons: statusReasons(status),
    // A finding stored before findings were kept has no measure: its reason still stands.
    findings: status.findings.filter((finding) => finding.measure).map(findingJson),
    conditions: status.conditions ? conditionsJson(status.conditions) : null,
    since: iso(status.since),
    all_clear_at: status.allClearAt === null ? null : iso(status.allClearAt),
    data_age_s: status.dataAgeS,
    data_age_feed: status.dataAgeFeed ?? null,
    last_level: status.lastLevel,
    storm: stormJson(storm),
    off_hours: offHours,
    station: status.station
      ? {
          id: status.station.id,
          name: status.station.name,
          last_reading_at: status.station.lastAt === null ? null : iso(status.station.lastAt),
          in_use: status.station.inUse,
          notice: status.station.notice,
        }
      : null,
  };
}

export function siteJson(runtime: SiteRuntime): SiteJson {
  const { site } = runtime;
  return {
    id: site.id,
    name: site.name,
    lat: site.lat,
    lon: site.lon,
    timezone: runtime.timeZone ?? null,
    notes: site.notes,
    policy: runtime.policy,
    schedule: runtime.schedule,
    outlook_notice: outlookNoticeOf(site),
    status: statusJson(runtime.status, runtime.storm, runtime.offHours),
    created_at: iso(site.createdAt),
    updated_at: iso(site.updatedAt),
  };
}

export function eventJson(event: EventRecord): WatchEventJson {
  return {
    id: event.id,
    site_id: event.site_id,
    site_name: event.site_name,
    at: iso(event.at),
    from: event.from_level as StatusLevel,
    to: event.to_level as StatusLevel,
    rule: event.rule,
    reason: event.reason,
    evidence: JSON.parse(event.evidence) as string[],
    data_age_s: event.data_age_s,
    cause: event.cause ?? null,
    acknowledged_by: event.acknowledged_by,
    acknowledged_at: event.acknowledged_at === null ? null : iso(event.acknowledged_at),
    ack_note: event.ack_note,
    off_hours: (event.off_hours ?? 0) > 0,
  };
}

const csvColumns = [
  'id',
  'site_id',
  'site_name',
  'at',
  'from',
  'to',
  'rule',
  'reason',
  'data_age_s',
  'acknowledged_by',
  'acknowledged_at',
  'ack_note',
  // Added after the others, so a reader that goes by position still finds them where it did.
  'cause',
  'off_hours',
] as const;

export const csvHeader = `${csvColumns.join(',')}\r\n`;

/** One CSV row of an event, its text cells guarded against spreadsheet formulas. */
export function csvRow(event: WatchEventJson): string {
  return csvLine(
    csvColumns.map((column) => {
      const cell = event[column];
      return typeof cell === 'boolean' ? String(cell) : cell;
    }),
  );
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
