import { useQuery } from '@tanstack/react-query';
import { XAxis } from 'recharts';
import type { EnergyPeriod } from '../../../../shared/weather/energy-schema';
import { unitLabels } from '../../../../shared/weather/units';
import { updateViewState, useViewState } from '../../../app/use-view-state';
import { thresholdUnit } from '../../../app/view-state';
import { ChartPanel } from '../../../components/chart-panel';
import { queryStatus } from '../../../components/query-status';
import { Choice } from '../../../components/choice';
import type { Column } from '../../../lib/csv';
import { exportFileName } from '../../../lib/csv';
import { energyForecastQueryOptions } from '../api/energy-forecast-query';
import { basisName, dayClockLabel, dayLabel, type TimeBasis } from '../../../lib/period-labels';
import { type BarShapeProps, PointBar } from '../../../components/point-bar';
import { axisProps, chartColours } from '../../../components/chart-theme';
import { ChartRow } from '../../../components/chart-row';
import { blankRightAxis, titledYAxis } from '../../../components/chart-axes';
import { seriesBar, seriesLine } from '../../../components/chart-series';
import { ThresholdInput } from './threshold-input';
import { usePointName } from '../../places/hooks/use-point-name';

const axisWidth = 64;

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
  const place = usePointName({ lat, lon }, data).label;
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
      status={queryStatus(query, 'energyForecast')}
      caption={`Energy forecast for ${place}`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      exportName={exportFileName(`energy-${period}`, place, rows?.[0]?.date ?? 'forecast')}
      emptyText="The provider has no energy forecast for this point."
      chart={(shown) => (
        <div className="chart-stack chart-stack--three">
          <ChartRow data={shown} formatter={roundedTooltip}>
            {xAxis(false)}
            {titledYAxis(`Degree days (${degreeDays})`, 'left', { width: axisWidth })}
            {blankRightAxis(axisWidth)}
            {seriesBar('hdd', `Heating (${degreeDays})`, chartColours.hdd, {
              shape: (props: BarShapeProps) => <PointBar {...props} className="energy-period" />,
            })}
            {seriesBar('cdd', `Cooling (${degreeDays})`, chartColours.cdd)}
          </ChartRow>
          <ChartRow data={shown} formatter={roundedTooltip}>
            {xAxis(true)}
            {titledYAxis('Irradiance (Wh/m²)', 'left', { width: axisWidth })}
            {blankRightAxis(axisWidth)}
            {seriesBar('t_solar_rad', 'Solar radiation', chartColours.solar, { fillOpacity: 0.35 })}
            {seriesLine('t_ghi', 'GHI (clear sky)', chartColours.ghi)}
            {seriesLine('t_dni', 'DNI (clear sky)', chartColours.dni)}
            {seriesLine('t_dhi', 'DHI (clear sky)', chartColours.dhi)}
          </ChartRow>
          <ChartRow data={shown} formatter={roundedTooltip}>
            {xAxis(true)}
            {titledYAxis(`Wind (${labels.speed})`, 'left', { width: axisWidth })}
            {titledYAxis('Sun hours', 'right', {
              yAxisId: 'sun',
              width: axisWidth,
              allowDecimals: false,
            })}
            {seriesBar('sun_hours', 'Sun hours', chartColours.sun, {
              yAxisId: 'sun',
              fillOpacity: 0.4,
            })}
            {seriesLine('wind_spd', 'Wind at 10 m', chartColours.wind, { strokeWidth: 2 })}
            {seriesLine('wind_spd_100m', 'Wind at 100 m', chartColours.gust, {
              strokeWidth: 2,
              strokeDasharray: '5 3',
            })}
          </ChartRow>
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
