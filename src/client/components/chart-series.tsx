import { Area, Bar, type BarProps, Line, type LineProps } from 'recharts';
import { chartColours, noAnimation } from './chart-theme';

/** Whatever else a series sets (axis, width, dashes, opacity, dots, shape). */
type LineExtra = Omit<LineProps, 'ref' | 'dataKey' | 'name'>;
type BarExtra = Omit<BarProps, 'ref' | 'dataKey' | 'name'>;

/**
 * A line without dots unless `props` gives some. Keyed by its field so it can also stand in a
 * list; never animated, whatever `props` say.
 */
export function seriesLine(dataKey: string, name: string, stroke: string, props: LineExtra = {}) {
  const line = { dataKey, name, stroke, dot: false, ...props, ...noAnimation };
  return <Line key={dataKey} {...line} />;
}

/** A bar series, keyed by its field and never animated. */
export function seriesBar(dataKey: string, name: string, fill: string, props: BarExtra = {}) {
  return (
    <Bar key={dataKey} dataKey={dataKey} name={name} fill={fill} {...props} {...noAnimation} />
  );
}

/** A series to draw: the row's field and the legend's name for it. */
export interface Series {
  dataKey: string;
  name: string;
}

/** Sustained wind solid and gusts dashed, in the same colours on every wind row. */
export function windLines(wind: Series, gust: Series, yAxisId?: string) {
  return [
    seriesLine(wind.dataKey, wind.name, chartColours.wind, { yAxisId, strokeWidth: 2 }),
    seriesLine(gust.dataKey, gust.name, chartColours.gust, { yAxisId, strokeDasharray: '4 3' }),
  ];
}

/** The day's span from min to max: a band behind the lines, with no legend or tooltip entry. */
export function temperatureRange(yAxisId?: string) {
  return (
    <Area
      key="range"
      yAxisId={yAxisId}
      dataKey="range"
      name="Min–max range"
      stroke="none"
      fill={chartColours.band}
      fillOpacity={0.18}
      legendType="none"
      tooltipType="none"
      {...noAnimation}
    />
  );
}
