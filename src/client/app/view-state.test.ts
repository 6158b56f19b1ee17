import { describe, expect, it } from 'vitest';
import {
  parseViewState,
  placeZoom,
  serializeViewState,
  type ViewState,
  worldZoom,
  wrapLongitude,
} from './view-state';

const defaults: ViewState = {
  selection: undefined,
  zoom: worldZoom,
  centre: undefined,
  units: 'M',
  layers: [],
  stopKm: 10,
  clearMinutes: 30,
  lightning: { searchKm: 20, searchMinutes: 30, sort: 'distance', limit: 1000 },
  lightningHistory: undefined,
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
      stopKm: 15,
      clearMinutes: 45,
      lightning: { searchKm: 75, searchMinutes: 45, sort: 'time', limit: 2500 },
    });
    // Over the provider's limits, or not whole numbers: the defaults.
    expect(parseViewState('?lkm=76&lmin=46&llimit=2.5&lsort=random').lightning).toEqual(
      defaults.lightning,
    );
  });

  it('reads a day of lightning history, from 2024-08-15 on', () => {
    expect(parseViewState('?lhist=2026-07-14').lightningHistory).toEqual({
      date: '2026-07-14',
      tz: 'local',
    });
    expect(parseViewState('?lhist=2026-07-14&ltz=utc').lightningHistory).toEqual({
      date: '2026-07-14',
      tz: 'utc',
    });
    expect(parseViewState('?lhist=2024-08-14').lightningHistory).toBeUndefined();
    expect(parseViewState('?lhist=yesterday').lightningHistory).toBeUndefined();
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
    expect(search).toBe('?lat=40.7128&lon=-74.006');
    expect(
      serializeViewState({
        ...defaults,
        zoom: 3.456,
        centre: { lat: 10, lon: 20 },
        units: 'I',
        layers: ['lightning'],
        stopKm: 15,
        clearMinutes: 45,
      }),
    ).toBe('?z=3.46&c=10,20&units=I&layers=lightning&stop_km=15&clear_min=45');
  });

  it('drops a key it owns once the state no longer has it', () => {
    expect(serializeViewState(defaults, '?lhist=2026-07-14&ltz=utc&panel=daily')).toBe(
      '?panel=daily',
    );
  });

  it('keeps parameters it does not own', () => {
    const search = serializeViewState(
      parseViewState('?lat=1&lon=2&panel=daily'),
      '?lat=1&lon=2&panel=daily',
    );
    expect(new URLSearchParams(search).get('panel')).toBe('daily');
  });

  it('round-trips', () => {
    const state: ViewState = {
      selection: { lat: -33.8688, lon: 151.2093 },
      zoom: 9.5,
      centre: { lat: -33, lon: 150 },
      units: 'S',
      layers: ['lightning'],
      stopKm: 8,
      clearMinutes: 20,
      lightning: { searchKm: 50, searchMinutes: 15, sort: 'time', limit: 200 },
      lightningHistory: { date: '2026-07-14', tz: 'utc' },
    };
    expect(parseViewState(serializeViewState(state))).toEqual(state);
  });

  it('wraps longitudes from beyond the antimeridian', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(45)).toBe(45);
  });
});
