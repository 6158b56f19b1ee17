import {
  cautionKey,
  clearKey,
  historyBasisKey,
  historyDayKey,
  historyUntilKey,
  limitKey,
  searchKmKey,
  searchMinutesKey,
  sortKey,
  stopKey,
} from '../features/lightning/url-state';
import { centreKey, latKey, layersKey, lonKey, zoomKey } from '../features/map/url-state';
import {
  daysKey,
  hoursKey,
  periodKey,
  pollutantsKey,
  thresholdKey,
} from '../features/forecast/url-state';
import {
  cityKey,
  countryKey,
  datasetKey,
  dayKey,
  endDateKey,
  postalCodeKey,
  startDateKey,
  stationKey,
} from '../features/history/url-state';
import { kioskPanelsKey, kioskPlacesKey, reloadKey, rotateKey } from '../features/kiosk/url-state';
import {
  alarmKey,
  reportFromKey,
  reportToKey,
  siteKey,
  sinceKey,
  untilKey,
  viewKey,
} from '../features/watch/url-state';
import { defineLink } from '../lib/url-state/link';
import {
  langKey,
  panelKey,
  panelViewKey,
  timeBasisKey,
  unitsKey,
  wallKey,
} from '../lib/url-state/display-keys';
import type { AnyUrlKey } from '../lib/url-state/url-key';

/**
 * The link: its version and every key the features declare, in the order links are written
 * (the order links were always written in, so a link copied today reads like one from before).
 * A key left out would be read from a link, then dropped from the address on first load:
 * link-keys.test.ts fails on one.
 *
 * Links are versioned (`v=3`) so that renaming a key never breaks a link someone shared: a link
 * of an older version is upgraded, one step at a time, before it is read. Links without `v` are
 * version 1, the format before versions were written.
 */
export const linkVersion = 3;

const upgrades: Record<number, (params: URLSearchParams) => void> = {
  // Version 1 called the local/UTC switch `time`; version 2 shares the interface's own name for
  // it, `tz`, with the history explorer, which asks the provider in the basis it shows.
  1: (params) => rename(params, 'time', 'tz'),
  // Version 2 called the chart/table switch `view`; version 3 gives `view` to the app's views
  // (the board, the event log), so a shared `view=table` becomes `panel_view=table`.
  2: (params) => {
    if (params.get('view') === 'chart' || params.get('view') === 'table')
      rename(params, 'view', 'panel_view');
  },
};

function rename(params: URLSearchParams, from: string, to: string): void {
  const value = params.get(from);
  params.delete(from);
  if (value !== null && !params.has(to)) params.set(to, value);
}

export const linkKeys = [
  viewKey,
  siteKey,
  sinceKey,
  untilKey,
  latKey,
  lonKey,
  zoomKey,
  centreKey,
  unitsKey,
  layersKey,
  stopKey,
  cautionKey,
  clearKey,
  searchKmKey,
  searchMinutesKey,
  sortKey,
  limitKey,
  historyDayKey,
  historyBasisKey,
  historyUntilKey,
  langKey,
  panelKey,
  timeBasisKey,
  panelViewKey,
  daysKey,
  hoursKey,
  pollutantsKey,
  periodKey,
  thresholdKey,
  datasetKey,
  cityKey,
  postalCodeKey,
  countryKey,
  stationKey,
  startDateKey,
  endDateKey,
  dayKey,
  wallKey,
  rotateKey,
  kioskPanelsKey,
  kioskPlacesKey,
  reloadKey,
  alarmKey,
  reportFromKey,
  reportToKey,
] as const satisfies readonly AnyUrlKey[];

export function defineSkydeckLink(): void {
  defineLink({ version: linkVersion, upgrades, keys: linkKeys });
}
