import { lazy, Suspense } from 'react';
import type { BoardSite } from '../lib/stream-cache';
import { openSite } from '../url-state';
import { LevelBadge } from './level-badge';
import { ConditionsLine, DataAge, LevelCountdown, StatusReasons, StormLine } from './status-facts';
import { WatchLink } from './watch-link';

const BoardOutlook = lazy(() =>
  import('./outlook-strip').then((module) => ({ default: module.BoardOutlook })),
);

/**
 * One site on the board: its level in colour and words, every reason for it, for how long (or
 * what holds it), the conditions now, and its outlook for the days ahead.
 */
export function SiteCard({ site, wall }: { site: BoardSite; wall: boolean }) {
  const { status } = site;
  return (
    <li
      className={`site-card level--${status.level}${status.level === 'no_data' && status.last_level ? ` level--edge-${status.last_level}` : ''}`}
      data-testid="site-card"
      data-site-id={site.id}
      data-level={status.level}
      data-off-hours={status.off_hours ? 'true' : undefined}
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
      {status.reasons.length > 0 ? (
        <StatusReasons
          status={status}
          className="site-card__reason"
          testId="site-reason"
          timeZone={site.timezone}
          written={site.received_at}
        />
      ) : (
        <p className="site-card__reason" data-testid="site-reason">
          No rule of its policy is met
        </p>
      )}
      <p className="site-card__facts">
        <LevelCountdown status={status} timeZone={site.timezone} />
        <StormLine status={status} />
        <ConditionsLine conditions={status.conditions} timeZone={site.timezone} />
        <DataAge status={status} receivedAt={site.received_at} />
      </p>
      {/* One box, loading or loaded, so a wall hides it whole when its cell has no room. */}
      <div className="site-card__outlook" data-testid="board-outlook">
        <Suspense fallback={<p className="outlook-mini__state">Outlook loading…</p>}>
          <BoardOutlook siteId={site.id} siteName={site.name} timeZone={site.timezone} />
        </Suspense>
      </div>
    </li>
  );
}
