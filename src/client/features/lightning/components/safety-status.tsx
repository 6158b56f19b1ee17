import { useEffect, useMemo } from 'react';
import {
  compareRule,
  type LightningRule,
  lightningSearchReach,
} from '../../../../shared/safety/lightning-rule';
import { countdownText } from '../../../lib/countdown-text';
import {
  type SafetyDecision,
  type SafetyReading,
  safetyReading,
} from '../../../lib/lightning-safety';
import { levelLabels } from '../../../../shared/safety/level-labels';
import { distanceText, type UnitSystem } from '../../../../shared/weather/units';
import { timeBasisKey, unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { useLightningRule } from '../hooks/use-lightning-rule';
import type { WatchedSite } from '../lib/watched-site';
import { customRuleWords } from '../lib/rule-words';
import { cardHeadline } from '../lib/card-headline';
import { useServerNow } from '../../../lib/server-clock';
import { clockIn, relativeAge } from '../../../lib/time-format';
import { useLightningData } from '../hooks/use-lightning-data';
import { snapshotOf } from '../lib/strike-features';
import { countRender } from '../../../lib/render-count';
import './safety-status.css';

const labels = {
  stop: 'STOP',
  caution: 'CAUTION',
  clear: 'ALL CLEAR',
  unconfirmed: 'CANNOT CONFIRM',
} as const;

/**
 * The site decision, large enough to read across a room. Ages are judged on the server's clock,
 * and the status never relaxes without fresh data: see lib/lightning-safety.
 */
export function SafetyStatus({ lat, lon }: { lat: number; lon: number }) {
  countRender('SafetyStatus');
  const now = useServerNow(1000);
  const { query, mode, day } = useLightningData({ lat, lon });
  const { rule, baseline, site, sitesFailed } = useLightningRule({ lat, lon });
  const units = useUrlValue(unitsKey);
  const timeBasis = useUrlValue(timeBasisKey);
  // An answer kept on screen from another search (placeholder) may not reach this rule.
  const answer = query.isPlaceholderData ? undefined : query.data;
  const snapshot = useMemo(() => (answer ? snapshotOf(answer, rule) : undefined), [answer, rule]);
  const reading = snapshot ? safetyReading(snapshot, rule, now) : undefined;
  const comparison = compareRule(rule, baseline);
  const baselineName = site ? `the policy of ${site.name}` : 'the standard';
  // What the standard (or the site's policy) decides on the same strikes, when the rule differs.
  const baselineReading =
    answer && !comparison.same
      ? safetyReading(snapshotOf(answer, baseline), baseline, now)
      : undefined;
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
  const siteLine = site ? <WatchedSiteLine site={site} /> : null;
  const custom = customRuleWords(rule, baseline, units, baselineName);
  const customLine = custom ? (
    <>
      <p
        className={`safety__custom${custom.weaker ? ' safety__custom--weaker' : ''}`}
        data-testid="safety-custom-rule"
        data-weaker={custom.weaker}
      >
        {custom.text}.
      </p>
      {baselineReading && (
        <p
          className={`safety__baseline safety__baseline--${baselineLevel(baselineReading)}`}
          data-testid="safety-baseline"
        >
          {site ? `The policy of ${site.name}` : 'The standard rule'} says{' '}
          {readingWords(baselineReading, units)}.
        </p>
      )}
    </>
  ) : null;
  const sitesNote = sitesFailed ? (
    <p className="safety__stale" data-testid="safety-sites-failed">
      The watch’s sites could not be loaded: judged by the standard rule, not a site’s policy.
    </p>
  ) : null;

  if (!answer || !reading) {
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
  const zone = answer.collection.timezone;
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
        {customLine}
        {ruleLine}
        {siteLine}
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
          The search returned only the {answer.collection.features.length} newest strikes, so an
          older strike nearer the site may be missing. Order by “Nearest first” or raise the limit
          to judge the site.
        </p>
        {customLine}
        {ruleLine}
        {siteLine}
      </SafetyFrame>
    );
  }
  const { decision, confirming } = reading;
  const countdown =
    decision.clearsAt === undefined ? undefined : countdownText(decision.clearsAt - now);
  const headline = cardHeadline(decision.level, comparison.weaker, site?.level);
  return (
    <SafetyFrame tone={headline.tone}>
      <p className="safety__level" data-testid="safety-level">
        {headline.label}
      </p>
      <p className="safety__detail" data-testid="safety-detail">
        {headline.lightningOnly && 'Lightning: '}
        {decision.level === 'clear'
          ? `No strike within ${distanceText(units, rule.cautionKm, { trim: true })} in the last ${rule.clearMinutes} min`
          : decision.level === 'unconfirmed'
            ? `${
                decision.nearestKm === undefined
                  ? 'No strike'
                  : `Nearest strike ${distanceText(units, decision.nearestKm)}, none within ${distanceText(units, rule.stopKm, { trim: true })}`
              } in the last ${lightningSearchReach.minutes} min, the farthest back the map's search reaches; the rule's all clear takes ${rule.clearMinutes} min, so a strike before that may still hold STOP. Keep to STOP, or watch the place as a site: the watch keeps its own clock.`
            : `Nearest strike ${distanceText(units, decision.nearestKm ?? 0)} · ${
                confirming
                  ? 'checking for new strikes before standing down'
                  : `${decision.level === 'stop' ? 'all clear' : 'clear'} in ${countdown}`
              }`}
      </p>
      {siteLine}
      {customLine}
      {ruleLine}
      {sitesNote}
      <p className="safety__as-of" data-testid="safety-as-of">
        Lightning data from {asOf(decision)}
      </p>
      <DataLine failing={query.isError} />
    </SafetyFrame>
  );
}

/** The level a reading shows, for its colour: none without a decision to show. */
function baselineLevel(reading: SafetyReading): string {
  if (reading.kind === 'no-data') return 'unknown';
  if (reading.kind === 'incomplete' && reading.decision.level !== 'stop') return 'unknown';
  return reading.decision.level;
}

/** "STOP (nearest strike 5.2 km)", what a reading decides, in a sentence. */
function readingWords(reading: SafetyReading, units: UnitSystem): string {
  if (reading.kind === 'no-data') return 'nothing: its data is old';
  if (reading.kind === 'incomplete' && reading.decision.level !== 'stop')
    return 'nothing yet: the search was cut off';
  const { level, nearestKm } = reading.decision;
  return nearestKm === undefined
    ? labels[level]
    : `${labels[level]} (nearest strike ${distanceText(units, nearestKm)})`;
}

/** The watch's own level for the watched site at the point, and that its policy is the rule. */
function WatchedSiteLine({ site }: { site: WatchedSite }) {
  return (
    <p
      className={`safety__site safety__site--${site.level}`}
      data-testid="safety-watched-site"
      data-level={site.level}
    >
      Watched site <strong>{site.name}</strong>: the watch says{' '}
      <strong data-testid="safety-watch-level">{levelLabels[site.level]}</strong>
      {site.reasons.length > 0 && ` (${site.reasons.join('; ')})`}. Its policy is this card’s
      standard.
    </p>
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
