import { useQuery } from '@tanstack/react-query';
import type { CurrentObservation } from '../../../../shared/weather/current-schema';
import {
  distanceText,
  type Language,
  pressureText,
  type UnitSystem,
} from '../../../../shared/weather/units';
import { Freshness } from '../../../components/freshness';
import { isSaved, toggleSaved, useSavedPlaces } from '../../../lib/place-memory';
import {
  EmptyBlock,
  ErrorBlock,
  LoadingBlock,
  StaleNotice,
} from '../../../components/panel-states';
import { timeBasisKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { useServerNow } from '../../../lib/server-clock';
import { clockIn, parseUtcStamp, relativeAge, utcClockOnLocalDay } from '../../../lib/time-format';
import { currentQueryOptions } from '../api/current-query';
import { type PointName, usePointName } from '../../places/public';
import { conditionIconUrl } from '../../../lib/condition-icons';
import {
  aqiText,
  precipitationRateText,
  speedText,
  temperatureText,
  uvCategory,
  visibilityText,
} from '../lib/readings';
import './current-conditions.css';

export function CurrentConditions({
  lat,
  lon,
  units,
  lang,
}: {
  lat: number;
  lon: number;
  units: UnitSystem;
  lang: Language;
}) {
  const query = useQuery(currentQueryOptions({ lat, lon }, units, lang));
  // Asked for alongside the weather, so the name is usually in before the observation is.
  const name = usePointName({ lat, lon }, query.data?.data[0]);

  if (query.isPending) return <LoadingBlock label="Loading current conditions" lines={5} />;
  if (query.isError && !query.data) {
    return (
      <ErrorBlock
        title="Current conditions unavailable"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const observation = query.data?.data[0];
  if (!observation) return <EmptyBlock>No observation is available for this point.</EmptyBlock>;

  return (
    <div className="current-block">
      {query.isError && (
        <StaleNotice>
          Could not refresh ({query.error.message}); showing the last good observation.
        </StaleNotice>
      )}
      <Observation observation={observation} units={units} point={{ lat, lon }} name={name} />
      <Freshness
        updatedAt={query.dataUpdatedAt}
        timeZone={observation.timezone}
        family="current"
        failing={query.isError}
        testId="current-freshness"
      />
    </div>
  );
}

function Observation({
  observation: o,
  units,
  point,
  name,
}: {
  observation: CurrentObservation;
  units: UnitSystem;
  point: { lat: number; lon: number };
  name: PointName;
}) {
  const saved = useSavedPlaces();
  const now = new Date(useServerNow(30_000));
  const timeBasis = useUrlValue(timeBasisKey);
  const observed = parseUtcStamp(o.ob_time);
  const place = name.label;
  const aqi = aqiText(o.aqi);
  const sunTime = (clock: string | null) =>
    clock ? clockIn(utcClockOnLocalDay(clock, observed, o.timezone), timeBasis, o.timezone) : '—';

  return (
    <section className="current" aria-labelledby="current-heading">
      <header className="current__header">
        <div className="current__title">
          <h2 id="current-heading" className="current__place" data-testid="place-name">
            {place}
          </h2>
          <button
            type="button"
            className="save-place"
            aria-pressed={isSaved(saved, point)}
            onClick={() => toggleSaved({ name: place || o.city_name, ...point })}
          >
            {isSaved(saved, point) ? '★ Saved' : '☆ Save place'}
          </button>
        </div>
        {name.nearest && (
          <p className="current__nearest" data-testid="nearest-place">
            {distanceText(units, name.nearest.distance_km, { digits: 0 })} from {name.nearest.label}
          </p>
        )}
        <p className="current__time">
          Observed {clockIn(observed, timeBasis, o.timezone)} ({relativeAge(observed, now)}) ·{' '}
          {o.timezone}
        </p>
      </header>
      <div className="current__hero">
        <img
          className="current__icon"
          src={conditionIconUrl(o.weather.icon)}
          alt=""
          width={96}
          height={96}
        />
        <div>
          <p className="current__temp" data-testid="temperature">
            {temperatureText(o.temp, units)}
          </p>
          <p className="current__feels">Feels like {temperatureText(o.app_temp, units)}</p>
          <p className="current__description" data-testid="condition">
            {o.weather.description}
          </p>
        </div>
      </div>
      <dl className="readings">
        <Reading label="Wind">
          <WindArrow direction={o.wind_dir} /> {speedText(o.wind_spd, units)} from {o.wind_cdir}
          {o.gust !== null && (
            <span className="readings__sub">gusts {speedText(o.gust, units)}</span>
          )}
        </Reading>
        <Reading label="Humidity">{Math.round(o.rh)} %</Reading>
        <Reading label="Dew point">{temperatureText(o.dewpt, units, 1)}</Reading>
        <Reading label="Pressure">
          {pressureText(units, o.slp)}
          <span className="readings__sub">station {pressureText(units, o.pres)}</span>
        </Reading>
        <Reading label="Visibility">{visibilityText(o.vis, units)}</Reading>
        <Reading label="UV index">
          {o.uv.toFixed(1)} <span className="readings__sub">{uvCategory(o.uv)}</span>
        </Reading>
        <Reading label="Air quality">
          <span className="aqi-swatch" style={{ background: aqi.colour }} aria-hidden="true" /> AQI{' '}
          {aqi.value}
          <span className="readings__sub">{aqi.category}</span>
        </Reading>
        <Reading label="Clouds">{Math.round(o.clouds)} %</Reading>
        <Reading label="Precipitation">
          {precipitationRateText(o.precip, units)}
          {o.snow > 0 && (
            <span className="readings__sub">snow {precipitationRateText(o.snow, units)}</span>
          )}
        </Reading>
        <Reading label="Sunrise / sunset">
          {sunTime(o.sunrise)} / {sunTime(o.sunset)}
        </Reading>
      </dl>
    </section>
  );
}

function Reading({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="readings__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Points the way the wind blows (from `direction`, so the arrow is turned half a circle). */
function WindArrow({ direction }: { direction: number }) {
  return (
    <svg className="wind-arrow" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <g transform={`rotate(${(direction + 180) % 360} 7 7)`}>
        <path d="M7 1 L11 10 L7 8 L3 10 Z" fill="currentColor" />
      </g>
    </svg>
  );
}
