import type { ReactNode } from 'react';
import {
  Area,
  Bar,
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
import { compassPoint } from '../../../../shared/geo/compass';
import type { AirQuality, AirQualityHour } from '../../../../shared/weather/air-quality-schema';
import {
  aqiCategories,
  aqiCategory,
  type Pollutant,
  pollutantNames,
  pollutants,
} from '../../../../shared/weather/aqi';
import type {
  HistoryDaily,
  HistoryDay,
  HistoryHour,
  HistoryHourly,
} from '../../../../shared/weather/history-schema';
import type { Lightning, LightningEvent } from '../../../../shared/weather/lightning-schema';
import { type UnitLabels, type UnitSystem, unitLabels } from '../../../../shared/weather/units';
import {
  axisLabel,
  axisProps,
  chartColours,
  noAnimation,
  tooltipProps,
} from '../../../components/chart-theme';
import { type BarShapeProps, PointBar } from '../../../components/point-bar';
import type { Column } from '../../../lib/csv';
import {
  basisName,
  clockLabel,
  dayClockLabel,
  dayLabel,
  stampOf,
  type TimeBasis,
} from '../../../lib/period-labels';

/** What `ChartPanel` needs to show one history response as a chart, a table and a CSV. */
export interface HistoryView<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  chart: (rows: readonly Row[]) => ReactNode;
}

export interface HourlyHistoryRow {
  ts: number;
  /** The stamp of the chosen basis, exported as is. */
  stamp: string;
  label: string;
  revision: string;
  temp: number;
  appTemp: number;
  /** Totals over the hour that starts at the stamp. */
  precip: number;
  snow: number;
  wind: number;
  gust: number;
  windDir: number;
  rh: number;
  clouds: number;
  solarRad: number;
  ghi: number;
  description: string;
}

export interface DailyHistoryRow {
  /** The UTC date the provider summarises. */
  date: string;
  label: string;
  revision: string;
  max: number;
  min: number;
  range: [number, number];
  mean: number;
  precip: number;
  snow: number;
  snowDepth: number | null;
  wind: number;
  maxWind: number;
  maxUv: number;
  ghiTotal: number;
  solarTotal: number;
}

export interface AirQualityHistoryRow extends AirQualityHour {
  stamp: string;
  label: string;
  category: string;
}

export interface LightningHourRow {
  /** `HH:00` in the chosen basis. */
  hour: string;
  count: number;
  nearestKm: number | null;
  /** Clocks (`HH:MM`) of the hour's earliest and latest strikes. */
  first: string | null;
  last: string | null;
}

const margin = { top: 8, right: 8, bottom: 0, left: 0 };
const axisWidth = 64;
const meanColour = '#e6edf0';
const pollutantColours: Record<Pollutant, string> = {
  pm25: '#ff8a65',
  pm10: '#ffd54f',
  o3: '#64b5f6',
  no2: '#ba68c8',
  so2: '#4db6ac',
  co: '#a1887f',
};

/** A final record names its version so two exports of the same period can be told apart. */
export function revisionText(status: 'interim' | 'final', version: string): string {
  if (status === 'interim') return 'Interim';
  // The provider's versions are bare ('1.0'); one already prefixed must not read 'vv1.0'.
  return version ? `Final (v${version.replace(/^v/i, '')})` : 'Final';
}

export function hourlyHistoryView(
  data: HistoryHourly,
  units: UnitSystem,
  basis: TimeBasis,
): HistoryView<HourlyHistoryRow> {
  const labels = unitLabels[units];
  const columns: Column<HourlyHistoryRow>[] = [
    {
      key: 'time',
      label: `Time (${basisShort(basis)})`,
      value: (r) => r.stamp,
      format: (r) => r.label,
    },
    { key: 'revision', label: 'Revision', value: (r) => r.revision },
    { key: 'temp', label: `Temperature (${labels.temperature})`, value: (r) => r.temp },
    {
      key: 'app_temp',
      label: `Apparent temperature (${labels.temperature})`,
      value: (r) => r.appTemp,
    },
    { key: 'precip', label: `Precipitation (${labels.precipitation})`, value: (r) => r.precip },
    { key: 'snow', label: `Snow (${labels.precipitation})`, value: (r) => r.snow },
    { key: 'wind', label: `Wind (${labels.speed})`, value: (r) => r.wind },
    { key: 'gust', label: `Gusts (${labels.speed})`, value: (r) => r.gust },
    {
      key: 'wind_dir',
      label: 'Wind from (°)',
      value: (r) => r.windDir,
      format: (r) => `${r.windDir}° ${compassPoint(r.windDir)}`,
    },
    { key: 'rh', label: 'Relative humidity (%)', value: (r) => r.rh },
    { key: 'clouds', label: 'Cloud cover (%)', value: (r) => r.clouds },
    { key: 'solar_rad', label: 'Solar radiation (W/m²)', value: (r) => r.solarRad },
    { key: 'ghi', label: 'Clear-sky GHI (W/m²)', value: (r) => r.ghi },
    { key: 'weather', label: 'Weather', value: (r) => r.description },
  ];
  return {
    caption: `Hourly history for ${placeName(data)}`,
    columns,
    rows: data.data.map((hour) => hourlyRow(hour, basis)),
    rowKey: (row) => String(row.ts),
    chart: (rows) => hourlyChart(rows, units),
  };
}

