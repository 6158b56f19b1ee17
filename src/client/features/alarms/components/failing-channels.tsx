import { useQuery } from '@tanstack/react-query';
import { channelsQueryOptions } from '../api/channels-query';
import { setWatchView, WatchLink } from '../../watch/public';

/**
 * On the board, for everyone (channel reads are open, their targets redacted): the alarm channels
 * whose deliveries fail, so a dead webhook is seen before the stop it should have carried.
 * Nothing when every channel works (or none can be read).
 */
export function FailingChannels() {
  const channels = useQuery(channelsQueryOptions());
  const failing = (channels.data ?? []).filter((channel) => channel.failing);
  if (failing.length === 0) return null;
  return (
    <p className="board__failing" role="status" data-testid="failing-channels">
      {failing.length === 1
        ? 'An alarm channel is failing'
        : `${failing.length} alarm channels are failing`}
      : {failing.map((channel) => channel.name).join(', ')}.{' '}
      <WatchLink change={(set) => setWatchView(set, 'channels')}>See the channels</WatchLink>
    </p>
  );
}
