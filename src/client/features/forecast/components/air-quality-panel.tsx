import { useQuery } from '@tanstack/react-query';
import {
  aqiCategory,
  type Pollutant,
  pollutantNames,
  pollutants,
} from '../../../../shared/weather/aqi';
import type { AirQualityHour } from '../../../../shared/weather/air-quality-schema';
import { timeBasisKey } from '../../../lib/url-state/display-keys';
import { setUrlValue, updateLink, useUrlValue } from '../../../lib/url-state/link';
import { hoursKey, pollutantsKey } from '../url-state';
import { ChartPanel } from '../../../components/chart-panel';
import { queryStatus } from '../../../components/query-status';
import { LengthChoice } from '../../../components/length-choice';
import type { Column } from '../../../lib/csv';
import { exportFileName } from '../../../lib/csv';
import { airQualityForecastQueryOptions } from '../api/air-quality-forecast-query';
import { basisName, dayClockLabel, stampOf } from '../../../lib/period-labels';
import { ChartStack } from '../../../components/chart-stack';
import { aqiRow } from '../../../components/aqi-bands';
import { usePointName } from '../../places/public';
import './air-quality-panel.css';

interface HourRow extends AirQualityHour {
  stamp: string;
  label: string;
}

const hourChoices = [12, 24, 48, 72];

export function AirQualityPanel({ lat, lon }: { lat: number; lon: number }) {
  const timeBasis = useUrlValue(timeBasisKey);
  const hours = useUrlValue(hoursKey);
  const shownPollutants = useUrlValue(pollutantsKey);
  const query = useQuery(airQualityForecastQueryOptions({ lat, lon }, hours));
  const data = query.data;
  const rows: HourRow[] | undefined = data?.data.map((hour) => {
    const stamp = stampOf(hour, timeBasis);
    return { ...hour, stamp, label: dayClockLabel(stamp) };
  });
  const place = usePointName({ lat, lon }, data).label;
  const first = rows?.[0];
  const peak = rows?.length
    ? rows.reduce((best, row) => (row.aqi > best.aqi ? row : best))
    : undefined;

  const togglePollutant = (name: Pollutant) =>
    updateLink((set, read) => {
      const chosen = read(pollutantsKey);
      set(
        pollutantsKey,
        chosen.includes(name)
          ? chosen.filter((value) => value !== name)
          : pollutants.filter((value) => value === name || chosen.includes(value)),
      );
    });

  const columns: Column<HourRow>[] = [
    {
      key: 'time',
      label: `Time (${timeBasis === 'utc' ? 'UTC' : 'local'})`,
      value: (r) => r.stamp,
      format: (r) => r.label,
    },
    { key: 'aqi', label: 'AQI (US EPA)', value: (r) => r.aqi },
    { key: 'category', label: 'Category', value: (r) => aqiCategory(r.aqi).name },
    ...pollutants.map((name): Column<HourRow> => ({
      key: name,
      label: `${pollutantNames[name]} (µg/m³)`,
      value: (r) => r[name],
    })),
  ];

  return (
    <ChartPanel
      id="airquality"
      title={`Air quality, next ${hours} hours`}
      subtitle={data ? `${place} · ${basisName(timeBasis, data.timezone)}` : undefined}
      settings={
        <>
          <LengthChoice
            setting="hours"
            label="Hours"
            value={hours}
            choices={hourChoices}
            onChange={(length) => setUrlValue(hoursKey, length)}
          />
          <fieldset className="pollutant-picker">
            <legend>Pollutants</legend>
            {pollutants.map((name) => (
              <label key={name}>
                <input
                  type="checkbox"
                  checked={shownPollutants.includes(name)}
                  onChange={() => togglePollutant(name)}
                />
                {pollutantNames[name]}
              </label>
            ))}
          </fieldset>
        </>
      }
      status={queryStatus(query, 'airQualityForecast')}
      summary={
        first &&
        peak && (
          <p className="chart-panel__summary" data-testid="aqi-summary">
            <AqiBadge aqi={first.aqi} /> now
            {peak.aqi > first.aqi && (
              <>
                {' '}
                · peak <AqiBadge aqi={peak.aqi} /> {peak.label}
              </>
            )}
          </p>
        )
      }
      caption={`Air-quality forecast for ${place}`}
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.ts)}
      exportName={exportFileName('airquality', place, first?.stamp.slice(0, 10) ?? 'forecast')}
      emptyText="The provider has no air-quality forecast for this point."
      chart={(shown) => (
        <ChartStack
          data={shown}
          formatter={(value, name) => [String(Math.round(Number(value) * 10) / 10), String(name)]}
          time={{
            key: (row) => row.ts,
            stamp: (row) => row.stamp,
            tooltipLabel: (row) => row.label,
          }}
          rows={[aqiRow(shown, shownPollutants, 'aqi-point', { strokeWidth: 1.5 })]}
        />
      )}
    />
  );
}

function AqiBadge({ aqi }: { aqi: number }) {
  const category = aqiCategory(aqi);
  return (
    <span className="aqi-badge">
      <span className="aqi-swatch" style={{ background: category.color }} aria-hidden="true" />
      AQI {aqi} <strong>{category.name}</strong>
    </span>
  );
}