export function dailyHistoryView(
  data: HistoryDaily,
  units: UnitSystem,
): HistoryView<DailyHistoryRow> {
  const labels = unitLabels[units];
  const columns: Column<DailyHistoryRow>[] = [
    {
      key: 'date',
      label: 'Date (UTC)',
      value: (r) => r.date,
      format: (r) => weekdayDate(r.date),
    },
    { key: 'revision', label: 'Revision', value: (r) => r.revision },
    { key: 'max', label: `Max (${labels.temperature})`, value: (r) => r.max },
    { key: 'min', label: `Min (${labels.temperature})`, value: (r) => r.min },
    { key: 'mean', label: `Mean (${labels.temperature})`, value: (r) => r.mean },
    { key: 'precip', label: `Precipitation (${labels.precipitation})`, value: (r) => r.precip },
    { key: 'snow', label: `Snow (${labels.precipitation})`, value: (r) => r.snow },
    {
      key: 'snow_depth',
      label: `Snow depth (${labels.precipitation})`,
      value: (r) => r.snowDepth,
    },
    { key: 'wind', label: `Mean wind (${labels.speed})`, value: (r) => r.wind },
    { key: 'max_wind', label: `Max wind (${labels.speed})`, value: (r) => r.maxWind },
    { key: 'max_uv', label: 'Max UV index', value: (r) => r.maxUv },
    { key: 't_ghi', label: 'Clear-sky GHI total (Wh/m²)', value: (r) => r.ghiTotal },
    { key: 't_solar_rad', label: 'Solar radiation total (Wh/m²)', value: (r) => r.solarTotal },
  ];
  return {
    caption: `Daily history for ${placeName(data)}`,
    columns,
    rows: data.data.map(dailyRow),
    rowKey: (row) => row.date,
    chart: (rows) => dailyChart(rows, units),
  };
}

export function airQualityHistoryView(
  data: AirQuality,
  basis: TimeBasis,
): HistoryView<AirQualityHistoryRow> {
  const columns: Column<AirQualityHistoryRow>[] = [
    {
      key: 'time',
      label: `Time (${basisShort(basis)})`,
      value: (r) => r.stamp,
      format: (r) => r.label,
    },
    { key: 'aqi', label: 'AQI (US EPA)', value: (r) => r.aqi },
    { key: 'category', label: 'Category', value: (r) => r.category },
    ...pollutants.map((name): Column<AirQualityHistoryRow> => ({
      key: name,
      label: `${pollutantNames[name]} (µg/m³)`,
      value: (r) => r[name],
    })),
  ];
  return {
    caption: `Air-quality history for ${placeName(data)}`,
    columns,
    rows: data.data.map((hour) => {
      const stamp = stampOf(hour, basis);
      return { ...hour, stamp, label: dayClockLabel(stamp), category: aqiCategory(hour.aqi).name };
    }),
    rowKey: (row) => String(row.ts),
    chart: airQualityChart,
  };
}

/**
 * A day of strikes as 24 hours of the chosen basis, quiet hours included, so the table and the
 * chart always show the whole day.
 */
