import { useEffect, useMemo } from 'react';
import type { LightningRule } from '../../../../shared/safety/lightning-rule';
import {
  countdownText,
  type SafetyDecision,
  safetyReading,
} from '../../../../shared/safety/lightning-safety';
import { distanceText, type UnitSystem } from '../../../../shared/weather/units';
import { timeBasisKey, unitsKey } from '../../../lib/url-state/display-keys';
import { useLinkView, useUrlValue } from '../../../lib/url-state/link';
import { ruleView } from '../url-state';
import { useServerNow } from '../../../lib/server-clock';
import { clockIn, relativeAge } from '../../../lib/time-format';
import { useLightningData } from '../hooks/use-lightning-data';
import { snapshotOf } from '../lib/strike-features';
import { countRender } from '../../../lib/render-count';
import './safety-status.css';

const labels = { stop: 'STOP', caution: 'CAUTION', clear: 'ALL CLEAR' } as const;

/**
 * The site decision, large enough to read across a room. Ages are judged on the server's clock,
 * and the status never relaxes without fresh data: see shared/safety/lightning-safety.
 */
export function SafetyStatus({ lat, lon }: { lat: number; lon: number }) {
  countRender('SafetyStatus');
  const now = useServerNow(1000);
  const { query, mode, day } = useLightningData({ lat, lon });
  const rule = useLinkView(ruleView);
  const units = useUrlValue(unitsKey);
  const timeBasis = useUrlValue(timeBasisKey);
  const snapshot = useMemo(
    () => (query.data ? snapshotOf(query.data, rule) : undefined),
    [query.data, rule],
  );
  const reading = snapshot ? safetyReading(snapshot, rule, now) : undefined;
  const confirmingSince =
    reading?.kind === 'decided' && reading.confirming ? reading.decision.clearsAt : undefined;
  const { refetch } = query;
  // A countdown that has run out asks for data from after it at once, rather than at the next
  // minute: only that data may stand the site down.
  useEffect(() => {
    if (confirmingSince !== undefined && mode === 'live') void refetch();
  }, [confirmingSince, mode, refetch]);

  if (mode === 'history') {
    return (
      <SafetyFrame tone="unknown">
        <p className="safety__level" data-testid="safety-level">
          HISTORY
        </p>
        <p className="safety__detail">
          Lightning of {day.date} ({day.tz === 'utc' ? 'UTC' : 'local'} day). The safety status is
          for live data only.
        </p>
      </SafetyFrame>
    );
  }
  if (!query.data || !reading) {
    return (
      <SafetyFrame tone="unknown">
        <p className="safety__level" data-testid="safety-level">
          {query.isError ? 'NO LIGHTNING DATA' : 'CHECKING LIGHTNING…'}
        </p>
        {query.isError && (
          <p className="safety__detail">{query.error.message}. Do not treat the site as clear.</p>
        )}
      </SafetyFrame>
    );
  }
  const zone = query.data.collection.timezone;
  const asOf = (decision: SafetyDecision) =>
    `${clockIn(new Date(decision.asOf), timeBasis, zone)} (${relativeAge(new Date(decision.asOf), new Date(now))})`;
  const ruleLine = <RuleLine rule={rule} units={units} />;

  if (reading.kind === 'no-data') {
    const last = reading.lastKnown;
    return (
      <SafetyFrame tone="unknown" lastKnown={last.level}>
        <p className="safety__level" data-testid="safety-level">
          NO CURRENT DATA
        </p>
        <p className="safety__detail" data-testid="safety-detail">
          Last known: <strong data-testid="safety-last-level">{labels[last.level]}</strong>, on
          lightning data from {asOf(last)}
          {last.nearestKm !== undefined &&
            `, nearest strike ${distanceText(units, last.nearestKm)}`}
          .{' '}
          {last.level === 'clear'
            ? 'Nothing newer has arrived: do not treat the site as clear.'
            : `Nothing newer has arrived: keep to ${labels[last.level]} until fresh data stands it down.`}
        </p>
        {ruleLine}
        <DataLine failing={query.isError} />
      </SafetyFrame>
    );
  }
  if (reading.kind === 'incomplete') {
    return (
      <SafetyFrame tone="unknown">
        <p className="safety__level" data-testid="safety-level">
          INCOMPLETE DATA
        </p>
        <p className="safety__detail" data-testid="safety-detail">
          The search returned only the {query.data.collection.features.length} newest strikes, so an
          older strike nearer the site may be missing. Order by “Nearest first” or raise the limit
          to judge the site.
        </p>
        {ruleLine}
      </SafetyFrame>
    );
  }
  const { decision, confirming } = reading;
  const countdown =
    decision.clearsAt === undefined ? undefined : countdownText(decision.clearsAt - now);
  return (
    <SafetyFrame tone={decision.level}>
      <p className="safety__level" data-testid="safety-level">
        {labels[decision.level]}
      </p>
      <p className="safety__detail" data-testid="safety-detail">
        {decision.level === 'clear'
          ? `No strike within ${distanceText(units, rule.cautionKm, { trim: true })} in the last ${rule.clearMinutes} min`
          : `Nearest strike ${distanceText(units, decision.nearestKm ?? 0)} · ${
              confirming
                ? 'checking for new strikes before standing down'
                : `${decision.level === 'stop' ? 'all clear' : 'clear'} in ${countdown}`
            }`}
      </p>
      {ruleLine}
      <p className="safety__as-of" data-testid="safety-as-of">
        Lightning data from {asOf(decision)}
      </p>
      <DataLine failing={query.isError} />
    </SafetyFrame>
  );
}

function RuleLine({ rule, units }: { rule: LightningRule; units: UnitSystem }) {
  return (
    <p className="safety__rule">
      Stop within {distanceText(units, rule.stopKm, { trim: true })} · caution within{' '}
      {distanceText(units, rule.cautionKm, { trim: true })} · all clear after {rule.clearMinutes}{' '}
      min
    </p>
  );
}

function DataLine({ failing }: { failing: boolean }) {
  return failing ? (
    <p className="safety__stale" data-testid="safety-failing">
      Cannot reach the lightning data; retrying.
    </p>
  ) : null;
}

/**
 * The status box: one look and one name for screen readers, whatever it says. Without current
 * data it keeps the last known level's edge, so a wall that lost its data does not look calmer.
 */
function SafetyFrame({
  tone,
  lastKnown,
  children,
}: {
  tone: string;
  lastKnown?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      className={`safety safety--${tone}${lastKnown ? ` safety--last-${lastKnown}` : ''}`}
      aria-label="Lightning safety status"
      role="status"
      data-testid="safety-status"
      data-level={tone}
    >
      {children}
    </section>
  );
}
