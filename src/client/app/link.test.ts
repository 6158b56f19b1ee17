import { beforeAll, describe, expect, it } from 'vitest';
import type { LatLon } from '../../shared/geo/coordinates';
import { type LightningRule, standardLightningRule } from '../../shared/safety/lightning-rule';
import type { Pollutant } from '../../shared/weather/aqi';
import type { UnitSystem } from '../../shared/weather/units';
import {
  daysKey,
  hoursKey,
  periodKey,
  pollutantsKey,
  thresholdIn,
  thresholdKey,
} from '../features/forecast/url-state';
import {
  historyQueryView,
  type HistoryQuery,
  setHistoryQuery,
} from '../features/history/url-state';
import {
  kioskView,
  type KioskOptions,
  kioskPanelsKey,
  kioskPlacesKey,
  reloadKey,
  rotateKey,
} from '../features/kiosk/url-state';
import {
  cautionKey,
  clearKey,
  historyBasisKey,
  historyDayKey,
  historyDayView,
  historyUntilKey,
  limitKey,
  type LightningHistoryDay,
  type LightningSearch,
  ruleView,
  searchKmKey,
  searchMinutesKey,
  searchView,
  sortKey,
  stopKey,
} from '../features/lightning/url-state';
import {
  centreKey,
  layersKey,
  type MapLayer,
  placeZoom,
  selectionView,
  setSelection,
  worldZoom,
  zoomKey,
} from '../features/map/url-state';
import {
  type DockPanel,
  langKey,
  panelKey,
  panelViewKey,
  timeBasisKey,
  unitsKey,
  wallKey,
} from '../lib/url-state/display-keys';
import { linkReader, rewriteLink } from '../lib/url-state/link';
import { alarmKey, siteKey, viewKey } from '../features/watch/url-state';
import type { Language } from '../../shared/weather/units';
import { defineSkydeckLink } from './link';

/** The forecast panels' settings, each read and written through its own key as the panels do. */
interface ForecastSettings {
  days: number;
  hours: number;
  pollutants: readonly Pollutant[];
  period: 'daily' | 'hourly';
  threshold: number;
}

/**
 * The whole view, read and written through the features' keys: the link's behaviour as a
 * whole, pinned by the same cases the single view-state module was pinned by before the keys
 * moved to their features.
 */
interface ViewState {
  selection: LatLon | undefined;
  zoom: number;
  centre: LatLon | undefined;
  units: UnitSystem;
  layers: readonly MapLayer[];
  rule: LightningRule;
  lightning: LightningSearch;
  lightningHistory: LightningHistoryDay | undefined;
  lang: Language;
  panel: DockPanel | undefined;
  timeBasis: 'local' | 'utc';
  panelView: 'chart' | 'table';
  forecast: ForecastSettings;
  history: HistoryQuery;
  kiosk: KioskOptions | undefined;
}

function parseViewState(search: string): ViewState {
  const read = linkReader(search);
  return {
    selection: selectionView(read),
    zoom: read(zoomKey),
    centre: read(centreKey),
    units: read(unitsKey),
    layers: read(layersKey),
    rule: ruleView(read),
    lightning: searchView(read),
    lightningHistory: historyDayView(read),
    lang: read(langKey),
    panel: read(panelKey),
    timeBasis: read(timeBasisKey),
    panelView: read(panelViewKey),
    forecast: {
      days: read(daysKey),
      hours: read(hoursKey),
      pollutants: read(pollutantsKey),
      period: read(periodKey),
      threshold: read(thresholdKey),
    },
    history: historyQueryView(read),
    kiosk: kioskView(read),
  };
}

