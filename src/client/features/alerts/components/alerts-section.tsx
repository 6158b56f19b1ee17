import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Alert } from '../../../../shared/weather/alert-schema';
import { timeBasisKey, wallKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { Freshness } from '../../../components/freshness';
import {
  EmptyBlock,
  ErrorBlock,
  LoadingBlock,
  StaleNotice,
} from '../../../components/panel-states';
import { dateTimeIn, parseUtcStamp } from '../../../lib/time-format';
import { alertsQueryOptions } from '../api/alerts-query';
import './alerts-section.css';

const severityRank = { Warning: 0, Watch: 1, Advisory: 2 } as const;

/** A wall lists this many alerts; more become a ticker, since a wall screen cannot scroll. */
const wallListMax = 1;
/** How long each alert stays on a wall's ticker: long enough to read a title twice. */
const tickerMs = 8_000;

export function AlertsSection({ lat, lon }: { lat: number; lon: number }) {
  const query = useQuery(alertsQueryOptions({ lat, lon }));
  const wall = useUrlValue(wallKey);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <LoadingBlock label="Checking for alerts" lines={2} />;
  } else if (query.isError && !query.data) {
    body = (
      <ErrorBlock
        title="Alerts unavailable"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    const alerts = [...(query.data?.alerts ?? [])].sort(
      (a, b) => severityRank[a.severity] - severityRank[b.severity],
    );
    const timeZone = query.data?.timezone ?? 'UTC';
    body = (
      <>
        {query.isError && (
          <StaleNotice>Could not refresh alerts; showing the last good list.</StaleNotice>
        )}
        {alerts.length === 0 ? (
          <EmptyBlock>No active alerts</EmptyBlock>
        ) : wall && alerts.length > wallListMax ? (
          <AlertTicker alerts={alerts} timeZone={timeZone} />
        ) : (
          <ul className="alerts">
            {alerts.map((alert) => (
              <AlertItem
                key={`${alert.title}|${alert.onset_utc}`}
                alert={alert}
                timeZone={timeZone}
              />
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <section className="alerts-section" aria-labelledby="alerts-heading">
      <h2 id="alerts-heading" className="section-heading">
        Alerts
        {query.data && query.data.alerts.length > 0 && (
          <span className="count-badge">{query.data.alerts.length}</span>
        )}
      </h2>
      {query.data !== undefined && (
        <Freshness
          updatedAt={query.dataUpdatedAt}
          timeZone={query.data?.timezone}
          family="alerts"
          failing={query.isError}
          testId="alerts-freshness"
        />
      )}
      {body}
    </section>
  );
}

/**
 * Long lists on a wall: one alert at a time, the most severe first, each for a few seconds,
 * with its place in the list. It steps rather than scrolls, so it can be read and does not move
 * under prefers-reduced-motion.
 */
function AlertTicker({ alerts, timeZone }: { alerts: readonly Alert[]; timeZone: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((current) => current + 1), tickerMs);
    return () => window.clearInterval(timer);
  }, []);
  const shown = index % alerts.length;
  const alert = alerts[shown] as Alert;
  return (
    <div className="alert-ticker" data-testid="alert-ticker">
      <p className="alert-ticker__position" aria-live="off">
        {shown + 1} of {alerts.length}
      </p>
      <ul className="alerts">
        <AlertItem key={`${alert.title}|${alert.onset_utc}`} alert={alert} timeZone={timeZone} />
      </ul>
    </div>
  );
}

function AlertItem({ alert, timeZone }: { alert: Alert; timeZone: string }) {
  const timeBasis = useUrlValue(timeBasisKey);
  const when = (stamp: string) => dateTimeIn(parseUtcStamp(stamp), timeBasis, timeZone);
  // The provider keeps a leading space on every region after the first.
  const regions = alert.regions.map((region) => region.trim()).filter(Boolean);
  return (
    <li className={`alert alert--${alert.severity.toLowerCase()}`}>
      <p className="alert__severity">{alert.severity}</p>
      <h3 className="alert__title">{alert.title}</h3>
      <p className="alert__times">
        Effective {when(alert.effective_utc)} · Expires {when(alert.expires_utc)}
      </p>
      {regions.length > 0 && <p className="alert__regions">{regions.join(' · ')}</p>}
      <details className="alert__details">
        <summary>Details</summary>
        <p>{alert.description}</p>
      </details>
    </li>
  );
}
