import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { LoadingBlock } from '../components/panel-states';
import { MapPlaceholder } from '../features/map/components/map-placeholder';
import { useDailyReload } from '../features/kiosk/hooks/use-daily-reload';
import { useDeploymentCheck } from '../features/kiosk/hooks/use-deployment-check';
import { useKioskRotation } from '../features/kiosk/hooks/use-kiosk-rotation';
import { usePixelShift } from '../features/kiosk/hooks/use-pixel-shift';
import { useWakeLock } from '../features/kiosk/hooks/use-wake-lock';
import { LightningToggle } from '../features/lightning/components/lightning-toggle';
import { PlaceSearch } from '../features/places/components/place-search';
import { CopyLink } from '../features/settings/components/copy-link';
import { DisplaySettings } from '../features/settings/components/display-settings';
import { DemoBadge } from '../features/status/components/demo-badge';
import { LinkNotice } from './link-notice';
import { PanelDock } from './panel-dock';
import { SettingsMenu } from './settings-menu';
import { SelectionPanel } from './selection-panel';
import { kioskView } from '../features/kiosk/url-state';
import { updateLink, useLinkView, useUrlValue } from '../lib/url-state/link';
import { PlaceClock, WallAlerts } from './wall-parts';
import { countRender } from '../lib/render-count';
import { WatchNav } from '../features/watch/components/watch-nav';
import { viewKey } from '../features/watch/url-state';
import { useAfterFirstPaint, useFirstFramePainted } from './use-after-first-paint';
import './link-notice.css';
import './app.css';

// The map (MapLibre, a third of a megabyte compressed) loads once the page's first contentful
// paint is on screen: the page is drawn, and readable, while it comes.
const DashboardMap = lazy(() =>
  import('./dashboard-map').then((module) => ({ default: module.DashboardMap })),
);
// The watch's views load when opened: the map dashboard never waits for them.
const BoardPanel = lazy(() => import('./watch-board'));
const EventLog = lazy(() => import('../features/watch/components/event-log'));
const LiveStatus = lazy(() => import('../features/watch/components/live-status'));
const SessionControl = lazy(() => import('../features/watch/components/session-control'));
const ChannelsPanel = lazy(() => import('../features/alarms/components/channels-panel'));
const AuditLog = lazy(() => import('../features/watch/components/audit-log'));
const OperatorsPanel = lazy(() => import('../features/watch/components/operators-panel'));
const ReportsPage = lazy(() => import('../features/watch/components/reports-page'));
// The alarms run on every view, loaded once the first screen is up.
const AlarmRunner = lazy(() => import('../features/alarms/components/alarm-runner'));
const AlarmControl = lazy(() => import('../features/alarms/components/alarm-control'));