function serializeViewState(state: ViewState, previous = ''): string {
  return rewriteLink(previous, (set) => {
    setSelection(set, state.selection);
    set(zoomKey, state.zoom);
    set(centreKey, state.centre);
    set(unitsKey, state.units);
    set(layersKey, state.layers);
    set(stopKey, state.rule.stopKm);
    set(cautionKey, state.rule.cautionKm);
    set(clearKey, state.rule.clearMinutes);
    set(searchKmKey, state.lightning.searchKm);
    set(searchMinutesKey, state.lightning.searchMinutes);
    set(sortKey, state.lightning.sort);
    set(limitKey, state.lightning.limit);
    set(historyDayKey, state.lightningHistory?.date);
    set(historyBasisKey, state.lightningHistory?.tz ?? 'local');
    set(historyUntilKey, state.lightningHistory?.until ?? 1440);
    set(langKey, state.lang);
    set(panelKey, state.panel);
    set(timeBasisKey, state.timeBasis);
    set(panelViewKey, state.panelView);
    set(daysKey, state.forecast.days);
    set(hoursKey, state.forecast.hours);
    set(pollutantsKey, state.forecast.pollutants);
    set(periodKey, state.forecast.period);
    set(thresholdKey, state.forecast.threshold);
    setHistoryQuery(set, state.history);
    set(wallKey, state.kiosk !== undefined);
    set(rotateKey, state.kiosk?.rotateSeconds);
    set(kioskPanelsKey, state.kiosk?.panels ?? []);
    set(kioskPlacesKey, state.kiosk?.places ?? []);
    set(reloadKey, state.kiosk?.reloadAt);
  });
}

function withUnits(state: ViewState, units: UnitSystem): ViewState {
  return {
    ...state,
    units,
    forecast: {
      ...state.forecast,
      threshold: thresholdIn(state.forecast.threshold, state.units, units),
    },
  };
}

beforeAll(defineSkydeckLink);

const defaults: ViewState = {
  selection: undefined,
  zoom: worldZoom,
  centre: undefined,
  units: 'M',
  layers: [],
  // The standard rule, the watch's default policy too: 8 and 15 miles, 30 minutes.
  rule: standardLightningRule,
  lightning: { searchKm: 20, searchMinutes: 30, sort: 'distance', limit: 1000 },
  lightningHistory: undefined,
  lang: 'en',
  panel: undefined,
  timeBasis: 'local',
  panelView: 'chart',
  forecast: { days: 16, hours: 72, pollutants: [], period: 'daily', threshold: 18 },
  history: {
    dataset: 'hourly',
    location: { method: 'point' },
    startDate: undefined,
    endDate: undefined,
    date: undefined,
  },
  kiosk: undefined,
};

