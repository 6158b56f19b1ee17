import { LightningToggle } from '../features/lightning/components/lightning-toggle';
import { ErrorBoundary } from '../components/error-boundary';
import { DisplaySettings } from '../features/settings/components/display-settings';
import { DemoBadge } from '../features/status/components/demo-badge';
import { WeatherMap } from '../features/map/components/weather-map';
import { PanelDock } from './panel-dock';
import { SelectionPanel } from './selection-panel';

export function App() {
  return (
    <div className="app">
      <header className="topbar">
        <h1 className="brand">
          <img src="/favicon.svg" alt="" width={22} height={22} />
          Skydeck
        </h1>
        <DemoBadge />
        <div className="topbar__tools">
          <DisplaySettings />
          <LightningToggle />
        </div>
      </header>
      <main className="workspace">
        <div className="workspace__map">
          <ErrorBoundary area="map">
            <WeatherMap />
          </ErrorBoundary>
        </div>
        <PanelDock />
        <ErrorBoundary area="weather panel">
          <SelectionPanel />
        </ErrorBoundary>
      </main>
    </div>
  );
}
