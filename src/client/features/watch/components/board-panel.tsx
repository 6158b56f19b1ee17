import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, lazy, Suspense, useContext, useRef, useState } from 'react';
import { useElementSize } from '../../../components/chart-measure';
import { ErrorBlock, LoadingBlock } from '../../../components/panel-states';
import { wallKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { sitesQueryOptions } from '../api/sites-query';
import { useOperator } from '../hooks/use-operator';
import { useWallPage, useWholeLines } from '../hooks/use-wall';
import { boardOrder, levelCounts } from '../lib/board-order';
import { verdictFaces } from '../lib/outlook-days';
import type { BoardSite } from '../lib/stream-cache';
import { wallGap, wallGrid, wallPage } from '../lib/wall-grid';
import { WatchSlotsContext } from '../lib/watch-slots';
import { levelLabels } from '../../../../shared/safety/level-labels';
import { useStreamMode } from '../stores/stream-store';
import { siteKey } from '../url-state';
import { AddSiteForm } from './add-site-form';
import { SiteCard } from './site-card';
import { SitePage } from './site-page';
import './board-panel.css';

const BoardOutlookTables = lazy(() =>
  import('./outlook-strip').then((module) => ({ default: module.BoardOutlookTables })),
);

/** The panel beside the map in the board view: every site, or one site's page. */
export default function BoardPanel() {
  const site = useUrlValue(siteKey);
  return site ? <SitePage id={site} /> : <Board />;
}

function Board() {
  const wall = useUrlValue(wallKey);
  const operator = useOperator();
  const { BoardNotice } = useContext(WatchSlotsContext);
  const live = useStreamMode() === 'live';
  const board = useQuery(sitesQueryOptions(live));
  const [adding, setAdding] = useState(false);
  const canEdit = operator !== undefined && !wall;

  if (board.isPending) return <LoadingBlock label="Loading the watched sites" lines={5} />;
  if (board.isError && !board.data)
    return (
      <ErrorBlock
        title="The watched sites could not be loaded"
        message={board.error.message}
        onRetry={() => void board.refetch()}
      />
    );
  const sites = boardOrder(board.data.sites);
  const counts = levelCounts(sites);
  return (
    <section className="board" aria-labelledby="board-title">
      <div className="board__head">
        <h2 id="board-title" className="board__title">
          Watched sites
        </h2>
        {/* Announced when a site changes level, not on every second of a countdown. */}
        <p className="board__summary" data-testid="board-summary" role="status">
          {counts.length === 0
            ? 'None yet'
            : counts.map((entry) => `${entry.count} ${levelLabels[entry.level]}`).join(' · ')}
        </p>
        {canEdit && !adding && (
          <button type="button" className="button--primary" onClick={() => setAdding(true)}>
            Add site
          </button>
        )}
      </div>
      {/* Everyone, walls too: a dead alarm channel matters most to whoever relies on it. */}
      {BoardNotice && (
        <Suspense fallback={null}>
          <BoardNotice />
        </Suspense>
      )}
      {canEdit && adding && <AddSiteForm onClose={() => setAdding(false)} />}
      {board.isError && (
        <p className="board__stale" role="status">
          Cannot refresh the board ({board.error.message}); showing the last statuses received.
        </p>
      )}
      {sites.length === 0 ? (
        <p className="board__empty">
          No site is watched yet.{' '}
          {canEdit ? 'Add one with “Add site”.' : !wall && 'Sign in to add one.'}
        </p>
      ) : wall ? (
        <WallSites sites={sites} />
      ) : (
        <>
          <OutlookKey sites={sites} />
          <ol className="board__sites" aria-label="Sites, worst first" data-testid="board">
            {sites.map((site) => (
              <SiteCard key={site.id} site={site} wall={false} />
            ))}
          </ol>
        </>
      )}
      {!wall && board.data.spend.limit !== null && (
        <p className="board__spend">
          The watch spends about {board.data.spend.units_per_day.toLocaleString('en')} of{' '}
          {board.data.spend.limit.toLocaleString('en')} units a day ({board.data.spend.limit_source}
          ).
        </p>
      )}
    </section>
  );
}

/**
 * What the cards' outlook strips mean, and their table alternative: every site's days with
 * verdicts and reasons, loaded (its code) when first opened. A wall has neither: nobody at a
 * wall points or tabs, and its marks speak for themselves.
 */
function OutlookKey({ sites }: { sites: readonly BoardSite[] }) {
  const [open, setOpen] = useState(false);
  const faces = Object.values(verdictFaces);
  return (
    <div className="board__outlook" data-testid="board-outlook-key">
      <p className="board__outlook-legend">
        Outlook strips: the next 16 days,{' '}
        {faces.map((face, index) => (
          <span key={face.level} className={`board__outlook-face level--${face.level}`}>
            <span aria-hidden="true">{face.mark}</span> {face.word.toLowerCase()}
            {index < faces.length - 1 ? ', ' : ''}
          </span>
        ))}
        . Point at a day, or tab to a strip and use the arrows, for its reasons.
      </p>
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>Outlook as a table</summary>
        {open && (
          <Suspense fallback={<p className="board__empty">Loading the outlook tables…</p>}>
            <BoardOutlookTables sites={sites} />
          </Suspense>
        )}
      </details>
    </div>
  );
}

/**
 * A wall's sites: all of them on the screen at once, in a grid whose cells set the cards' type
 * (wall-grid.ts), or in pages, worst first, when one screen cannot hold them at a readable size.
 */
function WallSites({ sites }: { sites: readonly BoardSite[] }) {
  const [area, size] = useElementSize<HTMLDivElement>();
  const list = useRef<HTMLOListElement>(null);
  const grid = size ? wallGrid({ ...size, gap: wallGap }, sites.length) : undefined;
  const page = useWallPage(grid?.pages ?? 1);
  useWholeLines(list, grid !== undefined);
  const pages = grid?.pages ?? 1;
  const shown = grid ? wallPage(sites, grid, page) : [];
  const style = grid && {
    '--wall-columns': grid.columns,
    '--wall-rows': grid.rows,
    '--wall-scale': grid.scale,
    gap: `${wallGap}px`,
  };
  return (
    <>
      {pages > 1 && (
        <p className="board__page" data-testid="wall-page">
          Page {page + 1} of {pages}
        </p>
      )}
      <div className="board__wall" ref={area}>
        {grid && (
          <ol
            ref={list}
            className="board__sites"
            aria-label={
              pages > 1 ? `Sites, worst first, page ${page + 1} of ${pages}` : 'Sites, worst first'
            }
            data-testid="board"
            style={style as CSSProperties}
          >
            {shown.map((site) => (
              <SiteCard key={site.id} site={site} wall />
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
