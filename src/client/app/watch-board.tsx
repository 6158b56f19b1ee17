import { lazy } from 'react';
import BoardPanel from '../features/watch/components/board-panel';
import { type WatchSlots, WatchSlotsContext } from '../features/watch/lib/watch-slots';

/**
 * The alarms' parts the board shows (its failing-channels notice, the delivery log and the drill
 * on a site's page): the app plugs them in, so the watch does not import the alarms (imports flow alarms →
 * watch). Each loads when the board shows it.
 */
const alarmParts: WatchSlots = {
  BoardNotice: lazy(() =>
    import('../features/alarms/components/failing-channels').then((module) => ({
      default: module.FailingChannels,
    })),
  ),
  EventDeliveries: lazy(() =>
    import('../features/alarms/components/delivery-log').then((module) => ({
      default: module.DeliveryLog,
    })),
  ),
  SiteDrill: lazy(() => import('../features/alarms/components/drill-control')),
  SiteNotify: lazy(() => import('../features/alarms/components/notify-device')),
};

/** The watch's board, with the alarms' parts in it. */
export default function WatchBoard() {
  return (
    <WatchSlotsContext value={alarmParts}>
      <BoardPanel />
    </WatchSlotsContext>
  );
}
