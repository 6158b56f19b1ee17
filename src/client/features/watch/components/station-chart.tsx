import { useQuery } from '@tanstack/react-query';
import { ReferenceLine } from 'recharts';
import type { SiteStatusJson, StationReadingJson } from '../../../../shared/api/watch-answers';
import { ChartPanel } from '../../../components/chart-panel';
import { amountAxis, temperatureAxis } from '../../../components/chart-axes';
import { seriesLine, windLines } from '../../../components/chart-series';
import { ChartStack } from '../../../components/chart-stack';
import { chartColours } from '../../../components/chart-theme';
import { type Column, exportFileName } from '../../../lib/csv';
import { fromMetric, type MetricUnit, quantityText, shownUnit } from '../../../lib/metric-units';
import { stationReadingsQueryOptions } from '../api/station-readings-query';
import { useWatchReading } from '../hooks/use-watch-reading';
import './station-chart.css';

interface StationRow {
  at: number;
  /** `YYYY-MM-DDTHH:MM` in the zone the Times setting reads in, for the time axis. */
  stamp: string;
  clock: string;
  wind: number | null;
  gust: number | null;
  temp: number | null;
  count: number;
}

/** A gridded value drawn across the station's lines, labelled so it is never taken for one. */
function griddedLine(axis: string, value: number, label: string) {
  return (
    <ReferenceLine
      key={`gridded-${axis}-${label}`}
      yAxisId={axis}
      y={value}
      stroke={chartColours.band}
      strokeDasharray="6 4"
      ifOverflow="extendDomain"
      label={{ value: label, position: 'insideTopLeft', fill: chartColours.band, fontSize: 11 }}
    />
  );
}

/**
 * The site's own station over the last day (wind, gust, temperature) beside the gridded values
 * the watch read last. The gridded history is not kept, so only its latest value can be drawn,
 * as a reference line; and while the station is in use the status's conditions are the
 * station's own, so there is no gridded value to draw at all: the panel says which.
 */
export default function StationChart({
  station,
  conditions,
  timeZone,
}: {
  station: NonNullable<SiteStatusJson['station']>;
  conditions: SiteStatusJson['conditions'];
  timeZone: string | null;
}) {
  const query = useQuery(stationReadingsQueryOptions(station.id));
  const reading = useWatchReading();
  const { units } = reading;
  const shown = (metric: MetricUnit, value: number | null) =>
    value === null ? null : Number(fromMetric(units, metric, value).toFixed(1));
  const speed = shownUnit(units, 'm/s');
  const degrees = shownUnit(units, '°C');

  const rows: StationRow[] | undefined = query.data?.readings.map((point: StationReadingJson) => {
    const at = new Date(point.at);
    return {
      at: at.getTime(),
      stamp: reading.dateTime(at, timeZone).slice(0, 16).replace(' ', 'T'),
      clock: reading.clock(at, timeZone),
      wind: shown('m/s', point.wind_ms),
      gust: shown('m/s', point.gust_ms),
      temp: shown('°C', point.temp_c),
      count: point.count,
    };
  });

  // The conditions are gridded only while the station is not in use (`conditions.station` null).
  const gridded = conditions && conditions.station === null ? conditions : null;
  const reference = {
    wind: gridded ? shown('m/s', gridded.wind_ms) : null,
    gust: gridded ? shown('m/s', gridded.gust_ms) : null,
    temp: gridded ? shown('°C', gridded.temp_c) : null,
  };
  const griddedText = gridded
    ? [
        `gust ${gridded.gust_ms === null ? '–' : quantityText(units, 'm/s', gridded.gust_ms)}`,
        `wind ${quantityText(units, 'm/s', gridded.wind_ms)}`,
        gridded.temp_c === null ? null : quantityText(units, '°C', gridded.temp_c),
      ]
        .filter(Boolean)
        .join(', ')
    : null;

  const columns: Column<StationRow>[] = [
    {
      key: 'time',
      label: 'Time',
      value: (row) => new Date(row.at).toISOString(),
      format: (row) => row.clock,
    },
    { key: 'wind', label: `Wind (${speed})`, value: (row) => row.wind },
    { key: 'gust', label: `Gust (${speed})`, value: (row) => row.gust },
    { key: 'temp', label: `Temperature (${degrees})`, value: (row) => row.temp },
    { key: 'count', label: 'Uploads', value: (row) => row.count },
  ];

  const notInUse = station.in_use
    ? `In use by the watch in place of the gridded wind, temperature and heat.`
    : station.notice
      ? // Its clock time is the last reading's, in UTC: read as the Times setting asks.
        reading.text(
          station.notice,
          timeZone,
          new Date(station.last_reading_at ?? query.dataUpdatedAt),
        )
      : 'Not in use: the watch reads the gridded data.';

  return (
    <div className="station-chart">
      <ChartPanel
        id="station-chart"
        title={`Station: ${station.name}`}
        subtitle="Last 24 hours, by the minute"
        status={{
          pending: query.isPending,
          error: query.error,
          updatedAt: query.dataUpdatedAt,
          timeZone: timeZone ?? undefined,
          onRetry: () => void query.refetch(),
        }}
        summary={
          <div className="chart-panel__summary" data-testid="station-chart-summary">
            <p data-testid="station-chart-use">{notInUse}</p>
            <p>
              {griddedText
                ? `Dashed gold lines: the gridded values the watch read last (${griddedText}); ` +
                  'gridded history is not kept, so only the latest is drawn.'
                : 'The watch reads this station now, so there is no current gridded value to ' +
                  'draw beside it (gridded history is not kept).'}
            </p>
          </div>
        }
        caption={`Readings of ${station.name}, by the minute`}
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.at)}
        exportName={exportFileName(
          'station',
          station.name,
          rows?.[0] ? new Date(rows[0].at).toISOString().slice(0, 10) : 'readings',
        )}
        emptyText="No readings from this station in the last 24 hours."
        chart={(data) => (
          <ChartStack
            data={data}
            time={{
              key: (row) => row.at,
              stamp: (row) => row.stamp,
              tooltipLabel: (row) => row.clock,
            }}
            rows={[
              {
                left: amountAxis(
                  'wind',
                  `Wind (${speed})`,
                  [...data.flatMap((row) => [row.wind, row.gust]), reference.wind, reference.gust],
                  { atLeast: 5 },
                ),
                series: [
                  ...windLines(
                    { dataKey: 'wind', name: 'Station wind' },
                    { dataKey: 'gust', name: 'Station gust' },
                    'wind',
                  ),
                  reference.gust !== null && griddedLine('wind', reference.gust, 'gridded gust'),
                  reference.wind !== null && griddedLine('wind', reference.wind, 'gridded wind'),
                ],
              },
              {
                left: temperatureAxis(
                  degrees,
                  [...data.map((row) => row.temp), reference.temp].filter(
                    (value): value is number => value !== null,
                  ),
                ),
                series: [
                  seriesLine('temp', `Station temperature (${degrees})`, chartColours.max, {
                    yAxisId: 'temp',
                    strokeWidth: 2,
                  }),
                  reference.temp !== null && griddedLine('temp', reference.temp, 'gridded'),
                ],
              },
            ]}
          />
        )}
      />
    </div>
  );
}
