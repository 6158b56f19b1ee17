import { beforeAll, describe, expect, it } from 'vitest';
import { daysKey } from '../features/forecast/url-state';
import { selectionView } from '../features/map/url-state';
import { canonicalLink, linkNotices, linkReader } from '../lib/url-state/link';
import { unitsKey } from '../lib/url-state/display-keys';
import { defineSkydeckLink } from './link';

beforeAll(defineSkydeckLink);

describe('notices about a link', () => {
  it('says nothing of a link Skydeck wrote itself', () => {
    const link = canonicalLink(
      '?lat=35.78&lon=-78.64&z=8&units=I&layers=lightning&lhist=2026-07-14&ltz=utc&lt=13:45&panel=history&dataset=daily&city=Raleigh&country=US&start_date=2026-01-01&end_date=2026-02-01&kiosk=1&rotate=30&panels=daily,energy&places=1,2;3,4&reload=04:00&tz=utc&threshold=65',
    );
    expect(linkNotices(link)).toEqual([]);
  });

  it('names unknown keys and invalid values, which the view ignores', () => {
    expect(linkNotices('?lat=95&lon=10&units=X&radar=on&days=17&panels=daily,radar')).toEqual([
      '“lat=95” is not valid: lat must be a number from -90 to 90',
      '“units=X” is not valid: units must be one of M, S, I',
      '“radar” is not a Skydeck setting',
      '“days=17” is not valid: days must be a whole number from 1 to 16',
      '“panels=daily,radar” is not valid: panels must be a comma-separated list of daily, minutely, airquality, energy, history',
      '“lon=10” was ignored too: it needs a valid “lat”',
    ]);
    const read = linkReader('?lat=95&lon=10&units=X&days=17');
    expect(selectionView(read)).toBeUndefined();
    expect(read(unitsKey)).toBe('M');
    expect(read(daysKey)).toBe(16);
  });

  it('judges values by the rest of the link: units for the threshold, a point needs both halves', () => {
    expect(linkNotices('?units=I&threshold=150')).toEqual([]);
    expect(linkNotices('?threshold=150')).toEqual([
      '“threshold=150” is not valid: threshold must be a number from -100 to 100 °C (-148 to 212 °F with units=I)',
    ]);
    expect(linkNotices('?stop_km=15&caution_km=12')).toEqual([
      '“caution_km=12” is not valid: caution_km must be at least the stop radius (stop_km=15) and at most 75 km',
    ]);
    expect(linkNotices('?lat=35')).toEqual(['“lat” needs “lon” too']);
    expect(linkNotices('?lhist=2024-09-01:05')).toEqual([
      '“lhist=2024-09-01:05” is not valid: lhist must be a day YYYY-MM-DD from 2024-08-15',
    ]);
  });

  it('states the range of the history slider, and that it needs a day', () => {
    expect(linkNotices('?lhist=2026-07-14&lt=24:00')).toEqual([]);
    expect(linkNotices('?lhist=2026-07-14&lt=24:30')).toEqual([
      '“lt=24:30” is not valid: lt must be a time HH:MM from 00:00 to 24:00',
    ]);
    expect(linkNotices('?lhist=2026-07-14&lt=7:00')).toEqual([
      '“lt=7:00” is not valid: lt must be a time HH:MM from 00:00 to 24:00',
    ]);
    expect(linkNotices('?lt=12:00')).toEqual([
      '“lt=12:00” is not valid: lt must be given with lhist, a day of lightning history',
    ]);
  });

  it('states the allowed range of every invalid kiosk value', () => {
    expect(linkNotices('?kiosk=1&rotate=1&places=foo;1,2,3&reload=25:99&stop_km=0')).toEqual([
      '“rotate=1” is not valid: rotate must be a whole number from 5 to 3600 seconds',
      '“places=foo;1,2,3” is not valid: places must be up to 20 places as lat,lon;lat,lon with lat from -90 to 90 and lon from -180 to 180',
      '“reload=25:99” is not valid: reload must be a time HH:MM from 00:00 to 23:59',
      '“stop_km=0” is not valid: stop_km must be a number from 1 to 75 km',
    ]);
  });

  it('accepts a version 1 link as it was written', () => {
    expect(linkNotices('?lat=1&lon=2&time=utc')).toEqual([]);
  });
});
