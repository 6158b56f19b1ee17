import { useUrlValue } from '../../../lib/url-state/link';
import { setWatchView, viewKey, type WatchView } from '../url-state';
import { WatchLink } from './watch-link';
import './watch-nav.css';

const items: { view: WatchView | undefined; label: string }[] = [
  { view: undefined, label: 'Map' },
  { view: 'board', label: 'Board' },
  { view: 'events', label: 'Event log' },
  { view: 'channels', label: 'Channels' },
];

/**
 * The app's views: the weather map, the board of watched sites, the event log, and the channels
 * the server sends alarms through.
 */
export function WatchNav() {
  const view = useUrlValue(viewKey);
  return (
    <nav className="watch-nav" aria-label="Views">
      {items.map((item) => (
        <WatchLink
          key={item.label}
          change={(set) => setWatchView(set, item.view)}
          current={view === item.view}
          className="watch-nav__item"
        >
          {item.label}
        </WatchLink>
      ))}
    </nav>
  );
}
