import { useQuery } from '@tanstack/react-query';
import { alertsQueryOptions } from '../features/alerts/api/alerts-query';
import { AlertsSection } from '../features/alerts/components/alerts-section';
import { KioskClock } from '../features/kiosk/components/kiosk-clock';
import { selectionView } from '../features/map/url-state';
import { timeBasisKey } from '../lib/url-state/display-keys';
import { useLinkView, useUrlValue } from '../lib/url-state/link';
import './wall-parts.css';

/** The wall's clock in the place's zone, which the alerts answer (fetched anyway) states. */
export function PlaceClock() {
  const selection = useLinkView(selectionView);
  const timeBasis = useUrlValue(timeBasisKey);
  const alerts = useQuery({
    ...alertsQueryOptions(selection ?? { lat: 0, lon: 0 }),
    enabled: selection !== undefined,
  });
  return <KioskClock timeBasis={timeBasis} timeZone={alerts.data?.timezone} />;
}

/** A wall's alerts in a strip of their own: never pushed off screen by the panel above them. */
export function WallAlerts() {
  const selection = useLinkView(selectionView);
  if (!selection) return null;
  return (
    <div className="wall-alerts">
      <AlertsSection lat={selection.lat} lon={selection.lon} />
    </div>
  );
}
