import { useQuery } from '@tanstack/react-query';
import type { EnergyPeriod } from '../../../../shared/weather/energy-schema';
import { unitLabels } from '../../../../shared/weather/units';
import { timeBasisKey, unitsKey } from '../../../lib/url-state/display-keys';
import { setUrlValue, useUrlValue } from '../../../lib/url-state/link';
import { periodKey, thresholdKey, thresholdUnit } from '../url-state';
import { ChartPanel } from '../../../components/chart-panel';
import { queryStatus } from '../../../components/query-status';
import { Choice } from '../../../components/choice';
import type { Column } from '../../../lib/csv';
import { exportFileName } from '../../../lib/csv';
import { energyForecastQueryOptions } from '../api/energy-forecast-query';
import { basisName, dayClockLabel, dayLabel, type TimeBasis } from '../../../lib/period-labels';
import { type BarShapeProps, PointBar } from '../../../components/point-bar';
import { chartColours } from '../../../components/chart-theme';
import { ChartStack } from '../../../components/chart-stack';
import { amountAxis } from '../../../components/chart-axes';
import { seriesBar, seriesLine } from '../../../components/chart-series';
import { ThresholdInput } from './threshold-input';
import { usePointName } from '../../places/public';

interface PeriodRow extends EnergyPeriod {
  key: string;
  stamp: string;
  label: string;
}

export function EnergyPanel({ lat, lon }: { lat: number; lon: number }) {
  const units = useUrlValue(unitsKey);
  const timeBasis = useUrlValue(timeBasisKey);
  const period = useUrlValue(periodKey);
  const threshold = useUrlValue(thresholdKey);
  const query = useQuery(energyForecastQueryOptions({ lat, lon }, { units, period, threshold }));
  const labels = unitLabels[units];
  const degreeDays = `${thresholdUnit(units)}·d`;
  const data = query.data;
  const rows = data?.data.map((entry) => toRow(entry, timeBasis));
  const place = usePointName({ lat, lon }, data).label;

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
            onChange={(value) => setUrlValue(periodKey, value === 'hourly' ? 'hourly' : 'daily')}
          />
          <ThresholdInput
            key={`${units}-${threshold}`}
            value={threshold}
            units={units}
            onChange={(value) => setUrlValue(thresholdKey, value)}
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
        <ChartStack
          data={shown}
          formatter={roundedTooltip}
          time={{
            key: (row) => row.key,
            stamp: (row) => row.stamp,
            tooltipLabel: (row) => row.label,
          }}
          rows={[
            {
              left: amountAxis(
                'degree-days',
                `Degree days (${degreeDays})`,
                shown.flatMap((row) => [row.hdd, row.cdd]),
              ),
              series: [
                seriesBar('hdd', `Heating (${degreeDays})`, chartColours.hdd, {
                  yAxisId: 'degree-days',
                  shape: (props: BarShapeProps) => (
                    <PointBar {...props} className="energy-period" />
                  ),
                }),
                seriesBar('cdd', `Cooling (${degreeDays})`, chartColours.cdd, {
                  yAxisId: 'degree-days',
                }),
              ],
            },
            {
              left: amountAxis(
                'irradiance',
                'Irradiance (Wh/m²)',
                shown.flatMap((row) => [row.t_solar_rad, row.t_ghi, row.t_dni, row.t_dhi]),
              ),
              series: [
                seriesBar('t_solar_rad', 'Solar radiation', chartColours.solar, {
                  yAxisId: 'irradiance',
                  fillOpacity: 0.35,
                }),
                seriesLine('t_ghi', 'GHI (clear sky)', chartColours.ghi, { yAxisId: 'irradiance' }),
                seriesLine('t_dni', 'DNI (clear sky)', chartColours.dni, { yAxisId: 'irradiance' }),
                seriesLine('t_dhi', 'DHI (clear sky)', chartColours.dhi, { yAxisId: 'irradiance' }),
              ],
            },
            {
              left: amountAxis(
                'wind',
                `Wind (${labels.speed})`,
                shown.flatMap((row) => [row.wind_spd, row.wind_spd_100m]),
              ),
              // An hour holds at most one sun hour: hourly values are fractions, and the axis
              // shows them as such (0.25, 0.5) rather than rounding them to 0 and 1.
              right: amountAxis(
                'sun',
                'Sun hours',
                shown.map((row) => row.sun_hours),
              ),
              series: [
                seriesBar('sun_hours', 'Sun hours', chartColours.sun, {
                  yAxisId: 'sun',
                  fillOpacity: 0.4,
                }),
                seriesLine('wind_spd', 'Wind at 10 m', chartColours.wind, {
                  yAxisId: 'wind',
                  strokeWidth: 2,
                }),
                seriesLine('wind_spd_100m', 'Wind at 100 m', chartColours.gust, {
                  yAxisId: 'wind',
                  strokeWidth: 2,
                  strokeDasharray: '5 3',
                }),
              ],
            },
          ]}
        />
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
