import { beforeAll, describe, expect, it } from 'vitest';
import { panelKey, wallKey } from '../../../lib/url-state/display-keys';
import { defineLink, linkReader } from '../../../lib/url-state/link';
import { centreKey, selectionView, zoomKey } from '../../map/public';
import { kioskPanelsKey, kioskPlacesKey, kioskView, reloadKey, rotateKey } from '../url-state';
import { nextRotation, startOfRotation } from './rotation';

// The keys a rotation reads, as the app lists them.
beforeAll(() =>
  defineLink({
    version: 2,
    upgrades: {},
    keys: [
      panelKey,
      centreKey,
      zoomKey,
      wallKey,
      rotateKey,
      kioskPanelsKey,
      kioskPlacesKey,
      reloadKey,
    ],
  }),
);

/** A link as the rotation sees it: the wall's options and the panel and place it shows. */
function parseViewState(link: string) {
  const read = linkReader(link);
  return {
    panel: read(panelKey),
    selection: selectionView(read),
    centre: read(centreKey),
    zoom: read(zoomKey),
    kiosk: kioskView(read),
  };
}

const raleigh = { lat: 35.78, lon: -78.64 };
const newYork = { lat: 40.71, lon: -74.01 };

function steps(link: string, count: number): string[] {
  const start = parseViewState(link);
  const kiosk = start.kiosk!;
  let state = startOfRotation(start, kiosk);
  const seen = [];
  for (let step = 0; step < count; step++) {
    seen.push(`${state.panel ?? '-'}@${state.selection?.lat ?? '-'}`);
    state = nextRotation(state, kiosk);
  }
  return seen;
}

describe('kiosk rotation', () => {
  it('cycles the panels in the order given', () => {
    expect(
      steps('?kiosk=1&rotate=30&panels=daily,airquality,energy&lat=35.78&lon=-78.64', 4),
    ).toEqual(['daily@35.78', 'airquality@35.78', 'energy@35.78', 'daily@35.78']);
  });

  it('keeps the order the link gives, not a built-in one', () => {
    expect(steps('?kiosk=1&rotate=30&panels=energy,daily,energy&lat=35.78&lon=-78.64', 3)).toEqual([
      'energy@35.78',
      'daily@35.78',
      'energy@35.78',
    ]);
  });

  it('moves to the next place after the last panel', () => {
    expect(
      steps('?kiosk=1&rotate=30&panels=daily,minutely&places=35.78,-78.64;40.71,-74.01', 5),
    ).toEqual(['daily@35.78', 'minutely@35.78', 'daily@40.71', 'minutely@40.71', 'daily@35.78']);
  });

  it('moves place at every step when there is one panel or none', () => {
    expect(steps('?kiosk=1&rotate=30&places=35.78,-78.64;40.71,-74.01', 3)).toEqual([
      '-@35.78',
      '-@40.71',
      '-@35.78',
    ]);
  });

  it('starts from the link when it already shows one of the panels and places', () => {
    const start = parseViewState(
      `?kiosk=1&panels=daily,energy&panel=energy&places=35.78,-78.64;40.71,-74.01&lat=${newYork.lat}&lon=${newYork.lon}`,
    );
    expect(startOfRotation(start, start.kiosk!)).toMatchObject({
      panel: 'energy',
      selection: newYork,
    });
    const elsewhere = parseViewState('?kiosk=1&panels=daily&places=35.78,-78.64&lat=1&lon=2');
    expect(startOfRotation(elsewhere, elsewhere.kiosk!)).toMatchObject({
      panel: 'daily',
      selection: raleigh,
    });
  });
});