describe('view state in the URL', () => {
  it('reads a shared link: selection and zoom', () => {
    expect(parseViewState('?lat=40.71&lon=-74.01&z=6')).toEqual({
      ...defaults,
      selection: { lat: 40.71, lon: -74.01 },
      zoom: 6,
    });
  });

  it('reads layers, lightning safety and search settings', () => {
    expect(
      parseViewState(
        '?layers=lightning&stop_km=15&clear_min=45&lkm=75&lmin=45&lsort=time&llimit=2500',
      ),
    ).toMatchObject({
      layers: ['lightning'],
      // A link without its own caution radius keeps twice the stop radius.
      rule: { stopKm: 15, cautionKm: 30, clearMinutes: 45 },
      lightning: { searchKm: 75, searchMinutes: 45, sort: 'time', limit: 2500 },
    });
    expect(parseViewState('?stop_km=15&caution_km=18').rule).toEqual({
      stopKm: 15,
      cautionKm: 18,
      clearMinutes: 30,
    });
    // A caution radius inside the stop radius, a radius the search cannot reach or an all-clear
    // outside 10–60 minutes: the defaults.
    expect(parseViewState('?stop_km=15&caution_km=12').rule.cautionKm).toBe(30);
    expect(parseViewState('?clear_min=5&stop_km=0.5').rule).toEqual(defaults.rule);
    expect(parseViewState('?clear_min=61&stop_km=76').rule).toEqual(defaults.rule);
    // Longer than the search's look-back is a rule still (the card says it cannot confirm it).
    expect(parseViewState('?clear_min=60').rule.clearMinutes).toBe(60);
    // The standard stop radius keeps the standard caution radius; another gets twice itself.
    expect(parseViewState('?stop_km=12.9').rule).toEqual(defaults.rule);
    // Over the provider's limits, or not whole numbers: the defaults.
    expect(parseViewState('?lkm=76&lmin=46&llimit=2.5&lsort=random').lightning).toEqual(
      defaults.lightning,
    );
  });

  it('reads a day of lightning history, from 2024-08-15 on', () => {
    expect(parseViewState('?lhist=2026-07-14').lightningHistory).toEqual({
      date: '2026-07-14',
      tz: 'local',
      until: 1440,
    });
    expect(parseViewState('?lhist=2026-07-14&ltz=utc&lt=09:05').lightningHistory).toEqual({
      date: '2026-07-14',
      tz: 'utc',
      until: 9 * 60 + 5,
    });
    expect(parseViewState('?lhist=2024-08-14').lightningHistory).toBeUndefined();
    expect(parseViewState('?lhist=yesterday').lightningHistory).toBeUndefined();
  });

  it('reads the history slider as HH:MM from 00:00 to 24:00, the whole day otherwise', () => {
    const until = (lt: string) =>
      parseViewState(`?lhist=2026-07-14&lt=${lt}`).lightningHistory?.until;
    expect(until('00:00')).toBe(0);
    expect(until('23:59')).toBe(1439);
    expect(until('24:00')).toBe(1440);
    for (const bad of ['24:01', '25:00', '12:60', '9:05', '09:5', '12.30', '', 'noon'])
      expect(until(bad)).toBe(1440);
    // The slider belongs to a day: on its own it is nothing.
    expect(parseViewState('?lt=12:00').lightningHistory).toBeUndefined();
  });

  it('writes the history slider only when it stops short of the whole day', () => {
    const day = { date: '2026-07-14', tz: 'local' as const };
    expect(serializeViewState({ ...defaults, lightningHistory: { ...day, until: 1440 } })).toBe(
      '?v=3&lhist=2026-07-14',
    );
    expect(serializeViewState({ ...defaults, lightningHistory: { ...day, until: 0 } })).toBe(
      '?v=3&lhist=2026-07-14&lt=00:00',
    );
    expect(serializeViewState({ ...defaults, lightningHistory: { ...day, until: 605 } })).toBe(
      '?v=3&lhist=2026-07-14&lt=10:05',
    );
  });

  it('falls back to defaults for missing or invalid values instead of failing', () => {
    expect(parseViewState('')).toEqual(defaults);
    expect(
      parseViewState('?lat=95&lon=abc&z=-3&c=1,2,3&units=K&layers=radar&stop_km=0&clear_min=lots'),
    ).toEqual(defaults);
    expect(parseViewState('?lat=10&lon=20').zoom).toBe(placeZoom);
  });

  it('writes short keys, rounds coordinates to 4 decimals and leaves defaults out', () => {
    const search = serializeViewState({
      ...defaults,
      selection: { lat: 40.712776, lon: -74.005974 },
      zoom: placeZoom,
    });
    expect(search).toBe('?v=3&lat=40.7128&lon=-74.006');
    expect(
      serializeViewState({
        ...defaults,
        zoom: 3.456,
        centre: { lat: 10, lon: 20 },
        units: 'I',
        layers: ['lightning'],
        rule: { stopKm: 15, cautionKm: 30, clearMinutes: 45 },
        forecast: { ...defaults.forecast, threshold: 64.4 },
      }),
    ).toBe('?v=3&z=3.46&c=10,20&units=I&layers=lightning&stop_km=15&clear_min=45');
  });

  it('drops a key it owns once the state no longer has it', () => {
    expect(
      serializeViewState(defaults, '?lhist=2026-07-14&ltz=utc&lt=10:00&panel=daily&debug=1'),
    ).toBe('?v=3&debug=1');
  });

  it('keeps parameters it does not own', () => {
    const search = serializeViewState(
      parseViewState('?lat=1&lon=2&utm_source=mail'),
      '?lat=1&lon=2&utm_source=mail',
    );
    expect(new URLSearchParams(search).get('utm_source')).toBe('mail');
  });

  it('reads the chart panel and its settings under the interface parameter names', () => {
    expect(
      parseViewState(
        '?v=3&panel=airquality&hours=24&pollutants=o3,pm25,nonsense&tz=utc&panel_view=table&lang=de',
      ),
    ).toMatchObject({
      panel: 'airquality',
      timeBasis: 'utc',
      panelView: 'table',
      lang: 'de',
      forecast: { hours: 24, pollutants: ['pm25', 'o3'] },
    });
    expect(parseViewState('?panel=radar&days=17&hours=0&tp=weekly&lang=xx')).toMatchObject({
      panel: undefined,
      lang: 'en',
      forecast: { days: 16, hours: 72, period: 'daily' },
    });
  });

  it("reads the degree-day threshold in the link's units and converts it on a units switch", () => {
    const imperial = parseViewState('?panel=energy&units=I&threshold=65');
    expect(imperial.forecast.threshold).toBe(65);
    expect(withUnits(imperial, 'M').forecast.threshold).toBe(18.33);
    // Scientific units keep °C thresholds: the provider's threshold_units is C or F.
    expect(withUnits(imperial, 'S').forecast.threshold).toBe(18.33);
    // 64.4 °F is the interface's 18 °C default: the default in any units, left out of the link.
    expect(parseViewState('?units=I').forecast.threshold).toBe(64.4);
    expect(serializeViewState(parseViewState('?units=I&threshold=64.4'))).toBe('?v=3&units=I');
    expect(serializeViewState(withUnits(parseViewState(''), 'S'))).toBe('?v=3&units=S');
    // Outside what the provider takes (-100 °C to 100 °C): the default.
    expect(parseViewState('?threshold=101').forecast.threshold).toBe(18);
    expect(parseViewState('?units=I&threshold=213').forecast.threshold).toBe(64.4);
  });

  it('reads a history query under the interface parameter names, one location method', () => {
    expect(
      parseViewState(
        '?panel=history&dataset=daily&city=Raleigh&country=US&start_date=2026-01-01&end_date=2026-02-01&tz=utc',
      ),
    ).toMatchObject({
      panel: 'history',
      history: {
        dataset: 'daily',
        location: { method: 'city', city: 'Raleigh', country: 'US' },
        startDate: '2026-01-01',
        endDate: '2026-02-01',
      },
      timeBasis: 'utc',
    });
    expect(parseViewState('?station=KRDU&date=2026-07-14&dataset=lightning').history).toMatchObject(
      {
        dataset: 'lightning',
        location: { method: 'station', station: 'KRDU' },
        date: '2026-07-14',
      },
    );
    // Not dates, or not a dataset: left out rather than failing.
    expect(parseViewState('?start_date=yesterday&dataset=monthly').history).toMatchObject({
      dataset: 'hourly',
      startDate: undefined,
    });
    expect(
      serializeViewState(
        parseViewState('?panel=history&start_date=2026-01-01:06&end_date=2026-01-02'),
      ),
    ).toBe('?v=3&panel=history&start_date=2026-01-01:06&end_date=2026-01-02');
  });

  it('upgrades a version 1 link, whose time basis was `time`, and leaves version 2 alone', () => {
    expect(parseViewState('?lat=1&lon=2&time=utc').timeBasis).toBe('utc');
    expect(parseViewState('?v=1&time=utc').timeBasis).toBe('utc');
    // In version 2 `time` means nothing (and `tz` wins over an old `time`).
    expect(parseViewState('?v=2&time=utc').timeBasis).toBe('local');
    expect(parseViewState('?time=utc&tz=local').timeBasis).toBe('local');
    // Written back as the current version.
    expect(serializeViewState(parseViewState('?lat=1&lon=2&time=utc'))).toBe(
      '?v=3&lat=1&lon=2&tz=utc',
    );
    // A version from the future is read as the current one rather than refused.
    expect(parseViewState('?v=9&tz=utc').timeBasis).toBe('utc');
  });

  it('upgrades a version 2 link, whose chart/table switch was `view`, and gives `view` to the watch', () => {
    expect(parseViewState('?v=2&panel=daily&view=table').panelView).toBe('table');
    expect(parseViewState('?panel=daily&view=table').panelView).toBe('table');
    expect(serializeViewState(parseViewState('?v=2&panel=daily&view=table'))).toBe(
      '?v=3&panel=daily&panel_view=table',
    );
    // In version 3 `view` opens one of the app's views; a table is asked for by its new name.
    const board = linkReader('?v=3&view=board&site=sNvu2n2ADrti');
    expect(board(viewKey)).toBe('board');
    expect(board(siteKey)).toBe('sNvu2n2ADrti');
    expect(linkReader('?v=3&view=table')(viewKey)).toBeUndefined();
    // Only the old switch's values move: a `view=board` written under version 2 still opens it.
    expect(linkReader('?v=2&view=board')(viewKey)).toBe('board');
  });

  it('writes the watch keys first, the site only with a view and times only in the event log', () => {
    const write = (search: string) => rewriteLink(search);
    expect(write('?view=events&site=abc&since=2026-07-15T18:00Z&until=2026-07-15T19:00Z')).toBe(
      '?v=3&view=events&site=abc&since=2026-07-15T18:00Z&until=2026-07-15T19:00Z',
    );
    expect(write('?view=board&site=abc&since=2026-07-15T18:00Z&lat=1&lon=2')).toBe(
      '?v=3&view=board&site=abc&lat=1&lon=2',
    );
    expect(write('?site=abc&since=2026-07-15T18:00Z')).toBe('');
    // Not a UTC time to the minute: left out (and named by the link notice).
    expect(write('?view=events&since=2026-07-15T18:00')).toBe('?v=3&view=events');
    expect(write('?view=events&since=2026-13-45T18:00Z')).toBe('?v=3&view=events');
  });

  it('reads a wall’s alarm switch, written only on a wall, and opens the channels view', () => {
    expect(linkReader('?kiosk=1&alarm=1')(alarmKey)).toBe(true);
    expect(linkReader('?kiosk=1')(alarmKey)).toBe(false);
    expect(rewriteLink('?view=board&kiosk=1&alarm=1')).toBe('?v=3&view=board&kiosk=1&alarm=1');
    // On a desk each browser's own alarm settings decide: the key means nothing there.
    expect(rewriteLink('?view=board&alarm=1')).toBe('?v=3&view=board');
    expect(rewriteLink('?kiosk=1&alarm=0')).toBe('?v=3&kiosk=1');
    expect(linkReader('?view=channels')(viewKey)).toBe('channels');
  });

  it('opens the audit record with its time filter, and the operators without one', () => {
    expect(linkReader('?view=audit')(viewKey)).toBe('audit');
    expect(rewriteLink('?view=audit&since=2026-07-15T18:00Z&until=2026-07-16T00:00Z')).toBe(
      '?v=3&view=audit&since=2026-07-15T18:00Z&until=2026-07-16T00:00Z',
    );
    expect(rewriteLink('?view=operators&since=2026-07-15T18:00Z')).toBe('?v=3&view=operators');
  });

  it('reads kiosk options: rotation, panels, places and a daily reload', () => {
    expect(
      parseViewState(
        '?kiosk=1&rotate=30&panels=daily,airquality,radar&places=35.78,-78.64;40.71,-74.01;x&reload=04:30',
      ).kiosk,
    ).toEqual({
      rotateSeconds: 30,
      panels: ['daily', 'airquality'],
      places: [
        { lat: 35.78, lon: -78.64 },
        { lat: 40.71, lon: -74.01 },
      ],
      reloadAt: '04:30',
    });
    expect(parseViewState('?kiosk=0&rotate=30').kiosk).toBeUndefined();
    expect(parseViewState('?kiosk=1&rotate=2&reload=25:00').kiosk).toEqual({
      rotateSeconds: undefined,
      panels: [],
      places: [],
      reloadAt: undefined,
    });
  });

  it('round-trips', () => {
    const state: ViewState = {
      selection: { lat: -33.8688, lon: 151.2093 },
      zoom: 9.5,
      centre: { lat: -33, lon: 150 },
      units: 'S',
      layers: ['lightning'],
      rule: { stopKm: 8, cautionKm: 12.5, clearMinutes: 20 },
      lightning: { searchKm: 50, searchMinutes: 15, sort: 'time', limit: 200 },
      lightningHistory: { date: '2026-07-14', tz: 'utc', until: 14 * 60 + 35 },
      lang: 'zh-tw',
      panel: 'energy',
      timeBasis: 'utc',
      panelView: 'table',
      history: {
        dataset: 'airquality',
        location: { method: 'postal', postalCode: '27601', country: 'US' },
        startDate: '2026-06-01',
        endDate: '2026-06-15:12',
        date: undefined,
      },
      kiosk: {
        rotateSeconds: 20,
        panels: ['minutely', 'history'],
        places: [{ lat: 51.5074, lon: -0.1278 }],
        reloadAt: '03:00',
      },
      forecast: {
        days: 7,
        hours: 48,
        pollutants: ['pm10', 'co'],
        period: 'hourly',
        threshold: 15.5,
      },
    };
    expect(parseViewState(serializeViewState(state))).toEqual(state);
  });
});
