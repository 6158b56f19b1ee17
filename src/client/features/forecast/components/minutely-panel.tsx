import { useQuery } from '@tanstack/react-query';
import { unitLabels } from '../../../../shared/weather/units';
import { timeBasisKey, unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { ChartPanel } from '../../../components/chart-panel';
import { queryStatus } from '../../../components/query-status';
import type { Column } from '../../../lib/csv';
import { exportFileName } from '../../../lib/csv';
import { useNow } from '../../../lib/server-clock';
import { minutelyForecastQueryOptions } from '../api/minutely-forecast-query';
import { isSnow, minutelySummary, type MinutePoint, wetThreshold } from '../lib/minutely-summary';
import { basisName, clockLabel, stampOf } from '../../../lib/period-labels';
import { type BarShapeProps, PointBar } from '../../../components/point-bar';
import { chartColours } from '../../../components/chart-theme';
import { ChartStack } from '../../../components/chart-stack';
import { precipitationAxis } from '../../../components/chart-axes';
import { seriesBar } from '../../../components/chart-series';
import { usePointName } from '../../places/public';

interface MinuteRow extends MinutePoint {
  clock: string;
  /** Rate drawn as rain or as snow, the other zero, so each bar has one colour. */
  rain: number;
  snowfall: number;
  temp: number;
}

export function MinutelyPanel({ lat, lon }: { lat: number; lon: number }) {
  const units = useUrlValue(unitsKey);
  const timeBasis = useUrlValue(timeBasisKey);
  const query = useQuery(minutelyForecastQueryOptions({ lat, lon }, units));
  const now = useNow(30_000);
  const labels = unitLabels[units];
  const rate = `${labels.precipitation}/h`;
  const data = query.data;
  const rows: MinuteRow[] | undefined = data?.data.map((point) => {
    const stamp = stampOf(point, timeBasis);
    const row = { ts: point.ts, stamp, precip: point.precip, snow: point.snow };
    const snowy = isSnow(row);
    return {
      ...row,
      clock: clockLabel(stamp),
      rain: snowy ? 0 : point.precip,
      snowfall: snowy ? point.precip : 0,
      temp: point.temp,
    };
  });
  const place = usePointName({ lat, lon }, data).label;
  const summary = rows ? minutelySummary(rows, now.getTime() / 1000, units) : undefined;

  const columns: Column<MinuteRow>[] = [
    {
      key: 'time',
      label: `Time (${timeBasis === 'utc' ? 'UTC' : 'local'})`,
      value: (r) => r.stamp,
      format: (r) => r.clock,
    },
    { key: 'precip', label: `Precipitation rate (${rate})`, value: (r) => r.precip },
    { key: 'snow', label: `Snowfall rate (${rate})`, value: (r) => r.snow },
    {
      key: 'kind',
      label: 'Falling as',
      value: (r) => (r.precip < wetThreshold(units) ? 'none' : isSnow(r) ? 'snow' : 'rain'),
    },
    { key: 'temp', label: `Temperature (${labels.temperature})`, value: (r) => r.temp },
  ];

  return (
    <ChartPanel
      id="minutely"
      title="Next 60 minutes"
      subtitle={data ? `${place} · ${basisName(timeBasis, data.timezone)}` : undefined}
      status={queryStatus(query, 'minutely')}
      summary={
        summary && (
          <p className="chart-panel__summary" data-testid="minutely-summary">
            {summary}
          </p>
        )
      }
      caption={`Precipitation minute by minute for ${place}`}
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.ts)}
      exportName={exportFileName('minutely', place, rows?.[0]?.stamp.slice(0, 10) ?? 'forecast')}
      emptyText="The provider has no minute-by-minute forecast for this point."
      chart={(shown) => (
        <ChartStack
          data={shown}
          formatter={(value, name) => [Number(value).toFixed(units === 'I' ? 3 : 2), String(name)]}
          time={{
            key: (row) => row.ts,
            stamp: (row) => row.stamp,
            tooltipLabel: (row) => row.clock,
          }}
          rows={[
            {
              left: precipitationAxis(
                `Rate (${rate})`,
                // Rain and snow stack on one bar, one of them zero: the bar is the rate.
                shown.map((row) => row.rain + row.snowfall),
                units,
              ),
              barCategoryGap: 1,
              series: [
                rateBar('rain', 'rain', `Rain (${rate})`),
                rateBar('snow', 'snowfall', `Snow (${rate})`),
              ],
            },
          ]}
        />
      )}
    />
  );
}

/** Rain and snow stack on one bar per minute, drawn even when dry so each minute is counted. */
function rateBar(kind: 'rain' | 'snow', dataKey: keyof MinuteRow, name: string) {
  const className = `minute-bar minute-bar--${kind}`;
  return seriesBar(dataKey, name, chartColours[kind], {
    yAxisId: 'precip',
    stackId: 'rate',
    shape: (props: BarShapeProps) => <PointBar {...props} className={className} />,
  });
}
