import type { ReactNode } from 'react';
import {
  CartesianGrid,
  ComposedChart,
  Legend,
  type Margin,
  ResponsiveContainer,
  Tooltip,
  type TooltipProps,
} from 'recharts';
import { chartColours, tooltipProps } from './chart-theme';

const defaultMargin: Margin = { top: 8, right: 8, bottom: 0, left: 0 };

export interface ChartRowProps<Row> {
  data: readonly Row[];
  formatter?: TooltipProps['formatter'];
  labelFormatter?: TooltipProps['labelFormatter'];
  margin?: Margin;
  barCategoryGap?: number;
  /** The row's axes and series. */
  children: ReactNode;
}

/**
 * One chart of a stack, with the grid, tooltip and legend every row shares. The children go to
 * `ComposedChart` as they are, never wrapped, so Recharts sees the axes and series as its own.
 */
export function ChartRow<Row>(props: ChartRowProps<Row>) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        data={props.data}
        margin={props.margin ?? defaultMargin}
        barCategoryGap={props.barCategoryGap}
      >
        <CartesianGrid stroke={chartColours.grid} strokeDasharray="3 3" vertical={false} />
        {props.children}
        <Tooltip
          {...tooltipProps}
          formatter={props.formatter}
          labelFormatter={props.labelFormatter}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
