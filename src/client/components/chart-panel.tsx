import type { ReactNode } from 'react';
import { panelViewKey, timeBasisKey } from '../lib/url-state/display-keys';
import { setUrlValue, useUrlValue } from '../lib/url-state/link';
import { type Column, downloadText, toCsv } from '../lib/csv';
import { toServerTime } from '../lib/server-clock';
import type { RefreshingFamily } from '../lib/stale-times';
import { clockIn } from '../lib/time-format';
import { Freshness } from './freshness';
import { DataTable } from './data-table';
import { EmptyBlock, ErrorBlock, LoadingBlock, StaleNotice } from './panel-states';
import './chart-panel.css';

export interface ChartPanelStatus {
  pending: boolean;
  error: Error | null;
  /** When the data on screen was fetched (ms, this page's clock), 0 when there is none. */
  updatedAt: number;
  /** The place's zone, for times shown under the Times setting. */
  timeZone: string | undefined;
  onRetry: () => void;
  /** The family whose cadence the panel refreshes on; absent for data that does not (history). */
  refresh?: RefreshingFamily;
}

/**
 * The frame every chart panel shares: title and settings, a chart/table switch kept in the URL
 * (`panel_view=table`), CSV download of exactly the rows shown, and the loading, empty and error
 * states, with the last good data kept on screen when a refresh fails.
 */
export function ChartPanel<Row>(props: {
  id: string;
  title: string;
  subtitle?: string;
  settings?: ReactNode;
  status: ChartPanelStatus;
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => string;
  exportName: string;
  emptyText: string;
  /** A sentence above the chart (e.g. the next hour's summary). */
  summary?: ReactNode;
  /** More buttons beside the CSV download (e.g. a JSON export). */
  actions?: ReactNode;
  chart: (rows: readonly Row[]) => ReactNode;
}) {
  const panelView = useUrlValue(panelViewKey);
  const timeBasis = useUrlValue(timeBasisKey);
  const { status, rows } = props;
  const headingId = `${props.id}-heading`;
  const setView = (view: 'chart' | 'table') => setUrlValue(panelViewKey, view);

  let body: ReactNode;
  if (status.pending && !rows) body = <LoadingBlock label={`Loading ${props.title}`} lines={4} />;
  else if (status.error && !rows)
    body = (
      <ErrorBlock
        title={`${props.title} unavailable`}
        message={status.error.message}
        onRetry={status.onRetry}
      />
    );
  else if (!rows || rows.length === 0) body = <EmptyBlock>{props.emptyText}</EmptyBlock>;
  else
    body = (
      <>
        {status.error && (
          <StaleNotice>
            Could not refresh ({status.error.message}); showing data from{' '}
            {clockIn(new Date(toServerTime(status.updatedAt)), timeBasis, status.timeZone)}.
          </StaleNotice>
        )}
        {status.refresh && (
          <Freshness
            updatedAt={status.updatedAt}
            timeZone={status.timeZone}
            family={status.refresh}
            failing={status.error !== null}
            testId={`${props.id}-freshness`}
          />
        )}
        {props.summary}
        {panelView === 'table' ? (
          <DataTable
            caption={props.caption}
            columns={props.columns}
            rows={rows}
            rowKey={props.rowKey}
          />
        ) : (
          <div className="chart-panel__chart" data-testid={`${props.id}-chart`}>
            {props.chart(rows)}
          </div>
        )}
      </>
    );

  return (
    <section className="chart-panel" aria-labelledby={headingId} data-testid={props.id}>
      <header className="chart-panel__header">
        <div>
          <h2 id={headingId}>{props.title}</h2>
          {props.subtitle && <p className="chart-panel__subtitle">{props.subtitle}</p>}
        </div>
        {props.settings && <div className="chart-panel__settings">{props.settings}</div>}
        <div className="chart-panel__actions">
          <div className="segmented" role="group" aria-label="Show as">
            <button
              type="button"
              aria-pressed={panelView === 'chart'}
              onClick={() => setView('chart')}
            >
              Chart
            </button>
            <button
              type="button"
              aria-pressed={panelView === 'table'}
              onClick={() => setView('table')}
            >
              Table
            </button>
          </div>
          <button
            type="button"
            disabled={!rows || rows.length === 0}
            onClick={() => rows && downloadText(props.exportName, toCsv(props.columns, rows))}
          >
            Download CSV
          </button>
          {props.actions}
        </div>
      </header>
      <div className="chart-panel__body">{body}</div>
    </section>
  );
}
