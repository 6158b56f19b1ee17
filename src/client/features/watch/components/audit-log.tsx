import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AuditEntryJson } from '../../../../shared/api/operator-answers';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/panel-states';
import { updateLink, useLinkView } from '../../../lib/url-state/link';
import { auditCsvUrl, auditQueryOptions } from '../api/admin-query';
import { useIsAdmin, useOperator } from '../hooks/use-operator';
import { fromInput, toInput } from '../lib/instant-input';
import { setTimeFilter, type TimeFilter, timeFilterView } from '../url-state';
import '../../../components/data-table.css';
import './admin.css';
import './event-log.css';
import { TimeRangeFields } from './time-range-fields';

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

/** What changed, as short text: `role: admin, disabled: true`. */
const detailText = (detail: AuditEntryJson['detail']) =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');

/**
 * The audit record, for admins: who changed which site, policy, channel or operator, who
 * acknowledged what, who signed in and which sign-ins failed, from which address. Filtered by
 * time (in the link), paged, and exported whole as CSV. Nothing here can be changed: the record
 * is append-only down to the database.
 */
export default function AuditLog() {
  const operator = useOperator();
  const admin = useIsAdmin();
  const filter = useLinkView(timeFilterView);
  return (
    <section className="event-log" aria-labelledby="audit-title" data-testid="audit">
      <h2 id="audit-title" className="event-log__title">
        Audit record
      </h2>
      {!operator ? (
        <EmptyBlock>Sign in as an admin to see the audit record.</EmptyBlock>
      ) : !admin ? (
        <EmptyBlock>The audit record is for admins: ask one to show it to you.</EmptyBlock>
      ) : (
        <>
          <AuditFilterForm key={JSON.stringify(filter)} filter={filter} />
          <AuditTable filter={filter} />
        </>
      )}
    </section>
  );
}

function AuditFilterForm({ filter }: { filter: TimeFilter }) {
  const [since, setSince] = useState(toInput(filter.since));
  const [until, setUntil] = useState(toInput(filter.until));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    updateLink((set) => setTimeFilter(set, { since: fromInput(since), until: fromInput(until) }), {
      history: 'push',
    });
  };
  return (
    <form
      className="watch-form form-controls event-log__filters"
      onSubmit={apply}
      aria-label="Filter the audit record"
    >
      <div className="watch-form__row">
        <TimeRangeFields since={since} until={until} onSince={setSince} onUntil={setUntil} />
      </div>
      <div className="watch-form__actions">
        <button type="submit" className="button--primary">
          Apply filter
        </button>
        <a className="event-log__export" href={auditCsvUrl(filter)} download>
          Export CSV
        </a>
      </div>
    </form>
  );
}

function AuditTable({ filter }: { filter: TimeFilter }) {
  const entries = useInfiniteQuery(auditQueryOptions(filter, 100));
  if (entries.isPending) return <LoadingBlock label="Loading the audit record" lines={4} />;
  if (entries.isError && !entries.data)
    return (
      <ErrorBlock
        title="The audit record could not be loaded"
        message={entries.error.message}
        onRetry={() => void entries.refetch()}
      />
    );
  const rows = entries.data.pages.flatMap((page) => page?.entries ?? []);
  if (rows.length === 0) return <EmptyBlock>No entry matches.</EmptyBlock>;
  return (
    <div className="event-table">
      <div
        className="data-table audit-table"
        tabIndex={0}
        role="region"
        aria-label="Audit record, newest first"
      >
        <table>
          <caption>Audit record, newest first (times in UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Time (UTC)</th>
              <th scope="col">Operator</th>
              <th scope="col">Address</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.id} data-testid="audit-row">
                <th scope="row">{utc(entry.at)}</th>
                <td>{entry.operator ?? '—'}</td>
                <td>{entry.address}</td>
                <td>{entry.action}</td>
                <td>{entry.target}</td>
                <td className="audit-table__detail">{detailText(entry.detail)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entries.hasNextPage && (
        <button
          type="button"
          onClick={() => void entries.fetchNextPage()}
          disabled={entries.isFetchingNextPage}
        >
          {entries.isFetchingNextPage ? 'Loading older entries…' : 'Older entries'}
        </button>
      )}
      {entries.isFetchNextPageError && (
        <p className="field-error" role="alert">
          Older entries could not be loaded: {entries.error?.message}
        </p>
      )}
    </div>
  );
}
