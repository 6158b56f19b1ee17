import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type Ref, useId, useRef, useState } from 'react';
import type { OutlookDay } from '../../../../shared/safety/outlook';
import { speedText, temperatureText } from '../../../../shared/safety/finding-text';
import { ErrorBlock, LoadingBlock } from '../../../components/panel-states';
import { useNow } from '../../../lib/server-clock';
import { outlookQueryOptions } from '../api/outlook-query';
import { useWatchReading } from '../hooks/use-watch-reading';
import { answerNow, daysFromToday, stepDay, verdictFaces } from '../lib/outlook-days';
import './outlook-strip.css';

/** "Thu 16 Jul": a forecast date is the site's own calendar day, so it is read without a zone. */
function dayLabel(date: string): { weekday: string; day: string } {
  const noon = new Date(`${date}T12:00:00Z`);
  return {
    weekday: noon.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' }),
    day: noon.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  };
}

/**
 * A site's outlook as its strip and tables show it: the days from the site's today on (the
 * judged copy may predate its midnight), re-read each minute so a page left open past midnight
 * drops the day gone.
 */
function useOutlook(siteId: string, timeZone: string | null | undefined) {
  const outlook = useQuery(outlookQueryOptions(siteId));
  const localNow = useNow(60_000).getTime();
  const days = outlook.data
    ? daysFromToday(
        outlook.data.days,
        answerNow(outlook.data.generated_at, outlook.dataUpdatedAt, localNow),
        timeZone,
      )
    : undefined;
  return { outlook, days };
}

const noDaysLeft = 'The outlook has no day from today on; it is renewed within the hour.';

/**
 * The site's forecast days as go, marginal or no go by its own policy: a strip whose days give
 * their reasons on hover and on keyboard focus, and the same as a table.
 */
export default function OutlookStrip({
  siteId,
  timeZone,
}: {
  siteId: string;
  timeZone: string | null;
}) {
  const { outlook, days } = useOutlook(siteId, timeZone);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="outlook" data-testid="site-outlook">
      <h3 id={headingId} className="section-heading">
        Outlook
      </h3>
      {outlook.isPending ? (
        <LoadingBlock label="Loading the outlook" lines={2} />
      ) : !days ? (
        <ErrorBlock
          title="The outlook could not be loaded"
          message={outlook.error?.message ?? 'The server sent no outlook'}
        />
      ) : days.length === 0 ? (
        <p className="outlook__lead">{noDaysLeft}</p>
      ) : (
        <>
          <p className="outlook__lead">
            Each forecast day judged with this site’s policy. Point at or tab to a day for its
            reasons.
          </p>
          <HorizonNote days={days} />
          <ol className="outlook__strip">
            {days.map((day) => (
              <OutlookCell key={day.date} day={day} />
            ))}
          </ol>
          <details className="outlook__details">
            <summary>Outlook as a table</summary>
            <OutlookTable days={days} />
          </details>
        </>
      )}
    </section>
  );
}

/**
 * The outlook on a site's card on the board: sixteen small days, each a weekday and a mark on
 * its verdict's colours, one Tab stop for the strip (the arrows go between its days), the
 * reasons under the strip while a day is pointed at or focused. Loading and failure are said in
 * words: an empty strip would read as sixteen days without a problem.
 */
export function BoardOutlook({
  siteId,
  siteName,
  timeZone,
}: {
  siteId: string;
  siteName: string;
  timeZone: string | null;
}) {
  const { outlook, days } = useOutlook(siteId, timeZone);
  if (outlook.isPending) return <p className="outlook-mini__state">Outlook loading…</p>;
  if (!days)
    return (
      <p className="outlook-mini__state outlook-mini__state--failed">
        Outlook unavailable: {outlook.error?.message ?? 'the server sent none'}
      </p>
    );
  if (days.length === 0) return <p className="outlook-mini__state">{noDaysLeft}</p>;
  return (
    <>
      <CompactStrip days={days} label={`${siteName}: outlook, ${days.length} days from today`} />
      {days.some((day) => day.unjudged.length > 0) && (
        // The strip's "*" in words, on the card itself: a wall has no legend to explain it.
        <p className="outlook-mini__state" data-testid="board-outlook-horizon">
          * AQI not judged: past the 72-hour air-quality forecast
        </p>
      )}
      {outlook.isError && (
        <p className="outlook-mini__state outlook-mini__state--failed">
          Outlook not renewed ({outlook.error.message}); showing the last one received.
        </p>
      )}
    </>
  );
}

function CompactStrip({ days, label }: { days: readonly OutlookDay[]; label: string }) {
  const [active, setActive] = useState(0);
  const cells = useRef<(HTMLLIElement | null)[]>([]);
  const current = Math.min(active, days.length - 1);
  return (
    <ol className="outlook__strip outlook__strip--compact" aria-label={label}>
      {days.map((day, index) => (
        <OutlookCell
          key={day.date}
          day={day}
          compact
          ref={(element) => {
            cells.current[index] = element;
          }}
          tabIndex={index === current ? 0 : -1}
          onFocus={() => setActive(index)}
          onKey={(event) => {
            const next = stepDay(index, event.key, days.length);
            if (next === undefined) return;
            event.preventDefault();
            cells.current[next]?.focus();
          }}
        />
      ))}
    </ol>
  );
}

function reasonsOf(day: OutlookDay): string[] {
  const judged =
    day.reasons.length > 0
      ? day.reasons
      : [
          day.unjudged.length > 0
            ? 'within every limit it was judged on'
            : 'within every limit of the policy',
        ];
  return [...judged, ...day.unjudged.map((rule) => `not judged: ${rule}`)];
}

