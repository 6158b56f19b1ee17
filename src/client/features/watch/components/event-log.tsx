import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { updateLink, useLinkView } from '../../../lib/url-state/link';
import { eventsCsvUrl } from '../api/events-query';
import { sitesQueryOptions } from '../api/sites-query';
import { useStreamMode } from '../stores/stream-store';
import { type EventFilter, eventFilterView, setEventFilter } from '../url-state';
import { fromInput, toInput } from '../lib/instant-input';
import { EventTable } from './event-table';
import './event-log.css';
import { TimeRangeFields } from './time-range-fields';
import { WatchField } from './watch-field';

/**
 * The permanent record of every change of level: filtered by site and time (in the link, so a
 * filtered log can be shared), paged, acknowledged, and exported whole as CSV.
 */
export default function EventLog() {
  const filter = useLinkView(eventFilterView);
  return (
    <section className="event-log" aria-labelledby="event-log-title">
      <h2 id="event-log-title" className="event-log__title">
        Event log
      </h2>
      <EventFilterForm key={JSON.stringify(filter)} filter={filter} />
      <EventTable filter={filter} pageSize={50} />
    </section>
  );
}

function EventFilterForm({ filter }: { filter: EventFilter }) {
  const live = useStreamMode() === 'live';
  const sites = useQuery(sitesQueryOptions(live));
  const [site, setSite] = useState(filter.site ?? '');
  const [since, setSince] = useState(toInput(filter.since));
  const [until, setUntil] = useState(toInput(filter.until));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    updateLink(
      (set) =>
        setEventFilter(set, {
          site: site || undefined,
          since: fromInput(since),
          until: fromInput(until),
        }),
      { history: 'push' },
    );
  };
  const known = sites.data?.sites ?? [];
  return (
    <form
      className="watch-form form-controls event-log__filters"
      onSubmit={apply}
      aria-label="Filter events"
    >
      <div className="watch-form__row">
        <WatchField label="Site">
          {(field) => (
            <select {...field} value={site} onChange={(event) => setSite(event.target.value)}>
              <option value="">Every site</option>
              {known.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
              {site && !known.some((candidate) => candidate.id === site) && (
                <option value={site}>Site {site} (no longer watched)</option>
              )}
            </select>
          )}
        </WatchField>
        <TimeRangeFields since={since} until={until} onSince={setSince} onUntil={setUntil} />
      </div>
      <div className="watch-form__actions">
        <button type="submit" className="button--primary">
          Apply filter
        </button>
        <a className="event-log__export" href={eventsCsvUrl(filter)} download>
          Export CSV
        </a>
        <span className="watch-form__note">
          The export holds every event the filter matches, not only the pages shown.
        </span>
      </div>
    </form>
  );
}
