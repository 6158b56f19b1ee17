import { useEffect, useRef } from 'react';
import type { Quota } from '../../../../shared/api/quota';
import type { HistoryPlan } from '../lib/history-plan';
import './history-cost.css';

export type RunState = 'idle' | 'confirming' | 'running';

/**
 * What the query will cost before anything is spent: the units and how they are worked out,
 * today's spend against the limit, and a confirmation for anything at or over the threshold.
 * A range over the maximum is offered as several requests with their total.
 */
export function HistoryCost({
  plan,
  cached,
  quota,
  state,
  onRun,
  onConfirm,
  onCancel,
}: {
  plan: HistoryPlan;
  /** The BFF already holds every answer this plan asks for: showing it costs nothing. */
  cached: boolean;
  quota: Quota | undefined;
  state: RunState;
  onRun: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const request = plan.request;
  const runButton = useRef<HTMLButtonElement>(null);
  const spendButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // Focus follows the question: into the confirmation when it opens, back to Run when it closes.
  useEffect(() => {
    if (state === 'confirming') spendButton.current?.focus();
    else if (wasConfirming.current) runButton.current?.focus();
    wasConfirming.current = state === 'confirming';
  }, [state]);
  if (!request) {
    return (
      <p className="history-cost history-cost--blocked" role="status">
        Fix the query above to see what it costs.
      </p>
    );
  }
  const units = cached ? 0 : request.units;
  const confirmAt = quota?.confirm_units ?? 2;
  const limitText =
    quota?.limit !== null && quota?.limit !== undefined
      ? `${quota.spent} of ${quota.limit} units spent today (UTC)`
      : quota
        ? `${quota.spent} units spent today (UTC); the daily limit is not known yet`
        : 'Today’s spend is loading…';

  return (
    <div className="history-cost" data-testid="history-cost">
      {plan.overMaximum && (
        <p className="history-cost__split" role="status">
          The range is {plan.overMaximum.days} days; one request covers at most{' '}
          {plan.overMaximum.maxLabel}. It can be split into {request.parts.length} requests.
        </p>
      )}
      <p className="history-cost__units">
        {cached ? (
          <>
            <strong>Costs nothing</strong>: Skydeck already has this answer cached.
          </>
        ) : (
          <>
            Costs <strong data-testid="history-cost-units">{unitsText(units, 'quota ')}</strong> (
            {request.reason}).
          </>
        )}
      </p>
      <p className="history-cost__quota">{limitText}</p>
      {state === 'confirming' ? (
        <div className="history-cost__confirm" role="alertdialog" aria-label="Confirm the cost">
          <p>
            Spend <strong>{unitsText(units)}</strong> of today’s quota on this query?
          </p>
          <button ref={spendButton} type="button" className="button--primary" onClick={onConfirm}>
            Spend {unitsText(units)}
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      ) : (
        <button
          ref={runButton}
          type="button"
          className="button--primary"
          disabled={state === 'running'}
          onClick={units >= confirmAt && !cached ? onRun : onConfirm}
        >
          {state === 'running'
            ? 'Fetching…'
            : cached
              ? 'Show (free, cached)'
              : plan.overMaximum
                ? `Split and run (${unitsText(units)})`
                : `Run query (${unitsText(units)})`}
        </button>
      )}
    </div>
  );
}

function unitsText(units: number, kind = ''): string {
  return `${units} ${kind}${units === 1 ? 'unit' : 'units'}`;
}
