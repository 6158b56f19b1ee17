import { useUrlValue } from '../../../lib/url-state/link';
import { useIsAdmin } from '../hooks/use-operator';
import { setWatchView, viewKey, type WatchView } from '../url-state';
import { WatchLink } from './watch-link';
import './watch-nav.css';

const items: { view: WatchView | undefined; label: string; admin?: true }[] = [
  { view: undefined, label: 'Map' },
  { view: 'board', label: 'Board' },
  { view: 'events', label: 'Event log' },
  { view: 'channels', label: 'Channels' },
  { view: 'reports', label: 'Reports' },
  { view: 'audit', label: 'Audit', admin: true },
  { view: 'operators', label: 'Operators', admin: true },
];

/**
 * The app's views: the weather map, the board of watched sites, the event log, the channels
 * the server sends alarms through, the stand-down reports, and for an admin the audit record
 * and the operators.
 */
export function WatchNav() {
  const view = useUrlValue(viewKey);
  const admin = useIsAdmin(view !== undefined);
  return (
    <nav className="watch-nav" aria-label="Views">
      {items.map(
        (item) =>
          (!item.admin || admin || view === item.view) && (
            <WatchLink
              key={item.label}
              change={(set) => setWatchView(set, item.view)}
              current={view === item.view}
              className="watch-nav__item"
            >
              {item.label}
            </WatchLink>
          ),
      )}
    </nav>
  );
}
