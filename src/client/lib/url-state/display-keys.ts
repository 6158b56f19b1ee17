import { providerDefaults } from '../../../shared/api/provider-params';
import { languages, unitSystems } from '../../../shared/weather/units';
import { choiceKey, flagKey, urlKey } from './url-key';

/**
 * The keys every part of the dashboard reads: units, language, the time basis, and which panel
 * is open under the map and how. Shared components show them, so they live below the features.
 */

export const unitsKey = choiceKey('units', unitSystems, providerDefaults.units);

/** Language of the provider's texts (condition descriptions, wind directions). */
export const langKey = choiceKey('lang', languages, providerDefaults.lang);

/**
 * Times on charts and tables in the place's zone or UTC (tz): the history explorer asks the
 * provider in the same basis, under the interface's own name for it.
 */
export const timeBasisKey = choiceKey('tz', ['local', 'utc'], 'local');

export const forecastPanels = ['daily', 'minutely', 'airquality', 'energy'] as const;
export type ForecastPanel = (typeof forecastPanels)[number];
/** The panels of the dock under the map: the forecast charts and the history explorer. */
export const dockPanels = [...forecastPanels, 'history'] as const;
export type DockPanel = (typeof dockPanels)[number];

/** The chart panel open under the map. */
export const panelKey = urlKey<DockPanel | undefined>('panel', {
  parse: (raw) => dockPanels.find((panel) => panel === raw),
  fallback: undefined,
  allowed: `one of ${dockPanels.join(', ')}`,
});

/** The open panel as a chart or as its table (`view` until link version 3). */
export const panelViewKey = choiceKey('panel_view', ['chart', 'table'], 'chart');

/** Wall-screen mode (kiosk=1): large type, no controls, its own rotation (features/kiosk). */
export const wallKey = flagKey('kiosk');
