import { useQuery } from '@tanstack/react-query';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { EnergyPeriod } from '../../../../shared/weather/energy-schema';
import { unitLabels } from '../../../../shared/weather/units';
import { updateViewState, useViewState } from '../../../app/use-view-state';
import { thresholdUnit } from '../../../app/view-state';
import { ChartPanel } from '../../../components/chart-panel';
import { Choice } from '../../../components/choice';
import type { Column } from '../../../lib/csv';
import { exportFileName } from '../../../lib/csv';
import { energyForecastQueryOptions } from '../api/energy-forecast-query';
import { basisName, dayClockLabel, dayLabel, type TimeBasis } from '../../../lib/period-labels';
import { type BarShapeProps, PointBar } from '../../../components/point-bar';
import {
  axisLabel,
  axisProps,
  chartColours,
  noAnimation,
  tooltipProps,
} from '../../../components/chart-theme';
import { ThresholdInput } from './threshold-input';

interface PeriodRow extends EnergyPeriod {
  key: string;
  stamp: string;
  label: string;
}

export function EnergyPanel({ lat, lon }: { lat: number; lon: number }) {
  const view = useViewState();
  const { units, timeBasis } = view;
  const { period, threshold } = view.forecast;
  const query = useQuery(energyForecastQueryOptions({ lat, lon }, { units, period, threshold }));
  const labels = unitLabels[units];
  const degreeDays = `${thresholdUnit(units)}·d`;
  const data = query.data;
  const rows = data?.data.map((entry) => toRow(entry, timeBasis));
  const place = data ? [data.city_name, data.country_code].filter(Boolean).join(', ') : '';
  const xInterval = rows ? Math.max(0, Math.round(rows.length / 10) - 1) : 0;

  const columns: Column<PeriodRow>[] = [
    {
      key: 'period',
      label:
        period === 'daily' ? 'Date (local)' : `Hour (${timeBasis === 'utc' ? 'UTC' : 'local'})`,
      value: (r) => r.stamp,
      format: (r) => r.label,
    },
    { key: 'hdd', label: `Heating degree days (${degreeDays})`, value: (r) => r.hdd },
    { key: 'cdd', label: `Cooling degree days (${degreeDays})`, value: (r) => r.cdd },
    { key: 'temp', label: `Mean temperature (${labels.temperature})`, value: (r) => r.temp },
    { key: 't_ghi', label: 'Clear-sky GHI total (Wh/m²)', value: (r) => r.t_ghi },
    { key: 't_dni', label: 'Clear-sky DNI total (Wh/m²)', value: (r) => r.t_dni },
    { key: 't_dhi', label: 'Clear-sky DHI total (Wh/m²)', value: (r) => r.t_dhi },
    { key: 't_solar_rad', label: 'Solar radiation total (Wh/m²)', value: (r) => r.t_solar_rad },
    { key: 'wind', label: `Wind at 10 m (${labels.speed})`, value: (r) => r.wind_spd },
    { key: 'wind100', label: `Wind at 100 m (${labels.speed})`, value: (r) => r.wind_spd_100m },
    { key: 'sun', label: 'Sun hours', value: (r) => r.sun_hours },
    { key: 'clouds', label: 'Cloud cover (%)', value: (r) => r.clouds },
  ];

  const xAxis = (hide: boolean) => (
    <XAxis dataKey="label" {...axisProps} interval={xInterval} hide={hide} />
  );

  return (
    <ChartPanel
      id="energy"
      title={period === 'daily' ? 'Energy, by day' : 'Energy, by hour'}
      subtitle={
        data
          ? `${place} · base ${data.threshold_value} ${thresholdUnit(units)} · ${
              period === 'daily'
                ? `days in local time (${data.timezone})`
                : basisName(timeBasis, data.timezone)
            }`
          : undefined
      }
      settings={
        <>
          <Choice
            label="Period"
            value={period}
            options={[
              ['daily', 'Daily'],
              ['hourly', 'Hourly'],
            ]}
            onChange={(value) =>
              updateViewState((current) => ({
                ...current,
                forecast: { ...current.forecast, period: value === 'hourly' ? 'hourly' : 'daily' },
              }))
            }
          />
          <ThresholdInput
            key={`${units}-${threshold}`}
            value={threshold}
            units={units}
            onChange={(value) =>
              updateViewState((current) => ({
                ...current,
                forecast: { ...current.forecast, threshold: value },
              }))
            }
          />
        </>
      }
      status={{
        pending: query.isPending,
        error: query.error,
        updatedAt: query.dataUpdatedAt,
        onRetry: () => void query.refetch(),
      }}
      caption={`Energy forecast for ${place}`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      exportName={exportFileName(`energy-${period}`, place, rows?.[0]?.date ?? 'forecast')}
      emptyText="The provider has no energy forecast for this point."
      chart={(shown) => (
        <div className="chart-stack chart-stack--three">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={shown} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
              {xAxis(false)}
              <YAxis
                {...axisProps}
                width={64}
                label={axisLabel(`Degree days (${degreeDays})`, 'left')}
              />
              <YAxis yAxisId="blank" orientation="right" width={64} hide />
              <Tooltip {...tooltipProps} formatter={roundedTooltip} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar
                dataKey="hdd"
                name={`Heating (${degreeDays})`}
                fill={chartColours.hdd}
                shape={(props: BarShapeProps) => <PointBar {...props} className="energy-period" />}
                {...noAnimation}
              />
              <Bar
                dataKey="cdd"
                name={`Cooling (${degreeDays})`}
                fill={chartColours.cdd}
                {...noAnimation}
              />
            </ComposedChart>
          </ResponsiveContainer>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={shown} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
              {xAxis(true)}
              <YAxis {...axisProps} width={64} label={axisLabel('Irradiance (Wh/m²)', 'left')} />
              <YAxis yAxisId="blank" orientation="right" width={64} hide />
              <Tooltip {...tooltipProps} formatter={roundedTooltip} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar
                dataKey="t_solar_rad"
                name="Solar radiation"
                fill={chartColours.solar}
                fillOpacity={0.35}
                {...noAnimation}
              />
              <Line
                dataKey="t_ghi"
                name="GHI (clear sky)"
                stroke={chartColours.ghi}
                dot={false}
                {...noAnimation}
              />
              <Line
                dataKey="t_dni"
                name="DNI (clear sky)"
                stroke={chartColours.dni}
                dot={false}
                {...noAnimation}
              />
              <Line
                dataKey="t_dhi"
                name="DHI (clear sky)"
                stroke={chartColours.dhi}
                dot={false}
                {...noAnimation}
              />
            </ComposedChart>
          </ResponsiveContainer>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={shown} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
              {xAxis(true)}
              <YAxis
                {...axisProps}
                width={64}
                label={axisLabel(`Wind (${labels.speed})`, 'left')}
              />
              <YAxis
                yAxisId="sun"
                orientation="right"
                {...axisProps}
                width={64}
                allowDecimals={false}
                label={axisLabel('Sun hours', 'right')}
              />
              <Tooltip {...tooltipProps} formatter={roundedTooltip} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar
                yAxisId="sun"
                dataKey="sun_hours"
                name="Sun hours"
                fill={chartColours.sun}
                fillOpacity={0.4}
                {...noAnimation}
              />
              <Line
                dataKey="wind_spd"
                name="Wind at 10 m"
                stroke={chartColours.wind}
                dot={false}
                strokeWidth={2}
                {...noAnimation}
              />
              <Line
                dataKey="wind_spd_100m"
                name="Wind at 100 m"
                stroke={chartColours.gust}
                dot={false}
                strokeWidth={2}
                strokeDasharray="5 3"
                {...noAnimation}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      )}
    />
  );
}

function toRow(entry: EnergyPeriod, basis: TimeBasis): PeriodRow {
  const stamp = (basis === 'utc' ? entry.timestamp_utc : entry.timestamp_local) ?? entry.date;
  return {
    ...entry,
    // UTC stamps are unique; local ones repeat in the hour clocks fall back.
    key: entry.timestamp_utc ?? entry.date,
    stamp,
    label: stamp.length > 10 ? dayClockLabel(stamp) : dayLabel(stamp),
  };
}

function roundedTooltip(value: unknown, name: unknown): [string, string] {
  return [String(Math.round(Number(value) * 100) / 100), String(name)];
}
