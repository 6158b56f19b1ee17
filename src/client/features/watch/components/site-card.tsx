import { useWatchReading } from '../hooks/use-watch-reading';
import type { BoardSite } from '../lib/stream-cache';
import { openSite } from '../url-state';
import { LevelBadge } from './level-badge';
import { AllClearCountdown, DataAge, StormLine } from './status-facts';
import { WatchLink } from './watch-link';

/** One site on the board: its level in colour and words, why, and for how long. */
export function SiteCard({ site, wall }: { site: BoardSite; wall: boolean }) {
  const { status } = site;
  const reading = useWatchReading();
  const first = status.reasons[0];
  const reason =
    first === undefined
      ? 'No rule of its policy is met'
      : reading.text(first, site.timezone, new Date(site.received_at));
  return (
    <li
      className={`site-card level--${status.level}${status.level === 'no_data' && status.last_level ? ` level--edge-${status.last_level}` : ''}`}
      data-testid="site-card"
      data-site-id={site.id}
      data-level={status.level}
    >
      <div className="site-card__head">
        <LevelBadge status={status} />
        <h3 className="site-card__name">
          {wall ? (
            site.name
          ) : (
            <WatchLink change={(set) => openSite(set, site)}>{site.name}</WatchLink>
          )}
        </h3>
      </div>
      <p className="site-card__reason" data-testid="site-reason">
        {reason}
      </p>
      <p className="site-card__facts">
        <AllClearCountdown allClearAt={status.all_clear_at} />
        <StormLine status={status} />
        <DataAge status={status} receivedAt={site.received_at} />
      </p>
    </li>
  );
}
