import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { pushIdPrefix } from '../../../../shared/api/push';
import { channelsQueryOptions, deliveriesQueryOptions } from '../api/channels-query';
import { isFailedOutcome } from '../../../../shared/api/channel-answers';
import { useWatchReading } from '../../watch/public';
import { deliveryStatusText } from '../lib/channel-form';
import './delivery-log.css';

/**
 * Every attempt to deliver one event to the channels: when (in the event's site's zone, as the
 * Times setting says), which try, and what came back.
 */
export function DeliveryLog({
  eventId,
  timeZone,
}: {
  eventId: number;
  timeZone?: string | null | undefined;
}) {
  const reading = useWatchReading();
  const deliveries = useQuery(deliveriesQueryOptions(eventId));
  // Names for the channel ids, when this operator may read the channels.
  const channels = useQuery(channelsQueryOptions());
  const channel = (id: string) => channels.data?.find((candidate) => candidate.id === id);

  if (deliveries.isPending) return <p className="delivery-log__note">Loading the deliveries…</p>;
  if (deliveries.isError)
    return (
      <p className="delivery-log__note">
        {deliveries.error instanceof ApiError && deliveries.error.status === 401
          ? 'Sign in to see where this event was delivered.'
          : `The deliveries could not be loaded: ${deliveries.error.message}`}
      </p>
    );
  if (deliveries.data.length === 0)
    return <p className="delivery-log__note">Not sent to any channel.</p>;
  return (
    <ul
      className="delivery-log"
      aria-label={`Deliveries of event ${eventId}`}
      data-testid="deliveries"
    >
      {deliveries.data.map((delivery) => {
        const sentTo = channel(delivery.channel_id);
        return (
          <li
            key={delivery.id}
            className={isFailedOutcome(delivery.outcome) ? 'delivery-log__failed' : undefined}
          >
            {reading.dateTime(new Date(delivery.at), timeZone, true)} ·{' '}
            {sentTo?.name ??
              (delivery.channel_id.startsWith(pushIdPrefix)
                ? 'Push to an operator’s device'
                : `Channel ${delivery.channel_id}`)}{' '}
            · try {delivery.attempt} · {delivery.outcome} (
            {deliveryStatusText(sentTo?.kind, delivery.status)})
            {delivery.provider_sid && ` · sid ${delivery.provider_sid}`}
          </li>
        );
      })}
    </ul>
  );
}
