import { type LatLon, samePlace } from '../../../../shared/geo/coordinates';
import type { DockPanel } from '../../../lib/url-state/display-keys';
import { placeZoom } from '../../map/public';
import type { KioskOptions } from '../url-state';

/** What a rotation step changes: the panel and the place the wall shows. */
export interface WallView {
  panel: DockPanel | undefined;
  selection: LatLon | undefined;
  centre: LatLon | undefined;
  zoom: number;
}

/**
 * One step of a kiosk's rotation: the next panel of `panels`; after the last panel (or at
 * every step when there is at most one panel) the next place of `places`. Pure, so the order
 * is tested without clocks.
 */
export function nextRotation(state: WallView, kiosk: KioskOptions): WallView {
  const { panels, places } = kiosk;
  let next = state;
  let placeTurn = panels.length <= 1;
  if (panels.length > 1) {
    const index = state.panel ? panels.indexOf(state.panel) : -1;
    const following = (index + 1) % panels.length;
    next = { ...next, panel: panels[following] };
    placeTurn = following === 0;
  }
  if (placeTurn && places.length > 1) {
    const index = placeIndex(state, places);
    const place = places[(index + 1) % places.length] as { lat: number; lon: number };
    next = { ...next, selection: place, centre: undefined };
  }
  return next;
}

/** Where a kiosk starts: its first panel and first place, unless the link already shows one. */
export function startOfRotation(state: WallView, kiosk: KioskOptions): WallView {
  let next = state;
  if (kiosk.panels.length > 0 && (!state.panel || !kiosk.panels.includes(state.panel)))
    next = { ...next, panel: kiosk.panels[0] };
  if (kiosk.places.length > 0 && placeIndex(state, kiosk.places) === -1) {
    // A link with places but no point of its own opened at world zoom: show the place itself.
    const zoom = state.selection ? state.zoom : placeZoom;
    next = { ...next, selection: kiosk.places[0], centre: undefined, zoom };
  }
  return next;
}

function placeIndex(state: WallView, places: KioskOptions['places']): number {
  const selection = state.selection;
  if (!selection) return -1;
  return places.findIndex((place) => samePlace(place, selection));
}
