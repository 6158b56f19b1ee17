import { describe, expect, it } from 'vitest';
import { linkNotices } from './link-notices';
import { parseViewState, serializeViewState } from './view-state';

describe('notices about a link', () => {
  it('says nothing of a link Skydeck wrote itself', () => {
    const link = serializeViewState(
      parseViewState(
        '?lat=35.78&lon=-78.64&z=8&units=I&layers=lightning&panel=history&dataset=daily&city=Raleigh&country=US&start_date=2026-01-01&end_date=2026-02-01&kiosk=1&rotate=30&panels=daily,energy&places=1,2;3,4&reload=04:00&tz=utc&threshold=65',
      ),
    );
    expect(linkNotices(link)).toEqual([]);
  });

  it('names unknown keys and invalid values, which the view ignores', () => {
    expect(linkNotices('?lat=95&lon=10&units=X&radar=on&days=17&panels=daily,radar')).toEqual([
      '“lat=95” is not a valid value',
      '“units=X” is not a valid value',
      '“radar” is not a Skydeck setting',
      '“days=17” is not a valid value',
      '“panels=daily,radar” is not a valid value',
    ]);
    const view = parseViewState('?lat=95&lon=10&units=X&days=17');
    expect(view.selection).toBeUndefined();
    expect(view.units).toBe('M');
    expect(view.forecast.days).toBe(16);
  });

  it('judges values by the rest of the link: units for the threshold, a point needs both halves', () => {
    expect(linkNotices('?units=I&threshold=150')).toEqual([]);
    expect(linkNotices('?threshold=150')).toEqual(['“threshold=150” is not a valid value']);
    expect(linkNotices('?lat=35')).toEqual(['“lat” needs “lon” too']);
    expect(linkNotices('?lhist=2024-09-01:05')).toEqual([
      '“lhist=2024-09-01:05” is not a valid value',
    ]);
  });

  it('accepts a version 1 link as it was written', () => {
    expect(linkNotices('?lat=1&lon=2&time=utc')).toEqual([]);
  });
});
