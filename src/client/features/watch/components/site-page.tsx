import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useContext } from 'react';
import { z } from 'zod';
import { policyChangeText } from '../../../../shared/safety/policy-diff';
import { ErrorBlock, LoadingBlock } from '../../../components/panel-states';
import { wallKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { siteQueryOptions, sitesQueryOptions } from '../api/sites-query';
import type { SiteChange } from '../../../../shared/api/watch-answers';
import { useOperator } from '../hooks/use-operator';
import { useWatchReading } from '../hooks/use-watch-reading';
import type { BoardSite } from '../lib/stream-cache';
import { useStreamMode } from '../stores/stream-store';
import { setEventFilter, setWatchView } from '../url-state';
import { EventTable } from './event-table';
import { LevelBadge } from './level-badge';
import { PolicySummary } from './policy-summary';
import { SiteEditor } from './site-editor';
import {
  ConditionsLine,
  DataAge,
  LevelCountdown,
  StationNotice,
  StatusReasons,
  StormLine,
} from './status-facts';
import { WatchSlotsContext } from '../lib/watch-slots';
import { WatchLink } from './watch-link';
import './site-page.css';

/** Operators only, and with its QR encoder: a chunk of its own, loaded when the page shows it. */
const SharePanel = lazy(() => import('./share-panel'));
// Its own chunk: the forecast days are asked for only when a site's page opens.
const OutlookStrip = lazy(() => import('./outlook-strip'));
// Recharts and the readings: only a site with a station of its own asks for them.
const StationChart = lazy(() => import('./station-chart'));

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
  const { SiteDrill, SiteNotify } = useContext(WatchSlotsContext);
  const reading = useWatchReading();
  const { status } = site;
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
          <LevelCountdown status={status} timeZone={site.timezone} />
          <StormLine status={status} />
          <ConditionsLine conditions={status.conditions} timeZone={site.timezone} />
          <StationNotice status={status} timeZone={site.timezone} />
          <DataAge status={status} receivedAt={site.received_at} />
        </p>
        {status.reasons.length > 0 ? (
          <StatusReasons
            status={status}
            className="site-status__reasons"
            testId="site-reasons"
            timeZone={site.timezone}
            written={site.received_at}
          />
        ) : (
          <p className="site-status__none">No rule of the policy is met.</p>
        )}
      </section>

      <Suspense fallback={null}>
        <OutlookStrip siteId={site.id} timeZone={site.timezone} />
      </Suspense>

      {status.station && (
        <Suspense fallback={null}>
          <StationChart
            station={status.station}
            conditions={status.conditions}
            timeZone={site.timezone}
          />
        </Suspense>
      )}

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
      {canEdit && SiteDrill && (
        <Suspense fallback={null}>
          <SiteDrill siteId={site.id} siteName={site.name} timeZone={site.timezone} />
        </Suspense>
      )}
      {canEdit && (
        <Suspense fallback={null}>
          <SharePanel siteId={site.id} siteName={site.name} />
        </Suspense>
      )}
      {canEdit && SiteNotify && (
        <Suspense fallback={null}>
          <SiteNotify siteId={site.id} siteName={site.name} />
        </Suspense>
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
          <li key={`${change.at}-${index}`} data-testid="site-change">
            {reading.dateTime(new Date(change.at), timeZone)} ·{' '}
            {reading.text(siteChangeText(change), timeZone, new Date(change.at))}
          </li>
        ))}
      </ul>
    </section>
  );
}

const changedFields = z.object({
  name: z.string().optional(),
  lat: z.number().optional(),
  lon: z.number().optional(),
  notes: z.string().optional(),
  policy: z.unknown().optional(),
  policy_changes: z
    .array(
      z.object({
        field: z.string(),
        from: z.union([z.string(), z.number(), z.null()]),
        to: z.union([z.string(), z.number(), z.null()]),
      }),
    )
    .optional(),
});

/**
 * A change in words: "policy edited by admin: lightning stop ring 12.9 km → 30 km", "renamed
 * and moved by admin", "created by demo".
 */
function siteChangeText(change: SiteChange): string {
  const by = `by ${change.operator}`;
  if (change.action === 'create') return `created ${by}`;
  if (change.action === 'delete') return `deleted ${by}`;
  const detail = changedFields.safeParse(change.detail);
  if (!detail.success) return `${change.action} ${by}`;
  const { policy_changes: diff, policy: edited, ...rest } = detail.data;
  // A change recorded before edits kept their diff says only that the policy was edited.
  const policy = diff ?? (edited === undefined ? undefined : []);
  const other = [
    rest.name !== undefined && 'renamed',
    (rest.lat !== undefined || rest.lon !== undefined) && 'moved',
    rest.notes !== undefined && 'notes changed',
  ].filter(Boolean);
  const parts = [
    ...(policy
      ? [
          `policy edited ${by}${policy.length > 0 ? `: ${policy.map(policyChangeText).join('; ')}` : ''}`,
        ]
      : []),
    ...(other.length > 0 ? [`${other.join(', ')} ${by}`] : []),
  ];
  return parts.join(' · ') || `edited ${by}`;
}