export function lightningHistoryView(
  data: Lightning,
  basis: TimeBasis,
): HistoryView<LightningHourRow> {
  const columns: Column<LightningHourRow>[] = [
    { key: 'hour', label: `Hour (${basisShort(basis)})`, value: (r) => r.hour },
    { key: 'count', label: 'Strikes', value: (r) => r.count },
    {
      key: 'nearest',
      label: 'Nearest (km)',
      value: (r) => r.nearestKm,
      format: (r) => (r.nearestKm === null ? '—' : r.nearestKm.toFixed(1)),
    },
    { key: 'first', label: 'First strike', value: (r) => r.first },
    { key: 'last', label: 'Last strike', value: (r) => r.last },
  ];
  return {
    caption: `Lightning by hour on ${data.date}, ${basisName(basis, data.timezone)}: ${strikeTotal(data)}`,
    columns,
    rows: lightningHours(data.lightning, basis),
    rowKey: (row) => row.hour,
    chart: lightningChart,
  };
}

function hourlyRow(hour: HistoryHour, basis: TimeBasis): HourlyHistoryRow {
  const stamp = stampOf(hour, basis);
  return {
    ts: hour.ts,
    stamp,
    label: dayClockLabel(stamp),
    revision: revisionText(hour.revision_status, hour.revision_version),
    temp: hour.temp,
    appTemp: hour.app_temp,
    precip: hour.precip,
    snow: hour.snow,
    wind: hour.wind_spd,
    gust: hour.wind_gust_spd,
    windDir: hour.wind_dir,
    rh: hour.rh,
    clouds: hour.clouds,
    solarRad: hour.solar_rad,
    ghi: hour.ghi,
    description: hour.weather.description,
  };
}

function dailyRow(day: HistoryDay): DailyHistoryRow {
  return {
    date: day.datetime,
    label: dayLabel(day.datetime),
    revision: revisionText(day.revision_status, day.revision_version),
    max: day.max_temp,
    min: day.min_temp,
    range: [day.min_temp, day.max_temp],
    mean: day.temp,
    precip: day.precip,
    snow: day.snow,
    snowDepth: day.snow_depth,
    wind: day.wind_spd,
    maxWind: day.max_wind_spd,
    maxUv: day.max_uv,
    ghiTotal: day.t_ghi,
    solarTotal: day.t_solar_rad,
  };
}

function lightningHours(events: readonly LightningEvent[], basis: TimeBasis): LightningHourRow[] {
  const rows: LightningHourRow[] = Array.from({ length: 24 }, (_, hour) => ({
    hour: `${String(hour).padStart(2, '0')}:00`,
    count: 0,
    nearestKm: null,
    first: null,
    last: null,
  }));
  for (const event of events) {
    const stamp = stampOf(event, basis);
    const row = rows[Number(stamp.slice(11, 13))];
    if (!row) continue;
    const clock = clockLabel(stamp);
    row.count += 1;
    row.nearestKm =
      row.nearestKm === null ? event.distance_km : Math.min(row.nearestKm, event.distance_km);
    // Events come sorted by distance or newest first, so the hour's ends are found, not assumed.
    if (row.first === null || clock < row.first) row.first = clock;
    if (row.last === null || clock > row.last) row.last = clock;
  }
  return rows;
}

/** The response holds one page of strikes; the caption says when there were more. */
function strikeTotal(data: Lightning): string {
  const shown = data.lightning.length;
  const noun = data.count === 1 ? 'strike' : 'strikes';
  return data.count > shown ? `${shown} of ${data.count} ${noun}` : `${shown} ${noun}`;
}

function hourlyChart(rows: readonly HourlyHistoryRow[], units: UnitSystem): ReactNode {
  const labels = unitLabels[units];
  const xAxis = (hide: boolean) => (
    <XAxis dataKey="label" {...axisProps} interval={tickInterval(rows.length)} hide={hide} />
  );
  return (
    <div className="chart-stack chart-stack--three">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={margin}>
          <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
          {xAxis(false)}
          {temperatureAxis(labels)}
          {blankRightAxis()}
          <Tooltip {...tooltipProps} formatter={roundedTooltip} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            dataKey="temp"
            name={`Temperature (${labels.temperature})`}
            stroke={chartColours.max}
            strokeWidth={2}
            dot={false}
            {...noAnimation}
          />
          <Line
            dataKey="appTemp"
            name={`Apparent (${labels.temperature})`}
            stroke={chartColours.band}
            strokeDasharray="5 3"
            dot={false}
            {...noAnimation}
          />
        </ComposedChart>
      </ResponsiveContainer>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={margin}>
          <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
          {xAxis(true)}
          {precipitationAxis(units, 'Hourly total')}
          {blankRightAxis()}
          <Tooltip {...tooltipProps} formatter={roundedTooltip} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {precipitationBars(labels)}
        </ComposedChart>
      </ResponsiveContainer>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={margin}>
          <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
          {xAxis(true)}
          <YAxis
            {...axisProps}
            width={axisWidth}
            label={axisLabel(`Wind (${labels.speed})`, 'left')}
          />
          <YAxis
            yAxisId="solar"
            orientation="right"
            {...axisProps}
            width={axisWidth}
            label={axisLabel('Solar radiation (W/m²)', 'right')}
          />
          <Tooltip {...tooltipProps} formatter={roundedTooltip} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Area
            yAxisId="solar"
            dataKey="solarRad"
            name="Solar radiation (W/m²)"
            stroke={chartColours.solar}
            fill={chartColours.solar}
            fillOpacity={0.15}
            {...noAnimation}
          />
          <Line
            dataKey="wind"
            name={`Wind (${labels.speed})`}
            stroke={chartColours.wind}
            strokeWidth={2}
            dot={false}
            {...noAnimation}
          />
          <Line
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
  );
}

