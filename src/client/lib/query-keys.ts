import type { EndpointPath } from '../../shared/api/endpoints';
import type { HistoryEndpoint } from '../../shared/quota/history-cost';
import type { ApiParams, QueryParams } from './api-client';

/** The endpoints whose answers are keyed by their own path. */
type PathKeyed = Extract<EndpointPath, 'current' | 'alerts' | `forecast/${string}`>;

/**
 * Every query and mutation key of the client, so an invalidation and the query it means cannot
 * drift apart. A key starts with its family, and whatever follows narrows it: invalidating a
 * family's key (`quota()`, `lightning.all()`) reaches every query under it.
 *
 * The values are part of the test contract: e2e/lightning.spec.ts refetches ['lightning']
 * through `window.__skydeckQueries`.
 */
export const queryKeys = {
  /** current, alerts and forecast/*: the path, then the parameters asked with. */
  endpoint: <P extends PathKeyed>(path: P, params: ApiParams<P>) => [path, params] as const,
  lightning: {
    all: () => ['lightning'] as const,
    around: (params: ApiParams<'current/lightning'>) => ['lightning', params] as const,
    /** The search the watch judges a site on, as a site's page draws it. */
    watched: (params: ApiParams<'current/lightning'>) => ['lightning', 'watched', params] as const,
  },
  lightningHistory: (params: ApiParams<'history/lightning'>) =>
    ['lightning-history', params] as const,
  /** Spending a day's units: every lightning view watches it to tell the day is on its way. */
  lightningHistorySpend: (params: ApiParams<'history/lightning'>) =>
    ['lightning-history-spend', params] as const,
  /** The history explorer's answer: the endpoint and each request of a (split) range. */
  history: (endpoint: HistoryEndpoint, parts: ApiParams<HistoryEndpoint>[]) =>
    ['history', endpoint, parts] as const,
  historySpend: () => ['history-spend'] as const,
  quota: () => ['quota'] as const,
  quotaCost: {
    all: () => ['quota-cost'] as const,
    of: (params: QueryParams) => ['quota-cost', params] as const,
  },
  clientConfig: () => ['client-config'] as const,
  places: (params: { q: string }) => ['places', params] as const,
  placeAt: (params: { lat: string; lon: string }) => ['places/at', params] as const,
  basemap: (part: 'land' | 'places', scale?: string) => ['basemap', part, scale] as const,
  /**
   * The watch: its sites (which the live stream writes into), one site's page, the event log
   * by filter, who is signed in, and the alarm channels with their deliveries.
   */
  watch: {
    all: () => ['watch'] as const,
    sites: () => ['watch', 'sites'] as const,
    site: (id: string) => ['watch', 'site', id] as const,
    events: {
      all: () => ['watch', 'events'] as const,
      of: (filter: QueryParams) => ['watch', 'events', filter] as const,
    },
    session: () => ['watch', 'session'] as const,
    /** The server's alarm channels, and the deliveries made for one event. */
    channels: () => ['watch', 'channels'] as const,
    deliveries: (eventId: number) => ['watch', 'deliveries', eventId] as const,
    /** A site's drills. */
    drills: (siteId: string) => ['watch', 'drills', siteId] as const,
    /** A site's go/no-go outlook for the forecast days. */
    outlook: (siteId: string) => ['watch', 'outlook', siteId] as const,
    /** A site station's readings over the last day. */
    stationReadings: (stationId: string) => ['watch', 'station-readings', stationId] as const,
    /** Admins' views: the operators' accounts, and the audit record by filter. */
    operators: () => ['watch', 'operators'] as const,
    audit: {
      all: () => ['watch', 'audit'] as const,
      of: (filter: QueryParams) => ['watch', 'audit', filter] as const,
    },
    /** A stand-down report by its site and days. */
    report: (filter: QueryParams) => ['watch', 'report', filter] as const,
  },
  pmtilesStyle: (archiveUrl: string) => ['pmtiles-style', archiveUrl] as const,
};
