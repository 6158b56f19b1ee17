import { AlertsSection } from '../features/alerts/components/alerts-section';
import { CurrentConditions } from '../features/current/components/current-conditions';
import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../components/panel-states';
import { layersKey, selectionView } from '../features/map/url-state';
import { langKey, unitsKey, wallKey } from '../lib/url-state/display-keys';
import { useLinkView, useUrlValue } from '../lib/url-state/link';
import { countRender } from '../lib/render-count';
import './selection-panel.css';

// Lightning's safety status and controls load when the layer is switched on.
const LightningSection = lazy(() => import('./lightning-section'));

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
            <Suspense fallback={<LoadingBlock label="Loading lightning" lines={3} />}>
              <LightningSection lat={selection.lat} lon={selection.lon} />
            </Suspense>
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