export function App() {
  countRender('App');
  const kiosk = useLinkView(kioskView);
  const wall = kiosk !== undefined;
  const view = useUrlValue(viewKey);
  useKioskRotation(kiosk);
  useWakeLock(wall);
  useDailyReload(kiosk?.reloadAt);
  const shift = usePixelShift(wall);
  const updateAvailable = useDeploymentCheck(wall);
  const mapShown = view === undefined || view === 'board';
  // The address bar shows the link as this version writes it (an old link upgraded, values and
  // keys it could not use dropped, as the notice said), so a copied link is a clean one.
  useEffect(() => updateLink(() => undefined, { dropUnknown: true }), []);
  // Large type for a room: rem-based sizes scale from the root.
  useEffect(() => {
    document.documentElement.classList.toggle('kiosk', wall);
  }, [wall]);

  return (
    <div
      className={`app${wall ? ' app--kiosk' : ''}`}
      style={wall ? { transform: `translate(${shift.x}px, ${shift.y}px)` } : undefined}
      data-testid="app"
    >
      <header className="topbar">
        <h1 className="brand">
          <img src="/favicon.svg" alt="" width={22} height={22} />
          Skydeck
        </h1>
        <DemoBadge />
        {!wall && <WatchNav />}
        <AfterFirstPaint>
          <AlarmRunner />
        </AfterFirstPaint>
        {view && (
          <Suspense fallback={null}>
            <LiveStatus />
          </Suspense>
        )}
        {wall && <PlaceClock />}
        {!wall && (
          <div className="topbar__tools">
            {view && (
              <Suspense fallback={null}>
                <SessionControl />
              </Suspense>
            )}
            <PlaceSearch />
            <SettingsMenu>
              <DisplaySettings />
              <LightningToggle />
              <CopyLink />
              <AfterFirstPaint>
                <AlarmControl />
              </AfterFirstPaint>
            </SettingsMenu>
          </div>
        )}
      </header>
      <LinkNotice wall={wall} />
      {updateAvailable && (
        <div className="link-notice" role="status">
          <p>A new version of Skydeck is available.</p>
          <button type="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      )}
      <main className={`workspace${view ? ` workspace--${view}` : ''}`}>
        {mapShown && (
          <div className="workspace__map">
            <ErrorBoundary area="map">
              <MapAfterFirstPaint watch={view === 'board'} />
            </ErrorBoundary>
          </div>
        )}
        {view === undefined && (
          <>
            <PanelDock />
            <ErrorBoundary area="weather panel">
              <SelectionPanel />
            </ErrorBoundary>
            {wall && (
              <ErrorBoundary area="alerts">
                <WallAlerts />
              </ErrorBoundary>
            )}
          </>
        )}
        {view === 'board' && (
          <div className="workspace__board">
            <ErrorBoundary area="board">
              <Suspense fallback={<LoadingBlock label="Loading the board" lines={5} />}>
                <BoardPanel />
              </Suspense>
            </ErrorBoundary>
          </div>
        )}
        {view === 'events' && (
          <div className="workspace__events">
            <ErrorBoundary area="event log">
              <Suspense fallback={<LoadingBlock label="Loading the event log" lines={5} />}>
                <EventLog />
              </Suspense>
            </ErrorBoundary>
          </div>
        )}
        {view === 'channels' && (
          <div className="workspace__events">
            <ErrorBoundary area="channels">
              <Suspense fallback={<LoadingBlock label="Loading the channels" lines={5} />}>
                <ChannelsPanel />
              </Suspense>
            </ErrorBoundary>
          </div>
        )}
        {view === 'audit' && (
          <div className="workspace__events">
            <ErrorBoundary area="audit record">
              <Suspense fallback={<LoadingBlock label="Loading the audit record" lines={5} />}>
                <AuditLog />
              </Suspense>
            </ErrorBoundary>
          </div>
        )}
        {view === 'operators' && (
          <div className="workspace__events">
            <ErrorBoundary area="operators">
              <Suspense fallback={<LoadingBlock label="Loading the operators" lines={5} />}>
                <OperatorsPanel />
              </Suspense>
            </ErrorBoundary>
          </div>
        )}
        {view === 'reports' && (
          <div className="workspace__events">
            <ErrorBoundary area="reports">
              <Suspense fallback={<LoadingBlock label="Loading the reports" lines={5} />}>
                <ReportsPage />
              </Suspense>
            </ErrorBoundary>
          </div>
        )}
      </main>
    </div>
  );
}

/**
 * The map once the page's first contentful paint is on screen, the placeholder until then. Its
 * own component, so that the moment re-renders the map's slot, not the whole app.
 */
function MapAfterFirstPaint({ watch }: { watch: boolean }) {
  if (!useFirstFramePainted()) return <MapPlaceholder />;
  return (
    <Suspense fallback={<MapPlaceholder />}>
      <DashboardMap watch={watch} />
    </Suspense>
  );
}

/** `children` once the first screen is up (useAfterFirstPaint), re-rendering only themselves. */
function AfterFirstPaint({ children }: { children: ReactNode }) {
  if (!useAfterFirstPaint()) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
