import { useQuery } from '@tanstack/react-query';
import { XAxis } from 'recharts';
import type { DailyForecastDay } from '../../../../shared/weather/daily-forecast-schema';
import { unitLabels } from '../../../../shared/weather/units';
import { useViewState } from '../../../app/use-view-state';
import { ChartPanel } from '../../../components/chart-panel';
import { queryStatus } from '../../../components/query-status';
import { LengthChoice } from '../../../components/length-choice';
import { conditionIconUrl } from '../../../lib/condition-icons';
import type { Column } from '../../../lib/csv';
import { exportFileName } from '../../../lib/csv';
import { dailyForecastQueryOptions } from '../api/daily-forecast-query';
import { dayLabel } from '../../../lib/period-labels';
import { axisProps, chartColours } from '../../../components/chart-theme';
import { ChartRow } from '../../../components/chart-row';
import { temperatureAxis, titledYAxis } from '../../../components/chart-axes';
import {
  seriesBar,
  seriesLine,
  temperatureRange,
  windLines,
} from '../../../components/chart-series';
import { usePointName } from '../../places/hooks/use-point-name';

interface DayRow {
  date: string;
  label: string;
  max: number;
  min: number;
  range: [number, number];
  precip: number;
  snow: number;
  pop: number;
  wind: number;
  gust: number;
  windFrom: string;
  uv: number;
  icon: string;
  description: string;
}

const dayChoices = [3, 5, 7, 10, 14, 16];

export function DailyPanel({ lat, lon }: { lat: number; lon: number }) {
  const view = useViewState();
  const { units, lang } = view;
  const { days } = view.forecast;
  const query = useQuery(dailyForecastQueryOptions({ lat, lon }, { units, lang, days }));
  const labels = unitLabels[units];
  const precipitation = `Precipitation (${labels.precipitation})`;
  const wind = `Wind (${labels.speed})`;
  const data = query.data;
  const rows = data ? data.data.map(toRow) : undefined;
  const place = usePointName({ lat, lon }, data).label;

  const columns: Column<DayRow>[] = [
    { key: 'date', label: 'Date (local)', value: (r) => r.date, format: (r) => `${r.label}` },
    { key: 'weather', label: 'Weather', value: (r) => r.description },
    { key: 'max', label: `Max (${labels.temperature})`, value: (r) => r.max },
    { key: 'min', label: `Min (${labels.temperature})`, value: (r) => r.min },
    { key: 'precip', label: precipitation, value: (r) => r.precip },
    { key: 'snow', label: `Snow (${labels.precipitation})`, value: (r) => r.snow },
    { key: 'pop', label: 'Chance of precipitation (%)', value: (r) => r.pop },
    { key: 'wind', label: wind, value: (r) => r.wind },
    { key: 'gust', label: `Gusts (${labels.speed})`, value: (r) => r.gust },
    { key: 'dir', label: 'Wind from', value: (r) => r.windFrom },
    { key: 'uv', label: 'UV index', value: (r) => r.uv },
  ];

  return (
    <ChartPanel
      id="daily"
      title={`${days}-day forecast`}
      subtitle={data ? `${place} · days in local time (${data.timezone})` : undefined}
      settings={<LengthChoice setting="days" label="Days" value={days} choices={dayChoices} />}
      status={queryStatus(query, 'dailyForecast')}
      caption={`Daily forecast for ${place}`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.date}
      exportName={exportFileName('daily', place, rows?.[0]?.date ?? 'forecast')}
      emptyText="The provider has no daily forecast for this point."
      chart={(shown) => (
        <div className="chart-stack chart-stack--two">
          <ChartRow data={shown} labelFormatter={tooltipLabel} formatter={tooltipValue}>
            <XAxis
              dataKey="date"
              {...axisProps}
              interval={0}
              height={70}
              tick={(props: TickProps) => <DayTick {...props} rows={shown} />}
            />
            {temperatureAxis(labels.temperature, { yAxisId: 'temp', width: 56 })}
            {titledYAxis(precipitation, 'right', { yAxisId: 'precip', width: 56 })}
            {seriesBar('precip', precipitation, chartColours.rain, {
              yAxisId: 'precip',
              fillOpacity: 0.7,
            })}
            {temperatureRange('temp')}
            {seriesLine('max', `Max (${labels.temperature})`, chartColours.max, {
              yAxisId: 'temp',
              strokeWidth: 2,
              dot: { r: 3, className: 'daily-max-point' },
            })}
            {seriesLine('min', `Min (${labels.temperature})`, chartColours.min, {
              yAxisId: 'temp',
              strokeWidth: 2,
              dot: { r: 3 },
            })}
          </ChartRow>
          <ChartRow data={shown} labelFormatter={tooltipLabel} formatter={tooltipValue}>
            <XAxis dataKey="date" hide />
            {titledYAxis(wind, 'left', { yAxisId: 'wind', width: 56 })}
            {titledYAxis('UV index', 'right', {
              yAxisId: 'uv',
              width: 56,
              domain: [0, (max: number) => Math.max(11, Math.ceil(max))],
            })}
            {seriesBar('uv', 'UV index', chartColours.uv, { yAxisId: 'uv', fillOpacity: 0.55 })}
            {windLines(
              { dataKey: 'wind', name: wind },
              { dataKey: 'gust', name: `Gusts (${labels.speed})` },
              'wind',
            )}
          </ChartRow>
        </div>
      )}
    />
  );
}

function toRow(day: DailyForecastDay): DayRow {
  return {
    date: day.valid_date,
    label: dayLabel(day.valid_date),
    max: day.max_temp,
    min: day.min_temp,
    range: [day.min_temp, day.max_temp],
    precip: day.precip,
    snow: day.snow,
    pop: day.pop,
    wind: day.wind_spd,
    gust: day.wind_gust_spd,
    windFrom: day.wind_cdir,
    uv: day.uv,
    icon: day.weather.icon,
    description: day.weather.description,
  };
}

function tooltipLabel(date: unknown): string {
  return dayLabel(String(date));
}

function tooltipValue(value: unknown, name: unknown): [string, string] {
  const text = typeof value === 'number' ? String(Math.round(value * 10) / 10) : String(value);
  return [text, String(name)];
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  index?: number;
  payload?: { value?: unknown };
}

/** A day under the chart: weekday and date, its condition icon and its chance of rain. */
function DayTick({ x, y, index, rows }: TickProps & { rows: readonly DayRow[] }) {
  const row = rows[index ?? -1];
  if (!row) return null;
  const left = Number(x);
  const top = Number(y);
  return (
    <g className="daily-tick" transform={`translate(${left},${top})`}>
      <title>{row.description}</title>
      <text textAnchor="middle" dy={10} fill={chartColours.axis} fontSize={12}>
        {row.label}
      </text>
      <image href={conditionIconUrl(row.icon)} x={-16} y={14} width={32} height={32} />
      <text textAnchor="middle" dy={58} fill={chartColours.rain} fontSize={11}>
        {Math.round(row.pop)}%
      </text>
    </g>
  );
}
