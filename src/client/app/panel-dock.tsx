import { lazy, type KeyboardEvent, Suspense, useRef } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { LoadingBlock } from '../components/panel-states';
import { type DockPanel, dockPanels, panelKey } from '../lib/url-state/display-keys';
import { setUrlValue, useLinkView, useUrlValue } from '../lib/url-state/link';
import { selectionView } from '../features/map/url-state';
import { countRender } from '../lib/render-count';
import './panel-dock.css';

// Chart code (Recharts and the panels) loads only when a panel opens: the map never waits for it.
const ForecastPanel = lazy(() => import('../features/forecast/components/forecast-panel'));
const HistoryExplorer = lazy(() => import('../features/history/components/history-explorer'));

const tabNames: Record<DockPanel, string> = {
  daily: '16-day',
  minutely: 'Next hour',
  airquality: 'Air quality',
  energy: 'Energy',
  history: 'History',
};

/**
 * The dock under the map: a row of tabs (always there once a point is chosen) and the open
 * panel (`panel=` in the URL). Opening a panel is navigation, so it adds a history entry and
 * Back closes it again.
 */
export function PanelDock() {
  countRender('PanelDock');
  const selection = useLinkView(selectionView);
  const panel = useUrlValue(panelKey);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (!selection) return null;

  // Opening or closing the dock is navigation (Back undoes it); switching tabs is not.
  const open = (next: DockPanel | undefined) =>
    setUrlValue(panelKey, next, { history: panel && next ? 'replace' : 'push' });

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + dockPanels.length) % dockPanels.length;
    tabs.current[next]?.focus();
    open(dockPanels[next]);
  };
  const activeIndex = panel ? dockPanels.indexOf(panel) : 0;

  return (
    <section className={`dock${panel ? ' dock--open' : ''}`} aria-label="Charts and history">
      <div className="dock__bar">
        <div role="tablist" aria-label="Charts and history" className="dock__tabs">
          {dockPanels.map((name, index) => (
            <button
              key={name}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${name}`}
              aria-selected={panel === name}
              aria-controls={panel === name ? 'forecast-tabpanel' : undefined}
              tabIndex={index === activeIndex ? 0 : -1}
              onClick={() => open(panel === name ? undefined : name)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tabNames[name]}
            </button>
          ))}
        </div>
        {panel && (
          <button type="button" className="dock__close" onClick={() => open(undefined)}>
            Close charts
          </button>
        )}
      </div>
      {panel && (
        <div
          className="dock__panel"
          role="tabpanel"
          id="forecast-tabpanel"
          aria-labelledby={`tab-${panel}`}
        >
          <ErrorBoundary key={panel} area="chart panel">
            <Suspense fallback={<LoadingBlock label="Loading the charts" lines={4} />}>
              {panel === 'history' ? (
                <HistoryExplorer lat={selection.lat} lon={selection.lon} />
              ) : (
                <ForecastPanel panel={panel} lat={selection.lat} lon={selection.lon} />
              )}
            </Suspense>
          </ErrorBoundary>
        </div>
      )}
    </section>
  );
}
