import { useQuery } from '@tanstack/react-query';
import type { DailyForecastDay } from '../../../../shared/weather/daily-forecast-schema';
import { unitLabels } from '../../../../shared/weather/units';
import { langKey, unitsKey } from '../../../lib/url-state/display-keys';
import { setUrlValue, useUrlValue } from '../../../lib/url-state/link';
import { daysKey } from '../url-state';
import { ChartPanel } from '../../../components/chart-panel';
import { queryStatus } from '../../../components/query-status';
import { LengthChoice } from '../../../components/length-choice';
import { conditionIconUrl } from '../../../lib/condition-icons';
import type { Column } from '../../../lib/csv';
import { exportFileName } from '../../../lib/csv';
import { dailyForecastQueryOptions } from '../api/daily-forecast-query';
import { dayLabel } from '../../../lib/period-labels';
import { chartColours } from '../../../components/chart-theme';
import { ChartStack, type TickDrawing } from '../../../components/chart-stack';
import {
  amountAxis,
  fixedAxis,
  precipitationAxis,
  temperatureAxis,
} from '../../../components/chart-axes';
import {
  seriesBar,
  seriesLine,
  temperatureRange,
  windLines,
} from '../../../components/chart-series';
import { usePointName } from '../../places/public';
import './daily-panel.css';

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
  const units = useUrlValue(unitsKey);
  const lang = useUrlValue(langKey);
  const days = useUrlValue(daysKey);
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
      settings={
        <LengthChoice
          setting="days"
          label="Days"
          value={days}
          choices={dayChoices}
          onChange={(length) => setUrlValue(daysKey, length)}
        />
      }
      status={queryStatus(query, 'dailyForecast')}
      caption={`Daily forecast for ${place}`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.date}
      exportName={exportFileName('daily', place, rows?.[0]?.date ?? 'forecast')}
      emptyText="The provider has no daily forecast for this point."
      chart={(shown) => (
        <ChartStack
          data={shown}
          weights={[3, 2]}
          formatter={tooltipValue}
          time={{
            key: (row) => row.date,
            stamp: (row) => row.date,
            tooltipLabel: (row) => row.label,
            tick: dayTicks(shown),
          }}
          rows={[
            {
              left: temperatureAxis(
                labels.temperature,
                shown.flatMap((row) => [row.min, row.max]),
              ),
              right: precipitationAxis(
                precipitation,
                shown.map((row) => row.precip),
                units,
              ),
              series: [
                seriesBar('precip', precipitation, chartColours.rain, {
                  yAxisId: 'precip',
                  fillOpacity: 0.7,
                }),
                temperatureRange('temp'),
                seriesLine('max', `Max (${labels.temperature})`, chartColours.max, {
                  yAxisId: 'temp',
                  strokeWidth: 2,
                  dot: { r: 3, className: 'daily-max-point' },
                }),
                seriesLine('min', `Min (${labels.temperature})`, chartColours.min, {
                  yAxisId: 'temp',
                  strokeWidth: 2,
                  dot: { r: 3 },
                }),
              ],
            },
            {
              left: amountAxis(
                'wind',
                wind,
                shown.flatMap((row) => [row.wind, row.gust]),
              ),
              // The index's own scale, to 11 ("extreme") at the least, so a low index looks
              // low; ending on a tick instead would stretch a day of 10.3 to 20.
              right: fixedAxis(
                'uv',
                'UV index',
                0,
                Math.max(11, Math.ceil(Math.max(...shown.map((row) => row.uv)))),
              ),
              series: [
                seriesBar('uv', 'UV index', chartColours.uv, { yAxisId: 'uv', fillOpacity: 0.55 }),
                ...windLines(
                  { dataKey: 'wind', name: wind },
                  { dataKey: 'gust', name: `Gusts (${labels.speed})` },
                  'wind',
                ),
              ],
            },
          ]}
        />
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

function tooltipValue(value: unknown, name: unknown): [string, string] {
  const text = typeof value === 'number' ? String(Math.round(value * 10) / 10) : String(value);
  return [text, String(name)];
}

/**
 * A day under the chart: weekday and date, the month where it changes, the condition icon and
 * the chance of rain, all in units of the chart font so a kiosk draws them larger.
 */
function dayTicks(rows: readonly DayRow[]): TickDrawing {
  return {
    size: (px) => ({ height: 8 + px * 6.2, minWidth: px * 2.7 }),
    draw: ({ x, y, tick, fontPx }) => {
      const row = rows[tick.index];
      if (!row) return null;
      const icon = fontPx * 2.7;
      // The icon hangs from the tick the way the text does, so an end tick stays inside.
      const iconX = tick.anchor === 'start' ? 0 : tick.anchor === 'end' ? -icon : -icon / 2;
      return (
        <g className="daily-tick" transform={`translate(${x},${y})`}>
          <title>{row.description}</title>
          <text textAnchor={tick.anchor} fill={chartColours.axis}>
            <tspan x={0} dy="0.71em">
              {tick.main}
            </tspan>
            {tick.context && (
              <tspan x={0} dy="1.3em">
                {tick.context}
              </tspan>
            )}
          </text>
          <image
            href={conditionIconUrl(row.icon)}
            x={iconX}
            y={fontPx * 2.3}
            width={icon}
            height={icon}
          />
          <text
            className="daily-tick__pop"
            textAnchor={tick.anchor}
            y={fontPx * 5.9}
            fill={chartColours.rain}
          >
            {Math.round(row.pop)}%
          </text>
        </g>
      );
    },
  };
}
