import { useQuery } from '@tanstack/react-query';
import {
  Area,
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
import type { DailyForecastDay } from '../../../../shared/weather/daily-forecast-schema';
import { unitLabels } from '../../../../shared/weather/units';
import { updateViewState, useViewState } from '../../../app/use-view-state';
import { ChartPanel } from '../../../components/chart-panel';
import { Choice } from '../../../components/choice';
import { conditionIconUrl } from '../../../lib/condition-icons';
import type { Column } from '../../../lib/csv';
import { exportFileName } from '../../../lib/csv';
import { dailyForecastQueryOptions } from '../api/daily-forecast-query';
import { dayLabel } from '../../../lib/period-labels';
import {
  axisLabel,
  axisProps,
  chartColours,
  noAnimation,
  tooltipProps,
} from '../../../components/chart-theme';

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
  const data = query.data;
  const rows = data ? data.data.map(toRow) : undefined;
  const place = data ? [data.city_name, data.country_code].filter(Boolean).join(', ') : '';

  const columns: Column<DayRow>[] = [
    { key: 'date', label: 'Date (local)', value: (r) => r.date, format: (r) => `${r.label}` },
    { key: 'weather', label: 'Weather', value: (r) => r.description },
    { key: 'max', label: `Max (${labels.temperature})`, value: (r) => r.max },
    { key: 'min', label: `Min (${labels.temperature})`, value: (r) => r.min },
    { key: 'precip', label: `Precipitation (${labels.precipitation})`, value: (r) => r.precip },
    { key: 'snow', label: `Snow (${labels.precipitation})`, value: (r) => r.snow },
    { key: 'pop', label: 'Chance of precipitation (%)', value: (r) => r.pop },
    { key: 'wind', label: `Wind (${labels.speed})`, value: (r) => r.wind },
    { key: 'gust', label: `Gusts (${labels.speed})`, value: (r) => r.gust },
    { key: 'dir', label: 'Wind from', value: (r) => r.windFrom },
    { key: 'uv', label: 'UV index', value: (r) => r.uv },
  ];

  return (
    <ChartPanel
      id="daily"
      title={`${days}-day forecast`}
      subtitle={data ? `${place} · days in local time (${data.timezone})` : undefined}
      settings={
        <Choice
          label="Days"
          value={days}
          options={[...new Set([...dayChoices, days])]
            .sort((a, b) => a - b)
            .map((value) => [value, `${value} days`])}
          onChange={(value) =>
            updateViewState((current) => ({
              ...current,
              forecast: { ...current.forecast, days: Number(value) },
            }))
          }
        />
      }
      status={{
        pending: query.isPending,
        error: query.error,
        updatedAt: query.dataUpdatedAt,
        onRetry: () => void query.refetch(),
      }}
      caption={`Daily forecast for ${place}`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.date}
      exportName={exportFileName('daily', place, rows?.[0]?.date ?? 'forecast')}
      emptyText="The provider has no daily forecast for this point."
      chart={(shown) => (
        <div className="chart-stack chart-stack--two">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={shown} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="date"
                {...axisProps}
                interval={0}
                height={70}
                tick={(props: TickProps) => <DayTick {...props} rows={shown} />}
              />
              <YAxis
                yAxisId="temp"
                {...axisProps}
                width={56}
                domain={['dataMin - 2', 'dataMax + 2']}
                allowDecimals={false}
                tickFormatter={(value: number) => value.toFixed(0)}
                label={axisLabel(`Temperature (${labels.temperature})`, 'left')}
              />
              <YAxis
                yAxisId="precip"
                orientation="right"
                {...axisProps}
                width={56}
                label={axisLabel(`Precipitation (${labels.precipitation})`, 'right')}
              />
              <Tooltip
                {...tooltipProps}
                labelFormatter={(date) => dayLabel(String(date))}
                formatter={(value, name) => tooltipValue(value, String(name))}
              />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar
                yAxisId="precip"
                dataKey="precip"
                name={`Precipitation (${labels.precipitation})`}
                fill={chartColours.rain}
                fillOpacity={0.7}
                {...noAnimation}
              />
              <Area
                yAxisId="temp"
                dataKey="range"
                name="Min–max range"
                stroke="none"
                fill={chartColours.band}
                fillOpacity={0.18}
                legendType="none"
                tooltipType="none"
                {...noAnimation}
              />
              <Line
                yAxisId="temp"
                dataKey="max"
                name={`Max (${labels.temperature})`}
                stroke={chartColours.max}
                strokeWidth={2}
                dot={{ r: 3, className: 'daily-max-point' }}
                {...noAnimation}
              />
              <Line
                yAxisId="temp"
                dataKey="min"
                name={`Min (${labels.temperature})`}
                stroke={chartColours.min}
                strokeWidth={2}
                dot={{ r: 3 }}
                {...noAnimation}
              />
            </ComposedChart>
          </ResponsiveContainer>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={shown} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" hide />
              <YAxis
                yAxisId="wind"
                {...axisProps}
                width={56}
                label={axisLabel(`Wind (${labels.speed})`, 'left')}
              />
              <YAxis
                yAxisId="uv"
                orientation="right"
                {...axisProps}
                width={56}
                domain={[0, (max: number) => Math.max(11, Math.ceil(max))]}
                label={axisLabel('UV index', 'right')}
              />
              <Tooltip
                {...tooltipProps}
                labelFormatter={(date) => dayLabel(String(date))}
                formatter={(value, name) => tooltipValue(value, String(name))}
              />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar
                yAxisId="uv"
                dataKey="uv"
                name="UV index"
                fill={chartColours.uv}
                fillOpacity={0.55}
                {...noAnimation}
              />
              <Line
                yAxisId="wind"
                dataKey="wind"
                name={`Wind (${labels.speed})`}
                stroke={chartColours.wind}
                strokeWidth={2}
                dot={false}
                {...noAnimation}
              />
              <Line
                yAxisId="wind"
                dataKey="gust"
                name={`Gusts (${labels.speed})`}
                stroke={chartColours.gust}
                strokeDasharray="4 3"
                dot={false}
                {...noAnimation}
              />
            </ComposedChart>
          </ResponsiveContainer>
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

function tooltipValue(value: unknown, name: string): [string, string] {
  const text = typeof value === 'number' ? String(Math.round(value * 10) / 10) : String(value);
  return [text, name];
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
