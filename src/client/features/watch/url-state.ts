import type { LatLon } from '../../../shared/geo/coordinates';
import type { LinkView } from '../../lib/url-state/link';
import { centreKey, zoomKey } from '../map/public';
import { wallKey } from '../../lib/url-state/display-keys';
import {
  flagKey,
  patternKey,
  type Read,
  type SetKey,
  urlKey,
  writtenOnlyIf,
} from '../../lib/url-state/url-key';

/**
 * The watch's keys: which of the app's views is open (the map dashboard when absent, the board
 * of watched sites, the event log, the alarm channels, the stand-down reports, or an admin's
 * audit record and operators), the site in focus, the event log's and the audit's time filter,
 * the report's days, and whether a wall sounds its alarms.
 */

export const watchViews = ['board', 'events', 'channels', 'audit', 'operators', 'reports'] as const;
export type WatchView = (typeof watchViews)[number];

export const viewKey = urlKey<WatchView | undefined>('view', {
  parse: (raw) => watchViews.find((view) => view === raw),
  fallback: undefined,
  allowed: `one of ${watchViews.join(', ')}`,
});

const inWatch = (read: Read) => read(viewKey) !== undefined;

/** On the board, the site whose page is open; in the event log, the site it is filtered to. */
export const siteKey = writtenOnlyIf(
  patternKey('site', (raw) => /^[A-Za-z0-9_-]{1,64}$/.test(raw), 'a site id'),
  inWatch,
);

/** A UTC time to the minute (or second), as the event log's filter and the BFF read it. */
export const utcInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z$/;

const instantKey = (name: string) =>
  writtenOnlyIf(
    patternKey(
      name,
      (raw) => utcInstantPattern.test(raw) && !Number.isNaN(Date.parse(raw)),
      'a UTC time YYYY-MM-DDTHH:MMZ',
    ),
    (read) => read(viewKey) === 'events' || read(viewKey) === 'audit',
  );

export const sinceKey = instantKey('since');
export const untilKey = instantKey('until');

/**
 * A stand-down report's first and last day (each site's own calendar). Only their shape here: the
 * BFF says which is no date (2026-02-30), and the first screen stays without its calendar.
 */
const reportDateKey = (name: string) =>
  writtenOnlyIf(
    patternKey(name, (raw) => /^\d{4}-\d{2}-\d{2}$/.test(raw), 'a date YYYY-MM-DD'),
    (read) => read(viewKey) === 'reports',
  );

export const reportFromKey = reportDateKey('from');
export const reportToKey = reportDateKey('to');

export interface ReportFilter {
  site: string | undefined;
  from: string | undefined;
  to: string | undefined;
}

export const reportFilterView: LinkView<ReportFilter> = (read) => ({
  site: read(siteKey),
  from: read(reportFromKey),
  to: read(reportToKey),
});

export function setReportFilter(set: SetKey, filter: ReportFilter): void {
  set(siteKey, filter.site);
  set(reportFromKey, filter.from);
  set(reportToKey, filter.to);
}

export interface EventFilter {
  site: string | undefined;
  since: string | undefined;
  until: string | undefined;
}

export const eventFilterView: LinkView<EventFilter> = (read) => ({
  site: read(siteKey),
  since: read(sinceKey),
  until: read(untilKey),
});

export interface TimeFilter {
  since: string | undefined;
  until: string | undefined;
}

export const timeFilterView: LinkView<TimeFilter> = (read) => ({
  since: read(sinceKey),
  until: read(untilKey),
});

export function setTimeFilter(set: SetKey, filter: TimeFilter): void {
  set(sinceKey, filter.since);
  set(untilKey, filter.until);
}

export function setEventFilter(set: SetKey, filter: EventFilter): void {
  set(siteKey, filter.site);
  set(sinceKey, filter.since);
  set(untilKey, filter.until);
}

/** Opens a view of the app (the map when undefined), with a site in focus or none. */
export function setWatchView(set: SetKey, view: WatchView | undefined, site?: string): void {
  set(viewKey, view);
  set(siteKey, site);
  if (view !== 'events') {
    set(sinceKey, undefined);
    set(untilKey, undefined);
  }
  if (view !== 'reports') {
    set(reportFromKey, undefined);
    set(reportToKey, undefined);
  }
}

/** Close enough to a site to see its rings. */
const siteZoom = 8.5;

/** Opens a site's page on the board, the map brought round to the site. */
export function openSite(set: SetKey, site: LatLon & { id: string }): void {
  setWatchView(set, 'board', site.id);
  set(centreKey, { lat: site.lat, lon: site.lon });
  set(zoomKey, siteZoom);
}

/**
 * A wall sounds (and notifies) only when its link says `alarm=1`: a screen in a shared room
 * stays silent unless whoever set it up asked for it. Meaningless on a desk, where each browser's
 * own alarm settings decide, so written only on a wall.
 */
export const alarmKey = writtenOnlyIf(flagKey('alarm'), (read) => read(wallKey));
