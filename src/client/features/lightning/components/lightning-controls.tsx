import { Choice } from '../../../components/choice';
import { updateViewState, useViewState } from '../../../app/use-view-state';
import type { LightningSearch } from '../../../app/view-state';
import { clockInZone, relativeAge } from '../../../lib/time-format';
import { useNow } from '../../../lib/use-now';
import { useLightningData } from '../hooks/use-lightning-data';

const distances = [10, 20, 30, 50, 75];
const minutes = [10, 15, 30, 45];
const limits = [100, 500, 1000, 2500];

/** The lightning search, in the URL (lkm, lmin, lsort, llimit), and how fresh its data is. */
export function LightningControls({ lat, lon }: { lat: number; lon: number }) {
  const view = useViewState();
  const now = useNow(15_000);
  const { query, mode } = useLightningData({ lat, lon });
  const set = (change: Partial<LightningSearch>) =>
    updateViewState((current) => ({ ...current, lightning: { ...current.lightning, ...change } }));
  const updated = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : undefined;
  const zone = query.data?.timezone ?? 'UTC';

  return (
    <fieldset className="control-group lightning-controls">
      <legend>Lightning search</legend>
      <Choice
        label="Within"
        value={view.lightning.searchKm}
        options={distances.map((km) => [km, `${km} km`])}
        onChange={(value) => set({ searchKm: Number(value) })}
      />
      {mode === 'live' && (
        <Choice
          label="Last"
          value={view.lightning.searchMinutes}
          options={minutes.map((value) => [value, `${value} min`])}
          onChange={(value) => set({ searchMinutes: Number(value) })}
        />
      )}
      <Choice
        label="Order"
        value={view.lightning.sort}
        options={[
          ['distance', 'Nearest first'],
          ['time', 'Newest first'],
        ]}
        onChange={(value) => set({ sort: value === 'time' ? 'time' : 'distance' })}
      />
      <Choice
        label="At most"
        value={view.lightning.limit}
        options={limits.map((value) => [value, `${value} strikes`])}
        onChange={(value) => set({ limit: Number(value) })}
      />
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
