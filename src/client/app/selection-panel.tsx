import { AlertsSection } from '../features/alerts/components/alerts-section';
import { CurrentConditions } from '../features/current/components/current-conditions';
import { LightningControls } from '../features/lightning/components/lightning-controls';
import { LightningHistoryControls } from '../features/lightning/components/lightning-history-controls';
import { LightningPolar } from '../features/lightning/components/lightning-polar';
import { SafetySettings } from '../features/lightning/components/safety-settings';
import { SafetyStatus } from '../features/lightning/components/safety-status';
import { layersKey, selectionView } from '../features/map/url-state';
import { langKey, unitsKey, wallKey } from '../lib/url-state/display-keys';
import { useLinkView, useUrlValue } from '../lib/url-state/link';
import { countRender } from '../lib/render-count';
import './selection-panel.css';

/** The side panel: the weather at the selected point, or how to pick one. */
export function SelectionPanel() {
  countRender('SelectionPanel');
  const selection = useLinkView(selectionView);
  const units = useUrlValue(unitsKey);
  const lang = useUrlValue(langKey);
  const lightningOn = useUrlValue(layersKey).includes('lightning');
  const wall = useUrlValue(wallKey);
  return (
    <aside className="panel" aria-label="Weather at the selected point">
      {selection ? (
        <>
          {lightningOn && (
            <>
              <SafetyStatus lat={selection.lat} lon={selection.lon} />
              <SafetySettings />
              <LightningHistoryControls lat={selection.lat} lon={selection.lon} />
              <LightningControls lat={selection.lat} lon={selection.lon} />
              <LightningPolar lat={selection.lat} lon={selection.lon} />
            </>
          )}
          <CurrentConditions lat={selection.lat} lon={selection.lon} units={units} lang={lang} />
          {/* A wall shows its alerts in a strip of their own, where they always fit. */}
          {!wall && <AlertsSection lat={selection.lat} lon={selection.lon} />}
        </>
      ) : (
        <div className="panel__hint">
          <h2>Pick a place</h2>
          <p>Click anywhere on the map to see its current conditions and active alerts.</p>
          <p>With the keyboard: focus the map, pan with the arrow keys, and press Enter.</p>
        </div>
      )}
    </aside>
  );
}