function dailyChart(rows: readonly DailyHistoryRow[], units: UnitSystem): ReactNode {
  const labels = unitLabels[units];
  const xAxis = (hide: boolean) => (
    <XAxis
      dataKey="date"
      {...axisProps}
      interval={tickInterval(rows.length)}
      tickFormatter={(date: string) => dayLabel(date)}
      hide={hide}
    />
  );
  // Long ranges repeat weekday and day number, so the tooltip gives the whole date.
  const tooltip = (
    <Tooltip
      {...tooltipProps}
      labelFormatter={(date) => weekdayDate(String(date))}
      formatter={roundedTooltip}
    />
  );
  return (
    <div className="chart-stack chart-stack--three">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={margin}>
          <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
          {xAxis(false)}
          {temperatureAxis(labels)}
          {blankRightAxis()}
          {tooltip}
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Area
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
            dataKey="max"
            name={`Max (${labels.temperature})`}
            stroke={chartColours.max}
            strokeWidth={2}
            dot={false}
            {...noAnimation}
          />
          <Line
            dataKey="mean"
            name={`Mean (${labels.temperature})`}
            stroke={meanColour}
            strokeDasharray="4 3"
            dot={false}
            {...noAnimation}
          />
          <Line
            dataKey="min"
            name={`Min (${labels.temperature})`}
            stroke={chartColours.min}
            strokeWidth={2}
            dot={false}
            {...noAnimation}
          />
        </ComposedChart>
      </ResponsiveContainer>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={margin}>
          <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
          {xAxis(true)}
          {precipitationAxis(units, 'Daily total')}
          {blankRightAxis()}
          {tooltip}
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {precipitationBars(labels)}
        </ComposedChart>
      </ResponsiveContainer>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={margin}>
          <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
          {xAxis(true)}
          <YAxis
            {...axisProps}
            width={axisWidth}
            label={axisLabel(`Wind (${labels.speed})`, 'left')}
          />
          <YAxis
            yAxisId="solar"
            orientation="right"
            {...axisProps}
            width={axisWidth}
            label={axisLabel('Solar radiation total (Wh/m²)', 'right')}
          />
          {tooltip}
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            yAxisId="solar"
            dataKey="solarTotal"
            name="Solar radiation total (Wh/m²)"
            fill={chartColours.solar}
            fillOpacity={0.35}
            {...noAnimation}
          />
          <Line
            dataKey="wind"
            name={`Mean wind (${labels.speed})`}
            stroke={chartColours.wind}
            strokeWidth={2}
            dot={false}
            {...noAnimation}
          />
          <Line
            dataKey="maxWind"
            name={`Max wind (${labels.speed})`}
            stroke={chartColours.gust}
            strokeDasharray="4 3"
            dot={false}
            {...noAnimation}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

function airQualityChart(rows: readonly AirQualityHistoryRow[]): ReactNode {
  const top = Math.max(...rows.map((row) => row.aqi));
  const ceiling = aqiCategories.find((category) => top <= category.max)?.max ?? 500;
  return (
    <div className="chart-stack">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={margin}>
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
          <XAxis dataKey="label" {...axisProps} interval={tickInterval(rows.length)} />
          <YAxis
            yAxisId="aqi"
            {...axisProps}
            width={axisWidth}
            domain={[0, ceiling]}
            label={axisLabel('AQI (US EPA)', 'left')}
          />
          <YAxis
            yAxisId="concentration"
            orientation="right"
            {...axisProps}
            width={axisWidth}
            label={axisLabel('Concentration (µg/m³)', 'right')}
          />
          <Tooltip {...tooltipProps} formatter={roundedTooltip} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            yAxisId="aqi"
            dataKey="aqi"
            name="AQI"
            stroke={chartColours.aqi}
            strokeWidth={2}
            dot={{ r: 1.5, className: 'history-point' }}
            {...noAnimation}
          />
          {pollutants.map((name) => (
            <Line
              key={name}
              yAxisId="concentration"
              dataKey={name}
              name={`${pollutantNames[name]} (µg/m³)`}
              stroke={pollutantColours[name]}
              strokeOpacity={0.7}
              strokeWidth={1}
              dot={false}
              {...noAnimation}
            />
          ))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

function lightningChart(rows: readonly LightningHourRow[]): ReactNode {
  return (
    <div className="chart-stack">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={margin}>
          <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hour" {...axisProps} interval={2} />
          <YAxis
            {...axisProps}
            width={axisWidth}
            allowDecimals={false}
            label={axisLabel('Strikes per hour', 'left')}
          />
          <YAxis
            yAxisId="distance"
            orientation="right"
            {...axisProps}
            width={axisWidth}
            label={axisLabel('Nearest strike (km)', 'right')}
          />
          <Tooltip {...tooltipProps} formatter={roundedTooltip} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="count"
            name="Strikes"
            fill={chartColours.band}
            shape={(props: BarShapeProps) => <PointBar {...props} className="history-point" />}
            {...noAnimation}
          />
          {/* Dots, because a lone stormy hour between quiet ones has no line to draw. */}
          <Line
            yAxisId="distance"
            dataKey="nearestKm"
            name="Nearest (km)"
            stroke={chartColours.max}
            strokeWidth={2}
            dot={{ r: 2.5 }}
            {...noAnimation}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

function temperatureAxis(labels: UnitLabels) {
  return (
    <YAxis
      {...axisProps}
      width={axisWidth}
      domain={['dataMin - 2', 'dataMax + 2']}
      allowDecimals={false}
      tickFormatter={(value: number) => value.toFixed(0)}
      label={axisLabel(`Temperature (${labels.temperature})`, 'left')}
    />
  );
}

/** A dry period still gets a readable scale rather than one squashed onto zero. */
function precipitationAxis(units: UnitSystem, what: string) {
  return (
    <YAxis
      {...axisProps}
      width={axisWidth}
      domain={[0, (max: number) => Math.max(units === 'I' ? 0.1 : 2, max)]}
      label={axisLabel(`${what} (${unitLabels[units].precipitation})`, 'left')}
    />
  );
}

/** Precipitation draws one bar per record, even a dry one, so every record can be counted. */
function precipitationBars(labels: UnitLabels) {
  return [
    <Bar
      key="precip"
      dataKey="precip"
      name={`Precipitation (${labels.precipitation})`}
      fill={chartColours.rain}
      fillOpacity={0.8}
      shape={(props: BarShapeProps) => <PointBar {...props} className="history-point" />}
      {...noAnimation}
    />,
    <Bar
      key="snow"
      dataKey="snow"
      name={`Snow (${labels.precipitation})`}
      fill={chartColours.snow}
      fillOpacity={0.8}
      {...noAnimation}
    />,
  ];
}

/** Keeps the plot areas of stacked charts the same width when only one has a right axis. */
function blankRightAxis() {
  return <YAxis yAxisId="blank" orientation="right" width={axisWidth} hide />;
}

function tickInterval(count: number): number {
  return Math.max(0, Math.round(count / 6) - 1);
}

function roundedTooltip(value: unknown, name: unknown): [string, string] {
  const text = typeof value === 'number' ? String(Math.round(value * 100) / 100) : String(value);
  return [text, String(name)];
}

/** `2026-07-15` → `Wed 2026-07-15`. */
function weekdayDate(date: string): string {
  return `${dayLabel(date).slice(0, 3)} ${date}`;
}

function basisShort(basis: TimeBasis): string {
  return basis === 'utc' ? 'UTC' : 'local';
}

function placeName(data: { city_name: string; country_code: string }): string {
  return [data.city_name, data.country_code].filter(Boolean).join(', ');
}
