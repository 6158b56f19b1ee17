import type { ReactNode } from 'react';
import {
  CartesianGrid,
  ComposedChart,
  DefaultLegendContent,
  type DefaultLegendContentProps,
  Legend,
  type Margin,
  Tooltip,
  type TooltipProps,
  XAxis,
  type XAxisTickContentProps,
  YAxis,
} from 'recharts';
import { type NiceScale, niceScale, ticksForLength } from '../lib/chart-scale';
import { type TimeTick, timeTicks } from '../lib/time-ticks';
import type { AxisSpec } from './chart-axes';
import { type ChartFont, type Size, useChartFont, useElementSize } from './chart-measure';
import { chartColours, tooltipProps } from './chart-theme';
import './chart-stack.css';

export interface ChartRowSpec {
  left: AxisSpec;
  right?: AxisSpec;
  /** The row's series and bands, handed to the chart as its own children, never wrapped. */
  series: ReactNode;
  barCategoryGap?: number;
}

/** How a custom tick draws: at the tick's point, for the tick's row. */
export interface TickDrawing {
  /** Pixels the tick needs below the axis, and the least width it takes whatever its text. */
  size: (fontPx: number) => { height: number; minWidth: number };
  draw: (props: { x: number; y: number; tick: TimeTick; fontPx: number }) => ReactNode;
}

export interface TimeAxisSpec<Row> {
  /** A value unique to each row: the category the row is drawn at. */
  key: (row: Row) => string | number;
  /** Each row's stamp in the chosen basis (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`). */
  stamp: (row: Row) => string;
  /** The tooltip's heading for a row. */
  tooltipLabel: (row: Row) => string;
  /** Draws the ticks another way (the daily forecast's weather icons). */
  tick?: TickDrawing;
}

export interface ChartStackProps<Row> {
  data: readonly Row[];
  time: TimeAxisSpec<Row>;
  rows: readonly ChartRowSpec[];
  /** Each row's share of the height; equal shares when absent. */
  weights?: readonly number[];
  formatter?: TooltipProps['formatter'];
}

/**
 * Charts stacked over one time axis, drawn under the top row. The stack measures itself and
 * the chart font, then lays every row out to fit: value ticks at nice steps, as many as the
 * row's height holds; each side's axes as wide as the widest label on that side in any row
 * (so the plots line up); axis titles in the key above the plot; time ticks as many as the
 * plot's width holds without labels touching.
 */
export function ChartStack<Row>(props: ChartStackProps<Row>) {
  const [ref, size] = useElementSize<HTMLDivElement>();
  const font = useChartFont();
  return (
    <div ref={ref} className="chart-stack" style={{ fontSize: font.px }}>
      {size && size.width > 0 && size.height > 0 && (
        <StackRows {...props} size={size} font={font} />
      )}
    </div>
  );
}

interface RowLayout {
  spec: ChartRowSpec;
  height: number;
  margin: Margin;
  left: NiceScale;
  right: NiceScale | undefined;
}

