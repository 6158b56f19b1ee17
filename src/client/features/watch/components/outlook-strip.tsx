import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { OutlookDay, OutlookVerdict } from '../../../../shared/safety/outlook';
import { speedText, temperatureText } from '../../../../shared/safety/finding-text';
import { ErrorBlock, LoadingBlock } from '../../../components/panel-states';
import { outlookQueryOptions } from '../api/outlook-query';
import { useWatchReading } from '../hooks/use-watch-reading';
import './outlook-strip.css';

/** Each verdict in words, and the level whose colours it wears: the word is always shown too. */
const verdictFaces: Record<OutlookVerdict, { word: string; level: string }> = {
  go: { word: 'Go', level: 'clear' },
  marginal: { word: 'Marginal', level: 'caution' },
  no_go: { word: 'No go', level: 'stop' },
};

/** "Thu 16 Jul": a forecast date is the site's own calendar day, so it is read without a zone. */
function dayLabel(date: string): { weekday: string; day: string } {
  const noon = new Date(`${date}T12:00:00Z`);
  return {
    weekday: noon.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' }),
    day: noon.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  };
}

/**
 * The site's forecast days as go, marginal or no go by its own policy: a strip whose days give
 * their reasons on hover and on keyboard focus, and the same as a table.
 */
export default function OutlookStrip({ siteId }: { siteId: string }) {
  const outlook = useQuery(outlookQueryOptions(siteId));
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="outlook" data-testid="site-outlook">
      <h3 id={headingId} className="section-heading">
        Outlook
      </h3>
      {outlook.isPending ? (
        <LoadingBlock label="Loading the outlook" lines={2} />
      ) : outlook.isError || !outlook.data ? (
        <ErrorBlock
          title="The outlook could not be loaded"
          message={outlook.error?.message ?? 'The server sent no outlook'}
        />
      ) : (
        <>
          <p className="outlook__lead">
            Each forecast day judged with this site’s policy. Point at or tab to a day for its
            reasons.
          </p>
          <HorizonNote days={outlook.data.days} />
          <ol className="outlook__strip">
            {outlook.data.days.map((day) => (
              <OutlookCell key={day.date} day={day} />
            ))}
          </ol>
          <details className="outlook__details">
            <summary>Outlook as a table</summary>
            <OutlookTable days={outlook.data.days} />
          </details>
        </>
      )}
    </section>
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

function OutlookCell({ day }: { day: OutlookDay }) {
  const tipId = useId();
  const face = verdictFaces[day.verdict];
  const { weekday, day: date } = dayLabel(day.date);
  return (
    <li
      className={`outlook__day level--${face.level}`}
      data-verdict={day.verdict}
      // Focusable so a keyboard reaches the reasons a pointer gets on hover.
      tabIndex={0}
      aria-describedby={tipId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.currentTarget.blur();
      }}
    >
      <span className="outlook__date">
        <span className="outlook__weekday">{weekday}</span> {date}
      </span>
      <span className="outlook__verdict">{face.word}</span>
      {day.unjudged.length > 0 && <span className="outlook__unjudged">AQI not judged</span>}
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

function OutlookTable({ days }: { days: readonly OutlookDay[] }) {
  const { units } = useWatchReading();
  const figure = (value: number | null, text: (value: number) => string) =>
    value === null ? '–' : text(value);
  return (
    <div className="outlook__table-wrap">
      <table className="outlook__table">
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
                <td className={`outlook__verdict-cell level--${face.level}`}>{face.word}</td>
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
