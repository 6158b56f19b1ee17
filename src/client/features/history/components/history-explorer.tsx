import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { minutesPerDay } from '../../../lib/day-clock';
import { langKey, panelKey, timeBasisKey, unitsKey } from '../../../lib/url-state/display-keys';
import { updateLink, useLinkView, useUrlValue } from '../../../lib/url-state/link';
import { searchView, setHistoryDay } from '../../lightning/public';
import { layersKey } from '../../map/public';
import { historyQueryView, setHistoryQuery } from '../url-state';
import { EmptyBlock, ErrorBlock } from '../../../components/panel-states';
import { ApiError } from '../../../lib/api-client';
import { useNow } from '../../../lib/server-clock';
import { clientConfigQueryOptions } from '../../../lib/client-config-query';
import { historyQueryOptions, historySpendOptions } from '../api/history-query';
import { historyCostQueryOptions, quotaQueryOptions } from '../api/quota-query';
import { defaultRange, type PlannedRequest, planHistory } from '../lib/history-plan';
import { HistoryCost, type RunState } from './history-cost';
import { HistoryForm } from './history-form';
import { HistoryResults } from './history-results';
import './history-explorer.css';

const planNames = {
  free: 'Free',
  standard: 'Standard',
  plus: 'Plus',
  business: 'Business',
  enterprise: 'Enterprise',
} as const;

/**
 * The history explorer (`panel=history`): build a query, see its cost, confirm, and read the
 * result. A link fills the form but never spends quota: a query runs only when the user asks
 * (and confirms a cost at or over the threshold), or when the BFF already has it cached.
 */
export default function HistoryExplorer({ lat, lon }: { lat: number; lon: number }) {
  const query = useLinkView(historyQueryView);
  const units = useUrlValue(unitsKey);
  const lang = useUrlValue(langKey);
  const lightning = useLinkView(searchView);
  const timeBasis = useUrlValue(timeBasisKey);
  const now = useNow(60_000);
  const today = now.toISOString().slice(0, 10);
  const queryClient = useQueryClient();

  // A query without dates starts from a sensible range, written to the URL so the link says it.
  const missingDates =
    query.dataset === 'lightning' ? !query.date : !query.startDate && !query.endDate;
  useEffect(() => {
    if (!missingDates) return;
    updateLink((set, read) =>
      setHistoryQuery(set, defaultRange(historyQueryView(read).dataset, today)),
    );
  }, [missingDates, query.dataset, today]);

  const plan = planHistory(query, {
    point: { lat, lon },
    units,
    lang,
    lightning,
    today,
    tz: timeBasis,
  });
  const request = plan.request;
  const parts = request?.parts ?? [];
  const costs = useQueries({
    queries: parts.map((part) =>
      historyCostQueryOptions(request?.endpoint ?? 'history/hourly', part.params),
    ),
  });
  const quota = useQuery(quotaQueryOptions());
  const config = useQuery(clientConfigQueryOptions());

  const planKey = request ? planKeyOf(request) : '';
  // Keyed by the plan, so a changed query needs its own confirmation and shows its own outcome.
  const [confirmingKey, setConfirmingKey] = useState<string | undefined>(undefined);
  const confirming = confirmingKey === planKey;
  // Every part already in the BFF's cache: showing it is free, and needs no confirmation.
  const free =
    request !== undefined && costs.length > 0 && costs.every((cost) => cost.data?.cached === true);
  const noRequest: PlannedRequest = { endpoint: 'history/hourly', parts: [], units: 0, reason: '' };
  const results = useQuery({
    ...historyQueryOptions(request ?? noRequest),
    enabled: request !== undefined && free,
  });
  // The spend's variables are the plan it was for: only that plan shows its progress and error.
  const spend = useMutation(historySpendOptions(queryClient));
  const ownSpend = spend.variables && planKeyOf(spend.variables) === planKey ? spend : undefined;
  const run = () => {
    if (!request) return;
    setConfirmingKey(undefined);
    spend.mutate(request);
  };

  const state: RunState =
    ownSpend?.isPending || results.isFetching ? 'running' : confirming ? 'confirming' : 'idle';
  const error = ownSpend?.error ?? (results.data ? null : results.error);
  const answered = results.data?.answers.filter((answer) => answer.data !== null) ?? [];

  return (
    <section className="history" aria-labelledby="history-heading" data-testid="history">
      <div className="history__query">
        <h2 id="history-heading">History</h2>
        <HistoryForm
          query={query}
          point={{ lat, lon }}
          problems={plan.problems}
          today={today}
          tz={timeBasis}
        />
        <HistoryCost
          plan={plan}
          cached={free}
          quota={quota.data ?? undefined}
          state={state}
          onRun={() => setConfirmingKey(planKey)}
          onConfirm={run}
          onCancel={() => setConfirmingKey(undefined)}
        />
      </div>
      <div className="history__results">
        {error ? (
          <ErrorBlock
            title="The history query failed"
            message={explain(error, config.data?.plan ?? null)}
          />
        ) : results.data && answered.length === 0 ? (
          <EmptyBlock>The provider has no history for this query.</EmptyBlock>
        ) : results.data ? (
          <HistoryResults
            result={{ ...results.data, answers: answered }}
            units={units}
            fileDate={
              query.dataset === 'lightning' ? (query.date ?? today) : (query.startDate ?? today)
            }
            status={{
              pending: false,
              error: null,
              updatedAt: results.dataUpdatedAt,
              timeZone: placeZone(answered[0]?.data),
              onRetry: () => undefined,
            }}
            onShowOnMap={() =>
              updateLink(
                (set, read) => {
                  const layers = read(layersKey);
                  if (!layers.includes('lightning')) set(layersKey, [...layers, 'lightning']);
                  setHistoryDay(
                    set,
                    query.date
                      ? { date: query.date, tz: timeBasis, until: minutesPerDay }
                      : undefined,
                  );
                  set(panelKey, undefined);
                },
                { history: 'push' },
              )
            }
          />
        ) : (
          <p className="history__empty">
            {state === 'running'
              ? 'Fetching history…'
              : 'Build a query and run it: nothing is fetched, and no quota spent, until you do.'}
          </p>
        )}
      </div>
    </section>
  );
}

function planKeyOf(request: PlannedRequest): string {
  return JSON.stringify([request.endpoint, request.parts]);
}

/** Errors in the words of the person who has to act on them. */
function explain(error: Error, plan: keyof typeof planNames | null): string {
  if (error instanceof ApiError && error.status === 403) {
    const current = plan ? ` Skydeck is on the ${planNames[plan]} plan.` : '';
    return `Historical data needs a Plus, Business or Enterprise plan.${current} (${error.message})`;
  }
  if (error instanceof ApiError && error.status === 429)
    return `The provider’s quota is used up for now: ${error.message}`;
  return error.message;
}

/** The place's zone from a history answer (every dataset states one), if it has one. */
function placeZone(data: unknown): string | undefined {
  const zone = (data as { timezone?: unknown } | null | undefined)?.timezone;
  return typeof zone === 'string' ? zone : undefined;
}
