import { useQuery } from '@tanstack/react-query';
import {
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  aqiCategories,
  aqiCategory,
  type Pollutant,
  pollutantNames,
  pollutants,
} from '../../../../shared/weather/aqi';
import type { AirQualityHour } from '../../../../shared/weather/air-quality-schema';
import { updateViewState, useViewState } from '../../../app/use-view-state';
import { ChartPanel } from '../../../components/chart-panel';
import { Choice } from '../../../components/choice';
import type { Column } from '../../../lib/csv';
import { exportFileName } from '../../../lib/csv';
import { airQualityForecastQueryOptions } from '../api/air-quality-forecast-query';
import { basisName, dayClockLabel, stampOf } from '../../../lib/period-labels';
import {
  axisLabel,
  axisProps,
  chartColours,
  noAnimation,
  tooltipProps,
} from '../../../components/chart-theme';

interface HourRow extends AirQualityHour {
  stamp: string;
  label: string;
}

const hourChoices = [12, 24, 48, 72];
const pollutantColours: Record<Pollutant, string> = {
  pm25: '#ff8a65',
  pm10: '#ffd54f',
  o3: '#64b5f6',
  no2: '#ba68c8',
  so2: '#4db6ac',
  co: '#a1887f',
};

export function AirQualityPanel({ lat, lon }: { lat: number; lon: number }) {
  const view = useViewState();
  const { timeBasis } = view;
  const { hours, pollutants: shownPollutants } = view.forecast;
  const query = useQuery(airQualityForecastQueryOptions({ lat, lon }, hours));
  const data = query.data;
  const rows: HourRow[] | undefined = data?.data.map((hour) => {
    const stamp = stampOf(hour, timeBasis);
    return { ...hour, stamp, label: dayClockLabel(stamp) };
  });
  const place = data ? [data.city_name, data.country_code].filter(Boolean).join(', ') : '';
  const first = rows?.[0];
  const peak = rows?.length
    ? rows.reduce((best, row) => (row.aqi > best.aqi ? row : best))
    : undefined;

  const togglePollutant = (name: Pollutant) =>
    updateViewState((current) => {
      const chosen = current.forecast.pollutants;
      const next = chosen.includes(name)
        ? chosen.filter((value) => value !== name)
        : pollutants.filter((value) => value === name || chosen.includes(value));
      return { ...current, forecast: { ...current.forecast, pollutants: next } };
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
          <Choice
            label="Hours"
            value={hours}
            options={[...new Set([...hourChoices, hours])]
              .sort((a, b) => a - b)
              .map((value) => [value, `${value} hours`])}
            onChange={(value) =>
              updateViewState((current) => ({
                ...current,
                forecast: { ...current.forecast, hours: Number(value) },
              }))
            }
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
      status={{
        pending: query.isPending,
        error: query.error,
        updatedAt: query.dataUpdatedAt,
        onRetry: () => void query.refetch(),
      }}
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
      chart={(shown) => {
        const top = Math.max(...shown.map((row) => row.aqi));
        const ceiling = aqiCategories.find((category) => top <= category.max)?.max ?? 500;
        return (
          <div className="chart-stack">
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={shown} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                {aqiCategories.map((category, index) => {
                  const floor = index === 0 ? 0 : (aqiCategories[index - 1]?.max ?? 0);
                  if (floor >= ceiling) return null;
                  return (
                    <ReferenceArea
                      key={category.name}
                      yAxisId="aqi"
                      y1={floor}
                      y2={Math.min(category.max, ceiling)}
                      fill={category.color}
                      fillOpacity={0.14}
                      stroke="none"
                      label={{
                        value: category.name,
                        position: 'insideTopLeft',
                        fill: category.color,
                        fontSize: 11,
                      }}
                    />
                  );
                })}
                <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
                <XAxis
                  dataKey="label"
                  {...axisProps}
                  interval={Math.max(0, Math.round(shown.length / 8) - 1)}
                />
                <YAxis
                  yAxisId="aqi"
                  {...axisProps}
                  width={56}
                  domain={[0, ceiling]}
                  label={axisLabel('AQI (US EPA)', 'left')}
                />
                {shownPollutants.length > 0 && (
                  <YAxis
                    yAxisId="concentration"
                    orientation="right"
                    {...axisProps}
                    width={64}
                    label={axisLabel('Concentration (µg/m³)', 'right')}
                  />
                )}
                <Tooltip
                  {...tooltipProps}
                  formatter={(value, name) => [
                    String(Math.round(Number(value) * 10) / 10),
                    String(name),
                  ]}
                />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Line
                  yAxisId="aqi"
                  dataKey="aqi"
                  name="AQI"
                  stroke={chartColours.aqi}
                  strokeWidth={2}
                  dot={{ r: 1.5, className: 'aqi-point' }}
                  {...noAnimation}
                />
                {shownPollutants.map((name) => (
                  <Line
                    key={name}
                    yAxisId="concentration"
                    dataKey={name}
                    name={`${pollutantNames[name]} (µg/m³)`}
                    stroke={pollutantColours[name]}
                    strokeWidth={1.5}
                    dot={false}
                    {...noAnimation}
                  />
                ))}
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        );
      }}
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
