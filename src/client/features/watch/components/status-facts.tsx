import type { ConditionsJson, SiteStatusJson } from '../../../../shared/api/watch-answers';
import { levelLabels } from '../../../../shared/safety/level-labels';
import { useServerNow } from '../../../lib/server-clock';
import { unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { useTextFormat } from '../hooks/use-text-format';
import { useWatchReading } from '../hooks/use-watch-reading';
import { conditionsLine, findingLine, levelClock } from '../lib/finding-lines';
import { allClearText, dataAgeText, stormText } from '../lib/status-text';
import './status-facts.css';

/**
 * The level's countdown on the server's clock, ticking each second, whenever lightning holds the
 * level; and, when something else holds it too or instead, what and until when.
 */
export function LevelCountdown({
  status,
  timeZone,
}: {
  status: Pick<SiteStatusJson, 'level' | 'findings' | 'all_clear_at'>;
  timeZone: string | null;
}) {
  const format = useTextFormat(timeZone);
  const clock = levelClock(status, format);
  return (
    <>
      {clock.countdown && (
        <AllClearCountdown
          allClearAt={clock.countdown.at}
          label={clock.countdown.lightningOnly ? 'Lightning clears' : 'All clear'}
        />
      )}
      {clock.note && (
        <span className="status-fact status-fact--hold" data-testid="countdown-note">
          {clock.note}
        </span>
      )}
    </>
  );
}

/** A countdown on the server's clock, ticking each second. */
export function AllClearCountdown({
  allClearAt,
  label = 'All clear',
}: {
  allClearAt: string | null;
  label?: string;
}) {
  const now = useServerNow(1000);
  const text = allClearText(allClearAt, now, label);
  return text ? (
    <span className="status-fact status-fact--countdown" data-testid="all-clear">
      {text}
    </span>
  ) : null;
}

/** Every reason for the level, each with its rule, value, threshold and level. */
export function StatusReasons({
  status,
  className,
  testId,
  timeZone,
  written,
}: {
  status: Pick<SiteStatusJson, 'reasons' | 'findings' | 'level'>;
  className: string;
  testId: string;
  timeZone: string | null;
  /** When the status was judged: the day a stored reason's clock times fall on. */
  written: number;
}) {
  const format = useTextFormat(timeZone);
  const reading = useWatchReading();
  // The reasons the findings do not word (missing data) come first for no_data, as the watch
  // orders them; the findings follow in the reader's units.
  const worded = new Set(status.findings.map((finding) => finding.text));
  const others = status.reasons
    .filter((reason) => !worded.has(reason))
    .map((reason) => reading.text(reason, timeZone, new Date(written)));
  const lines = [
    ...(status.level === 'no_data' ? others : []),
    ...status.findings.map((finding) => ({ finding, text: findingLine(finding, format) })),
    ...(status.level === 'no_data' ? [] : others),
  ];
  if (lines.length === 0) return null;
  return (
    <ul className={className} data-testid={testId}>
      {lines.map((line) =>
        typeof line === 'string' ? (
          <li key={line} data-testid="site-finding">
            {line}
          </li>
        ) : (
          <li
            key={line.text}
            data-testid="site-finding"
            data-rule={line.finding.rule}
            data-level={line.finding.level}
          >
            <span className={`finding-level level--${line.finding.level}`}>
              {levelLabels[line.finding.level]}
            </span>{' '}
            <span>{line.text}</span>
          </li>
        ),
      )}
    </ul>
  );
}

/** The conditions now: temperature, wind and the WBGT flag. */
export function ConditionsLine({
  conditions,
  timeZone,
}: {
  conditions: ConditionsJson | null;
  timeZone: string | null;
}) {
  const format = useTextFormat(timeZone);
  return (
    <span className="status-fact" data-testid="conditions">
      {conditions ? conditionsLine(conditions, format) : 'No current conditions yet'}
    </span>
  );
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

/** Why the site's own station is not in use (quiet, or its clock ahead): gridded data is. */
export function StationNotice({
  status,
  timeZone,
}: {
  status: SiteStatusJson;
  timeZone: string | null;
}) {
  const reading = useWatchReading();
  const station = status.station;
  if (!station?.notice) return null;
  // The server writes the last reading's clock time in UTC: read as the Times setting asks, as
  // the station's own panel does.
  const written = new Date(station.last_reading_at ?? status.since);
  return (
    <span className="status-fact" data-testid="station-notice" role="note">
      {reading.text(station.notice, timeZone, written)}
    </span>
  );
}

export function StormLine({ status }: { status: SiteStatusJson }) {
  const units = useUrlValue(unitsKey);
  const text = stormText(status.storm, units, status.level);
  return text ? (
    <span className="status-fact" data-testid="storm">
      {text}
    </span>
  ) : null;
}
