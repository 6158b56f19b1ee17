import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Fragment, Suspense, useContext, useState } from 'react';
import type { WatchEventJson } from '../../../../shared/api/watch-answers';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/panel-states';
import { queryKeys } from '../../../lib/query-keys';
import { wallKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { eventsQueryOptions } from '../api/events-query';
import { sitesQueryOptions } from '../api/sites-query';
import { useWatchReading } from '../hooks/use-watch-reading';
import type { WatchReading } from '../lib/watch-reading';
import { WatchSlotsContext } from '../lib/watch-slots';
import { acknowledgeEvent } from '../api/watch-writes';
import { useOperator } from '../hooks/use-operator';
import { levelLabels } from '../../../../shared/safety/level-labels';
import { callsForAcknowledgement } from '../../../../shared/safety/site-policy';
import { useStreamMode } from '../stores/stream-store';
import type { EventFilter } from '../url-state';
import { LevelBadge } from './level-badge';
import '../../../components/data-table.css';
import './event-table.css';
import { FormError, WatchField } from './watch-field';

/** An event's time and its texts as the settings read them, in its site's zone. */
interface EventReading {
  at: string;
  reason: string;
  ackAt: string | undefined;
}

function readEvent(
  event: WatchEventJson,
  reading: WatchReading,
  zones: ReadonlyMap<string, string | null>,
): EventReading {
  const zone = zones.get(event.site_id);
  const at = new Date(event.at);
  return {
    at: reading.dateTime(at, zone, true),
    reason: reading.text(event.reason, zone, at),
    ackAt: event.acknowledged_at ? reading.clock(new Date(event.acknowledged_at), zone) : undefined,
  };
}

/**
 * The event log as a table, newest first, a page at a time: every change of level with its rule,
 * reason and the age of the data behind it, and who acknowledged it. A signed-in operator
 * acknowledges an event here, with a note.
 */
export function EventTable({
  filter,
  pageSize,
  deliveries: deliveryColumn = false,
}: {
  filter: EventFilter;
  pageSize: number;
  /** A column to open each event's deliveries to the alarm channels (the site page's timeline). */
  deliveries?: boolean;
}) {
  const { EventDeliveries } = useContext(WatchSlotsContext);
  const deliveries = deliveryColumn && EventDeliveries !== undefined;
  const live = useStreamMode() === 'live';
  const [openDeliveries, setOpenDeliveries] = useState<ReadonlySet<number>>(new Set());
  const events = useInfiniteQuery(eventsQueryOptions(filter, pageSize, live));
  const wall = useUrlValue(wallKey);
  const operator = useOperator();
  const canAck = operator !== undefined && !wall;
  const reading = useWatchReading();
  // Each event reads in its site's zone; a deleted site's events read in UTC, labelled so.
  const sites = useQuery(sitesQueryOptions(live));
  const zones = new Map(sites.data?.sites.map((site) => [site.id, site.timezone]));

  if (events.isPending) return <LoadingBlock label="Loading the events" lines={4} />;
  if (events.isError && !events.data)
    return (
      <ErrorBlock
        title="The events could not be loaded"
        message={events.error.message}
        onRetry={() => void events.refetch()}
      />
    );
  const rows = events.data.pages.flatMap((page) => page?.events ?? []);
  if (rows.length === 0) return <EmptyBlock>No event matches.</EmptyBlock>;
  return (
    <div className="event-table">
      <div className="data-table" tabIndex={0} role="region" aria-label="Events, newest first">
        <table>
          <caption>
            Events, newest first (
            {reading.basis === 'utc'
              ? 'times in UTC'
              : `times local to ${filter.site ? 'the site' : 'each site'}`}
            ){filter.site ? '' : ', every site'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              {!filter.site && <th scope="col">Site</th>}
              <th scope="col">Change</th>
              <th scope="col">Reason</th>
              <th scope="col">Data age</th>
              <th scope="col">Acknowledged</th>
              {deliveries && <th scope="col">Deliveries</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((event) => {
              const read = readEvent(event, reading, zones);
              return (
                <Fragment key={event.id}>
                  <tr data-testid="event-row" data-event-id={event.id}>
                    <th scope="row">{read.at}</th>
                    {!filter.site && <td>{event.site_name}</td>}
                    <td className="event-table__change">
                      <span className="visually-hidden">from </span>
                      {levelLabels[event.from]} →{' '}
                      <LevelBadge status={{ level: event.to, last_level: null }} />
                    </td>
                    <td className="event-table__reason">
                      {read.reason}
                      {event.cause && (
                        <span className="event-table__cause" data-testid="event-cause">
                          Caused by a {event.cause}
                        </span>
                      )}
                    </td>
                    <td>{event.data_age_s === null ? '—' : `${event.data_age_s} s`}</td>
                    <td className="event-table__ack">
                      <Acknowledgement event={event} read={read} canAck={canAck} />
                    </td>
                    {deliveries && (
                      <td>
                        <button
                          type="button"
                          aria-expanded={openDeliveries.has(event.id)}
                          aria-controls={`deliveries-${event.id}`}
                          onClick={() => setOpenDeliveries((open) => toggled(open, event.id))}
                        >
                          {openDeliveries.has(event.id) ? 'Hide' : 'Show'}
                          <span className="visually-hidden">
                            {' '}
                            deliveries of the change at {read.at}
                          </span>
                        </button>
                      </td>
                    )}
                  </tr>
                  {EventDeliveries && deliveries && openDeliveries.has(event.id) && (
                    <tr id={`deliveries-${event.id}`} className="event-table__deliveries">
                      <td colSpan={filter.site ? 6 : 7}>
                        <Suspense fallback={null}>
                          <EventDeliveries eventId={event.id} timeZone={zones.get(event.site_id)} />
                        </Suspense>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {events.hasNextPage && (
        <button
          type="button"
          onClick={() => void events.fetchNextPage()}
          disabled={events.isFetchingNextPage}
        >
          {events.isFetchingNextPage ? 'Loading older events…' : 'Older events'}
        </button>
      )}
      {events.isFetchNextPageError && (
        <p className="field-error" role="alert">
          {events.error?.message}
        </p>
      )}
    </div>
  );
}

function toggled(set: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

function Acknowledgement({
  event,
  read,
  canAck,
}: {
  event: WatchEventJson;
  read: EventReading;
  canAck: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (event.acknowledged_by)
    return (
      <span data-testid="acknowledged">
        By {event.acknowledged_by}
        {read.ackAt && ` at ${read.ackAt}`}
        {event.ack_note && `: “${event.ack_note}”`}
      </span>
    );
  // Only a change for the worse asks for acknowledging; a site coming clear is just recorded.
  if (!callsForAcknowledgement(event.from, event.to)) return <span>Not needed</span>;
  if (!canAck) return <span>Not yet</span>;
  return open ? (
    <AckForm event={event} onClose={() => setOpen(false)} />
  ) : (
    <button
      type="button"
      onClick={() => setOpen(true)}
      aria-label={`Acknowledge ${levelLabels[event.to]} at ${event.site_name}, ${read.at}`}
    >
      Acknowledge
    </button>
  );
}

function AckForm({ event, onClose }: { event: WatchEventJson; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const ack = useMutation({
    mutationFn: () => acknowledgeEvent(event.id, note),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.watch.events.all() }),
  });
  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    ack.mutate();
  };
  return (
    <form className="watch-form form-controls event-table__ack-form" onSubmit={onSubmit}>
      <WatchField label="Note (optional)">
        {(field) => (
          <textarea
            {...field}
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(change) => setNote(change.target.value)}
          />
        )}
      </WatchField>
      <FormError error={ack.error} />
      <div className="watch-form__actions">
        <button type="submit" className="button--primary" disabled={ack.isPending}>
          Save acknowledgement
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
