import type { SiteStatusJson } from '../../../../shared/api/watch';
import { useServerNow } from '../../../lib/server-clock';
import { unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { allClearText, dataAgeText, stormText } from '../lib/status-text';

/** The all-clear countdown, on the server's clock, ticking each second. */
export function AllClearCountdown({ allClearAt }: { allClearAt: string | null }) {
  const now = useServerNow(1000);
  const text = allClearText(allClearAt, now);
  return text ? (
    <span className="status-fact status-fact--countdown" data-testid="all-clear">
      {text}
    </span>
  ) : null;
}

/** How old the data behind the status is, growing while no newer status arrives. */
export function DataAge({ status, receivedAt }: { status: SiteStatusJson; receivedAt: number }) {
  const now = useServerNow(5000);
  return (
    <span className="status-fact" data-testid="data-age">
      {dataAgeText(status.data_age_s, status.data_age_feed, receivedAt, now)}
    </span>
  );
}

export function StormLine({ status }: { status: SiteStatusJson }) {
  const units = useUrlValue(unitsKey);
  const text = stormText(status.storm, units);
  return text ? (
    <span className="status-fact" data-testid="storm">
      {text}
    </span>
  ) : null;
}
