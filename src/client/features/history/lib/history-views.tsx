import type { ReactNode } from 'react';
import { Area } from 'recharts';
import { compassPoint } from '../../../../shared/geo/compass';
import type { AirQuality, AirQualityHour } from '../../../../shared/weather/air-quality-schema';
import { aqiCategory, pollutantNames, pollutants } from '../../../../shared/weather/aqi';
import type {
  HistoryDaily,
  HistoryDay,
  HistoryHour,
  HistoryHourly,
} from '../../../../shared/weather/history-schema';
import type { Lightning, LightningEvent } from '../../../../shared/weather/lightning-schema';
import { type UnitLabels, type UnitSystem, unitLabels } from '../../../../shared/weather/units';
import { aqiRow } from '../../../components/aqi-bands';
import { amountAxis, precipitationAxis, temperatureAxis } from '../../../components/chart-axes';
import { ChartStack, type ChartRowSpec, type TimeAxisSpec } from '../../../components/chart-stack';
import {
  seriesBar,
  seriesLine,
  temperatureRange,
  windLines,
} from '../../../components/chart-series';
import { chartColours, noAnimation } from '../../../components/chart-theme';
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
import { placeLabel } from '../../../../shared/geo/place-label';

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

const meanColour = '#e6edf0';

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
    timeColumn(basis),
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
    timeColumn(basis),
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
    chart: (rows) => lightningChart(rows, data.date),
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

/** Hourly records sit at their stamp and head the tooltip with their label. */
const hourlyTime = {
  key: (row: { ts: number }) => row.ts,
  stamp: (row: { stamp: string }) => row.stamp,
  tooltipLabel: (row: { label: string }) => row.label,
} satisfies TimeAxisSpec<HourlyHistoryRow & AirQualityHistoryRow>;

function hourlyChart(rows: readonly HourlyHistoryRow[], units: UnitSystem): ReactNode {
  const labels = unitLabels[units];
  return (
    <ChartStack
      data={rows}
      formatter={roundedTooltip}
      time={hourlyTime}
      rows={[
        {
          left: temperatureAxis(
            labels.temperature,
            rows.flatMap((row) => [row.temp, row.appTemp]),
          ),
          series: [
            seriesLine('temp', `Temperature (${labels.temperature})`, chartColours.max, {
              yAxisId: 'temp',
              strokeWidth: 2,
            }),
            seriesLine('appTemp', `Apparent (${labels.temperature})`, chartColours.band, {
              yAxisId: 'temp',
              strokeDasharray: '5 3',
            }),
          ],
        },
        precipitationRow(rows, units, 'Hourly total'),
        {
          ...windSolarAxes(
            labels,
            rows.flatMap((row) => [row.wind, row.gust]),
            'Solar radiation (W/m²)',
            rows.map((row) => row.solarRad),
          ),
          series: [
            <Area
              key="solarRad"
              yAxisId="solar"
              dataKey="solarRad"
              name="Solar radiation (W/m²)"
              stroke={chartColours.solar}
              fill={chartColours.solar}
              fillOpacity={0.15}
              {...noAnimation}
            />,
            ...windLines(
              { dataKey: 'wind', name: `Wind (${labels.speed})` },
              { dataKey: 'gust', name: `Gusts (${labels.speed})` },
              'wind',
            ),
          ],
        },
      ]}
    />
  );
}

function dailyChart(rows: readonly DailyHistoryRow[], units: UnitSystem): ReactNode {
  const labels = unitLabels[units];
  return (
    <ChartStack
      data={rows}
      formatter={roundedTooltip}
      time={{
        key: (row) => row.date,
        stamp: (row) => row.date,
        // Long ranges repeat weekday and day number, so the tooltip gives the whole date.
        tooltipLabel: (row) => weekdayDate(row.date),
      }}
      rows={[
        {
          left: temperatureAxis(
            labels.temperature,
            rows.flatMap((row) => [row.min, row.max]),
          ),
          series: [
            temperatureRange('temp'),
            seriesLine('max', `Max (${labels.temperature})`, chartColours.max, {
              yAxisId: 'temp',
              strokeWidth: 2,
            }),
            seriesLine('mean', `Mean (${labels.temperature})`, meanColour, {
              yAxisId: 'temp',
              strokeDasharray: '4 3',
            }),
            seriesLine('min', `Min (${labels.temperature})`, chartColours.min, {
              yAxisId: 'temp',
              strokeWidth: 2,
            }),
          ],
        },
        precipitationRow(rows, units, 'Daily total'),
        {
          ...windSolarAxes(
            labels,
            rows.flatMap((row) => [row.wind, row.maxWind]),
            'Solar radiation total (Wh/m²)',
            rows.map((row) => row.solarTotal),
          ),
          series: [
            seriesBar('solarTotal', 'Solar radiation total (Wh/m²)', chartColours.solar, {
              yAxisId: 'solar',
              fillOpacity: 0.35,
            }),
            ...windLines(
              { dataKey: 'wind', name: `Mean wind (${labels.speed})` },
              { dataKey: 'maxWind', name: `Max wind (${labels.speed})` },
              'wind',
            ),
          ],
        },
      ]}
    />
  );
}

