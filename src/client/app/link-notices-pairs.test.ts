import { beforeAll, describe, expect, it } from 'vitest';
import { selectionView } from '../features/map/url-state';
import { linkNotices, linkReader } from '../lib/url-state/link';
import { defineSkydeckLink } from './link';

beforeAll(defineSkydeckLink);

/** Issue 27, item 12: what a link loses is always said, the other half of a point and its version too. */
describe('notices about the parts a link loses with others', () => {
  it('names a valid lat dropped with an invalid lon, and the other way round', () => {
    expect(linkNotices('?v=3&lat=40&lon=999')).toEqual([
      '“lon=999” is not valid: lon must be a number from -180 to 180',
      '“lat=40” was ignored too: it needs a valid “lon”',
    ]);
    expect(selectionView(linkReader('?v=3&lat=40&lon=999'))).toBeUndefined();
    expect(linkNotices('?lat=north&lon=10')).toEqual([
      '“lat=north” is not valid: lat must be a number from -90 to 90',
      '“lon=10” was ignored too: it needs a valid “lat”',
    ]);
    // Both broken: each is named once, for its own rule.
    expect(linkNotices('?lat=95&lon=999')).toEqual([
      '“lat=95” is not valid: lat must be a number from -90 to 90',
      '“lon=999” is not valid: lon must be a number from -180 to 180',
    ]);
    expect(linkNotices('?v=3&lat=40&lon=10')).toEqual([]);
  });

  it('says a link of an unknown version was read as this one', () => {
    expect(linkNotices('?v=99&view=board')).toEqual([
      '“v=99” is not a link version this Skydeck reads (1 to 3): it was read as version 3',
    ]);
    expect(linkNotices('?v=abc')).toEqual([
      '“v=abc” is not a link version this Skydeck reads (1 to 3): it was read as version 3',
    ]);
    for (const known of ['?v=1&time=utc', '?v=2', '?v=3', '?lat=1&lon=2'])
      expect(linkNotices(known), known).toEqual([]);
  });
});
