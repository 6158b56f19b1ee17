import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { standdownLimits } from '../../../../shared/api/queries';
import type { ReportSiteJson, StanddownResponse } from '../../../../shared/api/report-answers';
import { eventPaging } from '../../../../shared/api/watch';
import type { SiteJson } from '../../../../shared/api/watch-answers';
import { addDays, localDate, startOfLocalDay } from '../../../../shared/time/local-days';
import { amountAxis } from '../../../components/chart-axes';
import { ChartPanel } from '../../../components/chart-panel';
import { seriesBar } from '../../../components/chart-series';
import { ChartStack } from '../../../components/chart-stack';
import { DataTable } from '../../../components/data-table';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/panel-states';
import { serverNow } from '../../../lib/server-clock';
import { updateLink, useLinkView } from '../../../lib/url-state/link';
import { sitesQueryOptions } from '../api/sites-query';
import { EventTable } from './event-table';
import { PolicySummary } from './policy-summary';
import { WatchField } from './watch-field';
import { useOperator } from '../hooks/use-operator';
import { useStreamMode } from '../stores/stream-store';
import { type ReportFilter, reportFilterView, setReportFilter } from '../url-state';
import { reportCsvUrl, reportQueryOptions, type ReportRequest } from '../api/report-query';
import { dayColumns, dayRows, hours, hoursText, ruleShown } from '../lib/report-rows';
import './event-log.css';
import './reports-page.css';

/** A week to today (the server's UTC date) when the link names no days. */
function defaultPeriod(): { from: string; to: string } {
  const to = localDate('UTC', serverNow());
  return { from: addDays(to, -6), to };
}

/** Why a period cannot be asked for, in the words the BFF's 400 would use; undefined when fine. */
function periodProblem(from: string, to: string): string | undefined {
  if (!from || !to) return 'Give both days.';
  if (to < from) return 'The last day must not be before the first.';
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days > standdownLimits.maxDays)
    return `A report covers at most ${standdownLimits.maxDays} days.`;
  return undefined;
}

/**
 * Stand-down reports: for each site, the hours it stood at STOP per day and per rule, at CAUTION
 * and without data, over a period in its own calendar; a chart with a table beside it, totals,
 * the CSV, and a print layout with the policy in force and the event list, the page a site
 * manager attaches to a delay claim.
 */
export default function ReportsPage() {
  const operator = useOperator();
  const filter = useLinkView(reportFilterView);
  const period = filter.from && filter.to ? { from: filter.from, to: filter.to } : defaultPeriod();
  const request: ReportRequest = { site: filter.site, ...period };
  return (
    <section className="event-log reports" aria-labelledby="reports-title" data-testid="reports">
      <h2 id="reports-title" className="event-log__title">
        Stand-down report
      </h2>
      {!operator ? (
        <EmptyBlock>Sign in as an operator to see stand-down reports.</EmptyBlock>
      ) : (
        <>
          <ReportForm key={JSON.stringify(request)} filter={request} />
          {periodProblem(request.from, request.to) === undefined && <Report request={request} />}
        </>
      )}
    </section>
  );
}

function ReportForm({ filter }: { filter: ReportRequest }) {
  const live = useStreamMode() === 'live';
  const sites = useQuery(sitesQueryOptions(live));
  const [site, setSite] = useState(filter.site ?? '');
  const [from, setFrom] = useState(filter.from);
  const [to, setTo] = useState(filter.to);
  const [problem, setProblem] = useState(periodProblem(filter.from, filter.to));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const refused = periodProblem(from, to);
    setProblem(refused);
    if (refused) return;
    const next: ReportFilter = { site: site || undefined, from, to };
    updateLink((set) => setReportFilter(set, next), { history: 'push' });
  };
  const known = sites.data?.sites ?? [];
  return (
    <form
      className="watch-form form-controls event-log__filters reports__form"
      onSubmit={apply}
      aria-label="Choose the report"
    >
      <div className="watch-form__row">
        <WatchField label="Site">
          {(field) => (
            <select {...field} value={site} onChange={(event) => setSite(event.target.value)}>
              <option value="">Every site</option>
              {known.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          )}
        </WatchField>
        <WatchField label="First day" hint="In each site’s own time zone" error={problem}>
          {(field) => (
            <input
              {...field}
              type="date"
              value={from}
              required
              onChange={(event) => {
                setFrom(event.target.value);
                setProblem(undefined);
              }}
            />
          )}
        </WatchField>
        <WatchField label="Last day" hint="Included">
          {(field) => (
            <input
              {...field}
              type="date"
              value={to}
              required
              onChange={(event) => {
                setTo(event.target.value);
                setProblem(undefined);
              }}
            />
          )}
        </WatchField>
      </div>
      <div className="watch-form__actions">
        <button type="submit" className="button--primary">
          Show report
        </button>
        <a className="event-log__export" href={reportCsvUrl(filter)} download>
          Download CSV
        </a>
        <button type="button" onClick={() => window.print()}>
          Print
        </button>
      </div>
    </form>
  );
}