/**
 * Where the forecast stops reaching a rule (air quality after 72 hours), the days from there are
 * judged without it: said above the strip, so a Go there is not read as a Go on every rule.
 */
function HorizonNote({ days }: { days: readonly OutlookDay[] }) {
  const first = days.find((day) => day.unjudged.length > 0);
  if (!first) return null;
  const { weekday, day } = dayLabel(first.date);
  return (
    <p className="outlook__horizon" data-testid="outlook-horizon">
      <strong>Air quality is forecast only 72 hours ahead:</strong> from {weekday} {day} the days
      are judged without it, marked “AQI not judged”. The watch judges the air on the day.
    </p>
  );
}

function OutlookCell({
  day,
  compact = false,
  ref,
  tabIndex = 0,
  onFocus,
  onKey,
}: {
  day: OutlookDay;
  compact?: boolean;
  ref?: Ref<HTMLLIElement>;
  tabIndex?: number;
  onFocus?: () => void;
  onKey?: (event: KeyboardEvent<HTMLLIElement>) => void;
}) {
  const tipId = useId();
  const face = verdictFaces[day.verdict];
  const { weekday, day: date } = dayLabel(day.date);
  return (
    <li
      ref={ref}
      className={`outlook__day level--${face.level}`}
      data-verdict={day.verdict}
      data-date={day.date}
      // Focusable so a keyboard reaches the reasons a pointer gets on hover.
      tabIndex={tabIndex}
      aria-describedby={tipId}
      onFocus={onFocus}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.currentTarget.blur();
        else onKey?.(event);
      }}
    >
      {compact ? (
        <>
          <span className="outlook__weekday">{weekday}</span>
          <span className="outlook__mark" aria-hidden="true">
            {face.mark}
            {day.unjudged.length > 0 && <span className="outlook__unjudged-mark">*</span>}
          </span>
          <span className="visually-hidden">
            {date}: {face.word}
            {day.unjudged.length > 0 && ', AQI not judged'}
          </span>
        </>
      ) : (
        <>
          <span className="outlook__date">
            <span className="outlook__weekday">{weekday}</span> {date}
          </span>
          <span className="outlook__verdict">
            <span aria-hidden="true">{face.mark}</span> {face.word}
          </span>
          {day.unjudged.length > 0 && <span className="outlook__unjudged">AQI not judged</span>}
        </>
      )}
      <span role="tooltip" id={tipId} className="outlook__tip">
        <strong>
          {weekday} {date}: {face.word}
        </strong>
        {reasonsOf(day).map((reason) => (
          <span key={reason} className="outlook__reason">
            {reason}
          </span>
        ))}
      </span>
    </li>
  );
}

/**
 * The board's table alternative: every site's days, verdicts and reasons, a table per site
 * under its name. The queries are the cards' own, so opening it asks nothing more.
 */
export function BoardOutlookTables({
  sites,
}: {
  sites: readonly { id: string; name: string; timezone: string | null }[];
}) {
  return (
    <div className="outlook__tables" data-testid="board-outlook-tables">
      {sites.map((site) => (
        <SiteOutlookTable key={site.id} site={site} />
      ))}
    </div>
  );
}

function SiteOutlookTable({
  site,
}: {
  site: { id: string; name: string; timezone: string | null };
}) {
  const { outlook, days } = useOutlook(site.id, site.timezone);
  return (
    <section className="outlook__site-table" data-site-id={site.id}>
      <h3 className="outlook__site-name">{site.name}</h3>
      {outlook.isPending ? (
        <p className="outlook-mini__state">Outlook loading…</p>
      ) : !days ? (
        <p className="outlook-mini__state outlook-mini__state--failed">
          Outlook unavailable: {outlook.error?.message ?? 'the server sent none'}
        </p>
      ) : days.length === 0 ? (
        <p className="outlook-mini__state">{noDaysLeft}</p>
      ) : (
        <OutlookTable days={days} caption={`${site.name}: outlook by day`} />
      )}
    </section>
  );
}

function OutlookTable({ days, caption }: { days: readonly OutlookDay[]; caption?: string }) {
  const { units } = useWatchReading();
  const figure = (value: number | null, text: (value: number) => string) =>
    value === null ? '–' : text(value);
  return (
    <div className="outlook__table-wrap">
      <table className="outlook__table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Verdict</th>
            <th scope="col" className="outlook__reasons-cell">
              Reasons
            </th>
            <th scope="col">Gusts</th>
            <th scope="col">Wind</th>
            <th scope="col">Heat index</th>
            <th scope="col">AQI</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => {
            const { weekday, day: date } = dayLabel(day.date);
            const face = verdictFaces[day.verdict];
            return (
              <tr key={day.date}>
                <th scope="row">
                  {weekday} {date}
                </th>
                <td className={`outlook__verdict-cell level--${face.level}`}>
                  <span aria-hidden="true">{face.mark}</span> {face.word}
                </td>
                <td className="outlook__reasons-cell">{reasonsOf(day).join('; ')}</td>
                <td>{figure(day.values.gust_ms, (v) => speedText(units, v))}</td>
                <td>{figure(day.values.wind_ms, (v) => speedText(units, v))}</td>
                <td>{figure(day.values.heat_index_c, (v) => temperatureText(units, v))}</td>
                <td>{figure(day.values.aqi, String)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
