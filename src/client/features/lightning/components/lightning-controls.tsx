import { useQuery } from '@tanstack/react-query';
import { updateViewState, useViewState } from '../../../app/use-view-state';
import type { LightningSearch } from '../../../app/view-state';
import { clockInZone, relativeAge } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import { lightningQueryOptions } from '../api/lightning-query';

const distances = [10, 20, 30, 50, 75];
const minutes = [10, 15, 30, 45];
const limits = [100, 500, 1000, 2500];

/** The lightning search, in the URL (lkm, lmin, lsort, llimit), and how fresh its data is. */
export function LightningControls({ lat, lon }: { lat: number; lon: number }) {
  const view = useViewState();
  const now = useNow(15_000);
  const query = useQuery(lightningQueryOptions({ lat, lon }, view));
  const set = (change: Partial<LightningSearch>) =>
    updateViewState((current) => ({ ...current, lightning: { ...current.lightning, ...change } }));
  const updated = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : undefined;
  const zone = query.data?.timezone ?? 'UTC';

  return (
    <fieldset className="lightning-controls">
      <legend>Lightning search</legend>
      <label>
        Within
        <select
          value={view.lightning.searchKm}
          onChange={(event) => set({ searchKm: Number(event.target.value) })}
        >
          {distances.map((km) => (
            <option key={km} value={km}>
              {km} km
            </option>
          ))}
        </select>
      </label>
      <label>
        Last
        <select
          value={view.lightning.searchMinutes}
          onChange={(event) => set({ searchMinutes: Number(event.target.value) })}
        >
          {minutes.map((value) => (
            <option key={value} value={value}>
              {value} min
            </option>
          ))}
        </select>
      </label>
      <label>
        Order
        <select
          value={view.lightning.sort}
          onChange={(event) => set({ sort: event.target.value === 'time' ? 'time' : 'distance' })}
        >
          <option value="distance">Nearest first</option>
          <option value="time">Newest first</option>
        </select>
      </label>
      <label>
        At most
        <select
          value={view.lightning.limit}
          onChange={(event) => set({ limit: Number(event.target.value) })}
        >
          {limits.map((value) => (
            <option key={value} value={value}>
              {value} strikes
            </option>
          ))}
        </select>
      </label>
      <p className="lightning-controls__status" role="status" data-testid="lightning-freshness">
        {updated
          ? `${query.isError ? 'Could not refresh; showing data from' : 'Updated'} ${clockInZone(updated, zone)} (${relativeAge(updated, now)})`
          : query.isError
            ? 'Lightning data unavailable'
            : 'Loading lightning…'}
        {query.data && query.data.count > query.data.features.length && (
          <span className="lightning-controls__warning">
            {' '}
            · showing {query.data.features.length} of {query.data.count} strikes: the safety status
            may miss some
          </span>
        )}
      </p>
    </fieldset>
  );
}
