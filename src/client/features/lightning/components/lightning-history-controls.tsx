import { useQueryClient } from '@tanstack/react-query';
import { updateViewState } from '../../../app/use-view-state';
import { lightningHistoryStart } from '../../../app/view-state';
import { useLightningData } from '../hooks/use-lightning-data';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Live strikes or a day of history (lhist, ltz in the URL). History costs quota, so it says so
 * and waits for a click; opening a link never spends it, unless the day is already cached.
 */
export function LightningHistoryControls({ lat, lon }: { lat: number; lon: number }) {
  const queryClient = useQueryClient();
  const data = useLightningData({ lat, lon });
  const setDay = (day: { date: string; tz: 'local' | 'utc' } | undefined) =>
    updateViewState((current) => ({ ...current, lightningHistory: day }));

  return (
    <fieldset className="control-group lightning-history">
      <legend>Strikes</legend>
      <div className="lightning-history__modes">
        <button type="button" aria-pressed={data.mode === 'live'} onClick={() => setDay(undefined)}>
          Live
        </button>
        <button
          type="button"
          aria-pressed={data.mode === 'history'}
          onClick={() => data.mode === 'live' && setDay({ date: yesterday(), tz: 'local' })}
        >
          History
        </button>
      </div>
      {data.mode === 'history' && (
        <>
          <label>
            Day
            <input
              type="date"
              min={lightningHistoryStart}
              max={today()}
              value={data.day.date}
              onChange={(event) => {
                const date = event.target.value;
                if (date >= lightningHistoryStart && date <= today()) setDay({ ...data.day, date });
              }}
            />
          </label>
          <label>
            Day in
            <select
              value={data.day.tz}
              onChange={(event) =>
                setDay({ ...data.day, tz: event.target.value === 'utc' ? 'utc' : 'local' })
              }
            >
              <option value="local">Local time</option>
              <option value="utc">UTC</option>
            </select>
          </label>
          <p className="lightning-history__cost" data-testid="history-cost">
            {data.query.data
              ? data.cost.data?.cached
                ? 'Loaded from the cache: cost nothing.'
                : 'Loaded.'
              : data.cost.data
                ? data.cost.data.cached
                  ? 'Already loaded once: costs nothing.'
                  : `This day costs ${data.cost.data.units} quota units (${data.cost.data.reason}).`
                : 'Working out the cost…'}
          </p>
          {!data.query.data && data.cost.data && !data.cost.data.cached && (
            <button
              type="button"
              disabled={data.query.isFetching}
              onClick={() =>
                void queryClient.fetchQuery(data.historyOptions).catch(() => undefined)
              }
            >
              {data.query.isFetching ? 'Loading…' : `Load for ${data.cost.data.units} units`}
            </button>
          )}
          {data.query.isError && (
            <p className="lightning-history__error" role="alert">
              {data.query.error.message}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