function StackRows<Row>(props: ChartStackProps<Row> & { size: Size; font: ChartFont }) {
  const { size, font, time, data } = props;
  const px = font.px;
  const weights = props.weights ?? props.rows.map(() => 1);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  // Two lines of tick text 8 px below the axis line, unless the ticks draw themselves.
  const drawn = time.tick?.size(px) ?? { height: 8 + px * 2.5, minWidth: 0 };
  const tickSize = { height: Math.ceil(drawn.height), minWidth: drawn.minWidth };
  // One line of key; a key that wraps takes a line off the plot, which the spacing of the
  // value ticks below (1.8 lines) absorbs without labels touching.
  const keyHeight = px * 1.8;
  const hasRight = props.rows.some((row) => row.right);

  // The time axis under the top row comes off the height first, so the weights share the
  // plots alone and equal weights draw equal plots.
  const shared = Math.max(0, size.height - tickSize.height);
  const rows: RowLayout[] = props.rows.map((spec, index) => {
    const share = Math.floor((shared * (weights[index] ?? 1)) / totalWeight);
    const height = share + (index === 0 ? tickSize.height : 0);
    const margin: Margin = {
      top: px * 0.25,
      right: hasRight ? 0 : px * 0.5,
      // The lowest tick label is centred on the bottom edge: half of it hangs below.
      bottom: index === 0 ? 0 : px * 0.6,
      left: 0,
    };
    const plotHeight =
      height - keyHeight - margin.top - (index === 0 ? tickSize.height : margin.bottom);
    const count = ticksForLength(plotHeight, px * 1.8);
    const scale = (axis: AxisSpec) => niceScale(axis.min, axis.max, count, axis.options);
    return {
      spec,
      height,
      margin,
      left: scale(spec.left),
      right: spec.right && scale(spec.right),
    };
  });

  // Room for the widest label, the tick's 8 px offset from the axis line and a little air.
  const axisWidth = (scales: (NiceScale | undefined)[]) => {
    const labels = scales.flatMap((scale) => scale?.labels ?? []);
    if (labels.length === 0) return 0;
    return Math.ceil(Math.max(...labels.map(font.measure)) + 8 + px * 0.4);
  };
  const leftWidth = axisWidth(rows.map((row) => row.left));
  const rightWidth = axisWidth(rows.map((row) => row.right));
  const plotWidth = size.width - leftWidth - rightWidth - (hasRight ? 0 : px * 0.5);
  const ticks = timeTicks(data.map(time.stamp), {
    width: Math.max(0, plotWidth),
    measure: font.measure,
    gap: px * 0.75,
    minWidth: tickSize.minWidth,
  });
  const tickAt = new Map(ticks.map((tick) => [time.key(data[tick.index] as Row), tick]));
  const drawTick = time.tick?.draw ?? timeTickText;
  const renderTick = (tickProps: XAxisTickContentProps) => {
    const tick = tickAt.get(tickProps.payload.value as string | number);
    if (!tick) return null;
    return drawTick({ x: Number(tickProps.x), y: Number(tickProps.y), tick, fontPx: px });
  };
  const labelFormatter: TooltipProps['labelFormatter'] = (_label, payload) => {
    const row = payload?.[0]?.payload as Row | undefined;
    return row === undefined ? '' : time.tooltipLabel(row);
  };

  return rows.map((row, index) => (
    <ComposedChart
      key={index}
      width={size.width}
      height={row.height}
      data={data as Row[]}
      margin={row.margin}
      barCategoryGap={row.spec.barCategoryGap}
    >
      <CartesianGrid
        yAxisId={row.spec.left.id}
        stroke={chartColours.grid}
        strokeDasharray="3 3"
        vertical={false}
      />
      <XAxis
        dataKey={time.key}
        // Bands in every row, lines or bars, so the rows' periods line up under one axis.
        scale="band"
        hide={index !== 0}
        ticks={ticks.map((tick) => time.key(data[tick.index] as Row))}
        interval={0}
        height={tickSize.height}
        tick={renderTick}
        tickLine={false}
        stroke={chartColours.axis}
      />
      {valueAxis(row.spec.left, row.left, 'left', leftWidth)}
      {row.spec.right && row.right
        ? valueAxis(row.spec.right, row.right, 'right', rightWidth)
        : hasRight && blankAxis(rightWidth)}
      {row.spec.series}
      <Tooltip {...tooltipProps} formatter={props.formatter} labelFormatter={labelFormatter} />
      <Legend
        verticalAlign="top"
        content={(legend: DefaultLegendContentProps) => (
          <ChartKey
            legend={legend}
            iconSize={px}
            left={row.spec.left.title}
            right={row.spec.right?.title}
          />
        )}
      />
    </ComposedChart>
  ));
}

/**
 * Keeps a row's plot as wide as its neighbours' when only they have a right axis: drawn
 * empty, since a hidden axis takes no room.
 */
function blankAxis(width: number) {
  return (
    <YAxis
      yAxisId="blank"
      orientation="right"
      width={width}
      tick={false}
      tickLine={false}
      axisLine={false}
    />
  );
}

function valueAxis(spec: AxisSpec, scale: NiceScale, side: 'left' | 'right', width: number) {
  const labels = new Map(scale.ticks.map((tick, index) => [tick, scale.labels[index]]));
  return (
    <YAxis
      yAxisId={spec.id}
      orientation={side}
      type="number"
      width={width}
      domain={scale.domain}
      ticks={scale.ticks}
      // The ticks are already nice; Recharts' own would widen the domain past them.
      niceTicks="none"
      interval={0}
      tickFormatter={(value: number) => labels.get(value) ?? String(value)}
      tick={{ fill: chartColours.axis }}
      tickLine={false}
      stroke={chartColours.axis}
    />
  );
}

/** The axis titles over their axes, the series between them; wraps on a narrow screen. */
function ChartKey(props: {
  legend: DefaultLegendContentProps;
  iconSize: number;
  left: string;
  right: string | undefined;
}) {
  return (
    <div className="chart-key">
      <span className="chart-key__title">{props.left}</span>
      <DefaultLegendContent {...props.legend} iconSize={props.iconSize} />
      {props.right && (
        <span className="chart-key__title chart-key__title--right">{props.right}</span>
      )}
    </div>
  );
}

/** A time tick: the clock or day, and under it the day or month where that changes. */
function timeTickText({ x, y, tick }: { x: number; y: number; tick: TimeTick }) {
  return (
    <text x={x} y={y} textAnchor={tick.anchor} fill={chartColours.axis} className="time-tick">
      <tspan x={x} dy="0.71em">
        {tick.main}
      </tspan>
      {tick.context && (
        <tspan x={x} dy="1.3em">
          {tick.context}
        </tspan>
      )}
    </text>
  );
}
