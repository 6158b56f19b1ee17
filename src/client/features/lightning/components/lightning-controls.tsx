import { distanceText } from '../../../../shared/weather/units';
import { Choice } from '../../../components/choice';
import { updateViewState, useViewState } from '../../../app/use-view-state';
import type { LightningSearch } from '../../../app/view-state';
import { clockIn, relativeAge } from '../../../lib/time-format';
import { useServerNow } from '../../../lib/server-clock';
import { useLightningData } from '../hooks/use-lightning-data';
import { notLoadedText } from '../lib/strike-load';
import './control-group.css';
import './lightning-controls.css';

const distances = [10, 20, 30, 50, 75];
const minutes = [10, 15, 30, 45];
const limits = [100, 500, 1000, 2500];

/** The lightning search, in the URL (lkm, lmin, lsort, llimit), and how fresh its data is. */
export function LightningControls({ lat, lon }: { lat: number; lon: number }) {
  const view = useViewState();
  const now = new Date(useServerNow(15_000));
  const { query, mode, collection, load, day } = useLightningData({ lat, lon });
  const set = (change: Partial<LightningSearch>) =>
    updateViewState((current) => ({ ...current, lightning: { ...current.lightning, ...change } }));
  const updated = query.data ? new Date(query.data.asOf) : undefined;
  const zone = collection?.timezone ?? 'UTC';

  return (
    <fieldset className="control-group lightning-controls">
      <legend>Lightning search</legend>
      <Choice
        label="Within"
        value={view.lightning.searchKm}
        options={distances.map((km) => [km, distanceText(view.units, km, { trim: true })])}
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
          ? `${query.isError ? 'Could not refresh; showing data from' : 'Updated'} ${clockIn(updated, view.timeBasis, zone)} (${relativeAge(updated, now)})`
          : (notLoadedText(load, day) ?? 'No lightning data')}
        {collection && collection.count > collection.features.length && (
          <span className="lightning-controls__warning">
            {' '}
            · showing {collection.features.length} of {collection.count} strikes
          </span>
        )}
      </p>
    </fieldset>
  );
}