function Report({ request }: { request: ReportRequest }) {
  const report = useQuery(reportQueryOptions(request));
  const live = useStreamMode() === 'live';
  const sites = useQuery(sitesQueryOptions(live));
  if (report.isPending) return <LoadingBlock label="Counting the hours" lines={4} />;
  if (report.isError && !report.data)
    return (
      <ErrorBlock
        title="The report could not be made"
        message={report.error.message}
        onRetry={() => void report.refetch()}
      />
    );
  const answer = report.data;
  if (!answer || answer.sites.length === 0) return <EmptyBlock>No site is watched.</EmptyBlock>;
  const policies = new Map(sites.data?.sites.map((site) => [site.id, site]));
  return (
    <>
      <p className="reports__period">
        {answer.from} to {answer.to}
        {answer.timezone ? `, days in ${answer.timezone}` : ', each site’s days in its own zone'};
        counted to {answer.now.slice(0, 16).replace('T', ' ')} UTC from the event log.
      </p>
      {answer.sites.map((site) => (
        <SiteReport
          key={site.id}
          report={answer}
          site={site}
          watched={policies.get(site.id)}
          updatedAt={report.dataUpdatedAt}
          onRetry={() => void report.refetch()}
        />
      ))}
    </>
  );
}

const isoMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16) + 'Z';

function SiteReport({
  report,
  site,
  watched,
  updatedAt,
  onRetry,
}: {
  report: StanddownResponse;
  site: ReportSiteJson;
  watched: SiteJson | undefined;
  updatedAt: number;
  onRetry: () => void;
}) {
  const rows = dayRows(site.days);
  const headingId = `report-${site.id}-title`;
  const since = startOfLocalDay(site.timezone, report.from);
  const until = Math.min(
    startOfLocalDay(site.timezone, addDays(report.to, 1)),
    Date.parse(report.now) + 60_000,
  );
  const rules = ruleShown.filter(({ rule }) => site.by_rule[rule] > 0);
  return (
    <article className="report-site" aria-labelledby={headingId} data-testid="report-site">
      <header className="report-site__header">
        <h3 id={headingId}>{site.name}</h3>
        <p>
          {report.from} to {report.to}, days in {site.timezone}
        </p>
      </header>
      <dl className="report-site__totals" data-testid="report-totals">
        <div>
          <dt>At STOP</dt>
          <dd>{hoursText(site.stop_minutes)}</dd>
        </div>
        <div>
          <dt>Stops</dt>
          <dd>{site.stops}</dd>
        </div>
        <div>
          <dt>Longest stop</dt>
          <dd>{hoursText(site.longest_stop_minutes)}</dd>
        </div>
        {rules.map(({ rule, label }) => (
          <div key={rule}>
            <dt>STOP for {label.toLowerCase()}</dt>
            <dd>{hoursText(site.by_rule[rule])}</dd>
          </div>
        ))}
        <div>
          <dt>At CAUTION</dt>
          <dd>{hoursText(site.caution_minutes)}</dd>
        </div>
        <div>
          <dt>NO DATA</dt>
          <dd>{hoursText(site.no_data_minutes)}</dd>
        </div>
      </dl>
      <div className="report-site__chart">
        <ChartPanel
          id={`report-${site.id}`}
          title="Hours at STOP per day, by rule"
          subtitle={`Days in ${site.timezone}`}
          status={{ pending: false, error: null, updatedAt, timeZone: site.timezone, onRetry }}
          caption={`${site.name}: hours per day, ${report.from} to ${report.to}`}
          columns={dayColumns}
          rows={rows}
          rowKey={(row) => row.date}
          exportName={`skydeck-standdown-${site.id}-${report.from}-to-${report.to}.csv`}
          emptyText="No day in this period."
          chart={(shown) => (
            <ChartStack
              data={shown}
              time={{
                key: (row) => row.date,
                stamp: (row) => row.date,
                tooltipLabel: (row) => row.date,
              }}
              rows={[
                {
                  left: amountAxis(
                    'hours',
                    'Hours at STOP',
                    shown.map((row) => row.stop),
                  ),
                  series: ruleShown.map(({ rule, label, colour }) =>
                    seriesBar(rule, label, colour, { yAxisId: 'hours', stackId: 'stop' }),
                  ),
                },
              ]}
            />
          )}
        />
      </div>
      {/* Paper has no switch: the numbers go with the chart. */}
      <div className="report-site__print-table">
        <DataTable
          caption={`${site.name}: hours per day (days in ${site.timezone})`}
          columns={dayColumns}
          rows={rows}
          rowKey={(row) => row.date}
        />
      </div>
      <section className="report-site__policy" aria-label={`${site.name}: policy in force`}>
        <h4>Policy in force</h4>
        {watched ? <PolicySummary policy={watched.policy} /> : <p>Loading the site’s policy…</p>}
        <p className="report-site__note">
          The policy now; its changes are in the audit record and on the site’s page.
        </p>
      </section>
      <section className="report-site__events" aria-label={`${site.name}: events in the period`}>
        <h4>Events in the period</h4>
        <p className="report-site__note">
          STOP hours {hours(site.stop_minutes)} h from these level changes; changes recorded outside
          the site’s hours count too.
        </p>
        <EventTable
          filter={{ site: site.id, since: isoMinute(since), until: isoMinute(until) }}
          pageSize={eventPaging.maxLimit}
        />
      </section>
    </article>
  );
}
