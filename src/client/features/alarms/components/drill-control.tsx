import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hearsStopAt, kindInfo } from '../../../../shared/api/channels';
import { isFailedOutcome } from '../../../../shared/api/channel-answers';
import { queryKeys } from '../../../lib/query-keys';
import { useWatchReading } from '../../watch/public';
import { channelsQueryOptions, drillsQueryOptions, runDrill } from '../api/channels-query';
import './drill-control.css';

/**
 * "Run a drill" on a site's page, for operators: a confirm step naming every channel that would
 * hear a stop here (the server's own rule, `hearsStopAt`), then what the drill sent and how each
 * message fared. The site's level never changes.
 */
export default function DrillControl({
  siteId,
  siteName,
  timeZone,
}: {
  siteId: string;
  siteName: string;
  /** The site's own zone, for times read local to the place. */
  timeZone: string | null;
}) {
  const reading = useWatchReading();
  const [confirming, setConfirming] = useState(false);
  const client = useQueryClient();
  const channels = useQuery(channelsQueryOptions());
  const audience = (channels.data ?? []).filter((channel) => hearsStopAt(channel, siteId));
  const drill = useMutation({
    mutationFn: () => runDrill(siteId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.watch.drills(siteId) }),
    onSettled: () => setConfirming(false),
  });
  const drills = useQuery({ ...drillsQueryOptions(siteId), enabled: drill.isSuccess });
  const latest = drills.data?.find((entry) => entry.id === drill.data?.id) ?? drill.data;

  return (
    <section aria-labelledby="site-drill" className="drill-control" data-testid="drill-control">
      <h3 id="site-drill" className="section-heading">
        Drill
      </h3>
      <p className="drill-control__hint">
        Sends every channel that would hear a STOP at {siteName} a message marked DRILL, to check
        that the alarm reaches its people. The site&rsquo;s level does not change.
      </p>
      {!confirming ? (
        <button type="button" onClick={() => setConfirming(true)} disabled={drill.isPending}>
          Run a drill
        </button>
      ) : (
        <div role="group" aria-label="Confirm the drill" className="drill-control__confirm">
          {audience.length === 0 ? (
            <p>No channel would hear a STOP here: the drill would message nobody.</p>
          ) : (
            <>
              <p>
                A message marked DRILL goes to{' '}
                {audience.length === 1 ? 'this channel' : `these ${audience.length} channels`}:
              </p>
              <ul data-testid="drill-audience">
                {audience.map((channel) => (
                  <li key={channel.id}>
                    {channel.name}{' '}
                    <span className="drill-control__kind">({kindInfo(channel.kind).label})</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <button
            type="button"
            className="button--danger"
            onClick={() => drill.mutate()}
            disabled={drill.isPending || audience.length === 0}
          >
            Send the drill now
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
      {drill.isError && (
        <p role="alert" className="drill-control__error">
          {drill.error.message}
        </p>
      )}
      {latest && (
        <div role="status" data-testid="drill-result" className="drill-control__result">
          <p>
            Drill started by {latest.started_by} at {reading.clock(new Date(latest.at), timeZone)}:
            sent to {latest.deliveries.length}{' '}
            {latest.deliveries.length === 1 ? 'channel' : 'channels'}.
          </p>
          <ul>
            {latest.deliveries.map((delivery) => (
              <li
                key={delivery.channel_id}
                className={
                  delivery.outcome && isFailedOutcome(delivery.outcome)
                    ? 'drill-control__failed'
                    : undefined
                }
              >
                {delivery.name}: {delivery.outcome ?? 'on its way'}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
