import { providerRanges } from '../../../../shared/api/provider-params';
import { kilometresPerMile } from '../../../../shared/geo/great-circle';
import { distanceText, type UnitSystem } from '../../../../shared/weather/units';
import { Choice } from '../../../components/choice';
import { timeBasisKey, unitsKey } from '../../../lib/url-state/display-keys';
import { setUrlValue, useLinkView, useUrlValue } from '../../../lib/url-state/link';
import { limitKey, searchKmKey, searchMinutesKey, searchView, sortKey } from '../url-state';
import { clockIn, relativeAge } from '../../../lib/time-format';
import { useServerNow } from '../../../lib/server-clock';
import { useLightningData } from '../hooks/use-lightning-data';
import { notLoadedText } from '../lib/strike-load';
import './control-group.css';
import './lightning-controls.css';

const distances = [10, 20, 30, 50, providerRanges.search_distance_km.max];
/**
 * With imperial units, round miles: each the whole kilometres (as the provider searches) that
 * reach at least that far, so "10 mi" searches 17 km, never less than it says.
 */
const mileDistances = [5, 10, 15, 20, 30, 45];

/** The search distances offered, in km, with their words, plus the link's own if it is none. */
function distanceOptions(units: UnitSystem, current: number): [number, string][] {
  const offered: [number, string][] =
    units === 'I'
      ? mileDistances.map((miles) => [Math.ceil(miles * kilometresPerMile), `${miles} mi`])
      : distances.map((km) => [km, distanceText(units, km, { trim: true })]);
  if (!offered.some(([km]) => km === current))
    offered.push([current, distanceText(units, current, { trim: true })]);
  return offered.sort((a, b) => a[0] - b[0]);
}
const minutes = [10, 15, 30, 45];
const limits = [100, 500, 1000, providerRanges.limit.max];

/** The lightning search, in the URL (lkm, lmin, lsort, llimit), and how fresh its data is. */
export function LightningControls({ lat, lon }: { lat: number; lon: number }) {
  const search = useLinkView(searchView);
  const units = useUrlValue(unitsKey);
  const timeBasis = useUrlValue(timeBasisKey);
  const now = new Date(useServerNow(15_000));
  const { query, mode, collection, load, day } = useLightningData({ lat, lon });
  const updated = query.data ? new Date(query.data.asOf) : undefined;
  const zone = collection?.timezone ?? 'UTC';

  return (
    <fieldset className="control-group lightning-controls">
      <legend>Lightning search</legend>
      <Choice
        label="Within"
        value={search.searchKm}
        options={distanceOptions(units, search.searchKm)}
        onChange={(value) => setUrlValue(searchKmKey, Number(value))}
      />
      {mode === 'live' && (
        <Choice
          label="Last"
          value={search.searchMinutes}
          options={minutes.map((value) => [value, `${value} min`])}
          onChange={(value) => setUrlValue(searchMinutesKey, Number(value))}
        />
      )}
      <Choice
        label="Order"
        value={search.sort}
        options={[
          ['distance', 'Nearest first'],
          ['time', 'Newest first'],
        ]}
        onChange={(value) => setUrlValue(sortKey, value === 'time' ? 'time' : 'distance')}
      />
      <Choice
        label="At most"
        value={search.limit}
        options={limits.map((value) => [value, `${value} strikes`])}
        onChange={(value) => setUrlValue(limitKey, Number(value))}
      />
      <p className="lightning-controls__status" role="status" data-testid="lightning-freshness">
        {updated
          ? `${query.isError ? 'Could not refresh; showing data from' : 'Updated'} ${clockIn(updated, timeBasis, zone)} (${relativeAge(updated, now)})`
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