function airQualityChart(rows: readonly AirQualityHistoryRow[]): ReactNode {
  return (
    <ChartStack
      data={rows}
      formatter={roundedTooltip}
      time={hourlyTime}
      rows={[aqiRow(rows, pollutants, 'history-point', { strokeOpacity: 0.7, strokeWidth: 1 })]}
    />
  );
}

function lightningChart(rows: readonly LightningHourRow[], date: string): ReactNode {
  return (
    <ChartStack
      data={rows}
      formatter={roundedTooltip}
      time={{
        key: (row) => row.hour,
        stamp: (row) => `${date}T${row.hour}`,
        tooltipLabel: (row) => row.hour,
      }}
      rows={[
        {
          left: amountAxis(
            'strikes',
            'Strikes per hour',
            rows.map((row) => row.count),
            { integer: true },
          ),
          right: amountAxis(
            'distance',
            'Nearest strike (km)',
            rows.map((row) => row.nearestKm),
          ),
          series: [
            seriesBar('count', 'Strikes', chartColours.band, {
              yAxisId: 'strikes',
              shape: historyPoint,
            }),
            // Dots, because a lone stormy hour between quiet ones has no line to draw.
            seriesLine('nearestKm', 'Nearest (km)', chartColours.max, {
              yAxisId: 'distance',
              strokeWidth: 2,
              dot: { r: 2.5 },
            }),
          ],
        },
      ]}
    />
  );
}

/** Both resolutions draw precipitation alike; only the period of the total differs. */
function precipitationRow(
  rows: readonly { precip: number; snow: number }[],
  units: UnitSystem,
  what: string,
): ChartRowSpec {
  const labels = unitLabels[units];
  return {
    left: precipitationAxis(
      `${what} (${labels.precipitation})`,
      rows.flatMap((row) => [row.precip, row.snow]),
      units,
    ),
    series: [
      seriesBar('precip', `Precipitation (${labels.precipitation})`, chartColours.rain, {
        yAxisId: 'precip',
        fillOpacity: 0.8,
        shape: historyPoint,
      }),
      seriesBar('snow', `Snow (${labels.precipitation})`, chartColours.snow, {
        yAxisId: 'precip',
        fillOpacity: 0.8,
      }),
    ],
  };
}

/** Wind on the left and the sun's energy on the right, as both resolutions' last row has them. */
function windSolarAxes(
  labels: UnitLabels,
  wind: readonly number[],
  solarTitle: string,
  solar: readonly number[],
): Pick<ChartRowSpec, 'left' | 'right'> {
  return {
    left: amountAxis('wind', `Wind (${labels.speed})`, wind),
    right: amountAxis('solar', solarTitle, solar),
  };
}

/** A record's bar, drawn even at zero height so every record can be counted on the chart. */
function historyPoint(props: BarShapeProps) {
  return <PointBar {...props} className="history-point" />;
}

function roundedTooltip(value: unknown, name: unknown): [string, string] {
  const text = typeof value === 'number' ? String(Math.round(value * 100) / 100) : String(value);
  return [text, String(name)];
}

/** `2026-07-15` → `Wed 2026-07-15`. */
function weekdayDate(date: string): string {
  return `${dayLabel(date).slice(0, 3)} ${date}`;
}

/** The chosen basis's stamp exported as is, shown as its label. */
function timeColumn<Row extends { stamp: string; label: string }>(basis: TimeBasis): Column<Row> {
  return {
    key: 'time',
    label: `Time (${basisShort(basis)})`,
    value: (r) => r.stamp,
    format: (r) => r.label,
  };
}

function basisShort(basis: TimeBasis): string {
  return basis === 'utc' ? 'UTC' : 'local';
}

function placeName(data: { city_name: string; country_code: string }): string {
  return placeLabel({ name: data.city_name, countryCode: data.country_code });
}
