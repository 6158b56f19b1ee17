import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, LoadingBlock } from '../../../components/panel-states';
import { wallKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { siteQueryOptions, sitesQueryOptions } from '../api/sites-query';
import { useOperator } from '../hooks/use-operator';
import { useWatchReading } from '../hooks/use-watch-reading';
import type { BoardSite } from '../lib/stream-cache';
import { useStreamMode } from '../stores/stream-store';
import { setEventFilter, setWatchView } from '../url-state';
import { EventTable } from './event-table';
import { LevelBadge } from './level-badge';
import { PolicySummary } from './policy-summary';
import { SiteEditor } from './site-editor';
import { AllClearCountdown, DataAge, StormLine } from './status-facts';
import { WatchLink } from './watch-link';
import './site-page.css';

/** One site: its status and every reason for it, its policy and notes, and its event timeline. */
export function SitePage({ id }: { id: string }) {
  const live = useStreamMode() === 'live';
  const board = useQuery(sitesQueryOptions(live));
  const site = board.data?.sites.find((candidate) => candidate.id === id);
  const back = (
    <WatchLink change={(set) => setWatchView(set, 'board')} className="site-page__back">
      ← All sites
    </WatchLink>
  );
  if (board.isPending) return <LoadingBlock label="Loading the site" lines={5} />;
  if (!site)
    return (
      <div className="site-page">
        {back}
        {board.isError ? (
          <ErrorBlock title="The site could not be loaded" message={board.error.message} />
        ) : (
          <p>No watched site has the id “{id}”. It may have been deleted.</p>
        )}
      </div>
    );
  return <SiteDetails site={site} back={back} />;
}

function SiteDetails({ site, back }: { site: BoardSite; back: React.ReactNode }) {
  const wall = useUrlValue(wallKey);
  const operator = useOperator();
  const canEdit = operator !== undefined && !wall;
  const reading = useWatchReading();
  const { status } = site;
  const judged = new Date(site.received_at);
  return (
    <article className="site-page" aria-labelledby="site-title" data-testid="site-page">
      {back}
      <header className="site-page__head">
        <h2 id="site-title" className="site-page__title">
          {site.name}
        </h2>
        <LevelBadge status={status} size="large" />
      </header>
      <p className="site-page__place">
        {site.lat.toFixed(4)}, {site.lon.toFixed(4)} · level since{' '}
        <span data-testid="level-since">
          {reading.clock(new Date(status.since), site.timezone)}
        </span>
      </p>
      <section className={`site-status level--${status.level}`} aria-label="Status">
        <p className="site-status__facts">
          <AllClearCountdown allClearAt={status.all_clear_at} />
          <StormLine status={status} />
          <DataAge status={status} receivedAt={site.received_at} />
        </p>
        {status.reasons.length > 0 ? (
          <ul className="site-status__reasons" data-testid="site-reasons">
            {status.reasons.map((reason) => (
              <li key={reason}>{reading.text(reason, site.timezone, judged)}</li>
            ))}
          </ul>
        ) : (
          <p className="site-status__none">No rule of the policy is met.</p>
        )}
      </section>

      <section aria-labelledby="site-timeline">
        <div className="site-page__section-head">
          <h3 id="site-timeline" className="section-heading">
            Timeline
          </h3>
          {!wall && (
            <WatchLink
              change={(set) => {
                setWatchView(set, 'events');
                setEventFilter(set, { site: site.id, since: undefined, until: undefined });
              }}
            >
              Full event log
            </WatchLink>
          )}
        </div>
        <EventTable
          filter={{ site: site.id, since: undefined, until: undefined }}
          pageSize={20}
          deliveries={!wall}
        />
      </section>

      {canEdit ? (
        <SiteEditor key={site.id} site={site} />
      ) : (
        <>
          <section aria-labelledby="site-policy">
            <h3 id="site-policy" className="section-heading">
              Policy
            </h3>
            <PolicySummary policy={site.policy} />
          </section>
          {site.notes && (
            <section aria-labelledby="site-notes">
              <h3 id="site-notes" className="section-heading">
                Notes
              </h3>
              <p className="site-page__notes">{site.notes}</p>
            </section>
          )}
        </>
      )}
      {!wall && <SiteChanges id={site.id} timeZone={site.timezone} />}
    </article>
  );
}

/** Who changed the site, and when: the record the BFF keeps of every edit. */
function SiteChanges({ id, timeZone }: { id: string; timeZone: string | null }) {
  const detail = useQuery(siteQueryOptions(id));
  const reading = useWatchReading();
  const changes = detail.data?.changes ?? [];
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="site-changes">
      <h3 id="site-changes" className="section-heading">
        Changes
      </h3>
      <ul className="site-page__changes">
        {changes.map((change, index) => (
          <li key={`${change.at}-${index}`}>
            {reading.dateTime(new Date(change.at), timeZone)} · {change.action} by {change.operator}
          </li>
        ))}
      </ul>
    </section>
  );
}
