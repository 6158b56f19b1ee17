import type { LinkView } from '../../lib/url-state/link';
import {
  choiceKey,
  patternKey,
  type Read,
  type SetKey,
  textKey,
  writtenOnlyIf,
} from '../../lib/url-state/url-key';

/**
 * The history explorer's query, under the interface's own parameter names (dataset, city,
 * country, postal_code, station, start_date, end_date, date). A link fills the form; it never
 * runs a query that costs quota.
 */

export const historyDatasets = ['hourly', 'daily', 'airquality', 'lightning'] as const;
export type HistoryDataset = (typeof historyDatasets)[number];

export const datasetKey = choiceKey('dataset', historyDatasets, 'hourly');

/** One location method, as the interface requires of history requests. */
export type HistoryLocation =
  | { method: 'point' }
  | { method: 'city'; city: string; country: string }
  | { method: 'postal'; postalCode: string; country: string }
  | { method: 'station'; station: string };

const maxLength = 100;
// One method wins, in this order, and only its keys are written.
export const cityKey = textKey('city', { maxLength });
export const postalCodeKey = writtenOnlyIf(
  textKey('postal_code', { maxLength }),
  (read) => read(cityKey) === undefined,
);
const named = (read: Read) => read(cityKey) !== undefined || read(postalCodeKey) !== undefined;
/** With a city or postal code, a country is always written, empty or not. */
export const countryKey = writtenOnlyIf(
  {
    ...textKey('country', { maxLength }),
    fallback: (read: Read) => (named(read) ? '' : undefined),
  },
  named,
);
export const stationKey = writtenOnlyIf(textKey('station', { maxLength }), (read) => !named(read));

const providerDate = (name: string) =>
  patternKey(
    name,
    (raw) => /^\d{4}-\d{2}-\d{2}(:\d{2})?$/.test(raw),
    'a date YYYY-MM-DD (or YYYY-MM-DD:HH)',
  );
export const startDateKey = providerDate('start_date');
export const endDateKey = providerDate('end_date');
/** The day, for lightning. */
export const dayKey = providerDate('date');

export const locationView: LinkView<HistoryLocation> = (read) => {
  const city = read(cityKey);
  const postalCode = read(postalCodeKey);
  const station = read(stationKey);
  const country = read(countryKey) ?? '';
  if (city !== undefined) return { method: 'city', city, country };
  if (postalCode !== undefined) return { method: 'postal', postalCode, country };
  if (station !== undefined) return { method: 'station', station };
  return { method: 'point' };
};

export function setLocation(set: SetKey, location: HistoryLocation): void {
  set(cityKey, location.method === 'city' ? location.city : undefined);
  set(postalCodeKey, location.method === 'postal' ? location.postalCode : undefined);
  set(
    countryKey,
    location.method === 'city' || location.method === 'postal' ? location.country : undefined,
  );
  set(stationKey, location.method === 'station' ? location.station : undefined);
}

export interface HistoryQuery {
  dataset: HistoryDataset;
  location: HistoryLocation;
  startDate: string | undefined;
  endDate: string | undefined;
  date: string | undefined;
}

export const historyQueryView: LinkView<HistoryQuery> = (read) => ({
  dataset: read(datasetKey),
  location: locationView(read),
  startDate: read(startDateKey),
  endDate: read(endDateKey),
  date: read(dayKey),
});

export function setHistoryQuery(set: SetKey, query: Partial<HistoryQuery>): void {
  if (query.dataset !== undefined) set(datasetKey, query.dataset);
  if (query.location !== undefined) setLocation(set, query.location);
  if ('startDate' in query) set(startDateKey, query.startDate);
  if ('endDate' in query) set(endDateKey, query.endDate);
  if ('date' in query) set(dayKey, query.date);
}
