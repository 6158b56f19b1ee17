import { YAxis, type YAxisProps } from 'recharts';
import type { UnitSystem } from '../../shared/weather/units';
import { axisLabel, axisProps } from './chart-theme';

/**
 * A Y axis in the chart style with its title along it. Keyed by its axis id (unique in a chart,
 * and unlike the title the same in every unit system) so it can also stand in a list. Functions
 * rather than components, here and in chart-series, so that the chart gets the axis itself as
 * its child.
 */
export function titledYAxis(
  title: string,
  side: 'left' | 'right',
  props: Omit<YAxisProps, 'label' | 'orientation' | 'ref'>,
) {
  return (
    <YAxis
      key={`y-axis-${String(props.yAxisId ?? 0)}`}
      orientation={side === 'right' ? 'right' : undefined}
      {...axisProps}
      label={axisLabel(title, side)}
      {...props}
    />
  );
}

/** Whole degrees with a little room above and below, so the lines never touch the frame. */
export function temperatureAxis(unit: string, props: { yAxisId?: string; width: number }) {
  return titledYAxis(`Temperature (${unit})`, 'left', {
    domain: ['dataMin - 2', 'dataMax + 2'],
    allowDecimals: false,
    tickFormatter: (value: number) => value.toFixed(0),
    ...props,
  });
}

/** A dry spell still gets a readable scale rather than one squashed onto zero. */
export function precipitationDomain(units: UnitSystem): YAxisProps['domain'] {
  return [0, (max: number) => Math.max(units === 'I' ? 0.1 : 2, max)];
}

/** Keeps the plot areas of stacked charts the same width when only one has a right axis. */
export function blankRightAxis(width: number) {
  return <YAxis yAxisId="blank" orientation="right" width={width} hide />;
}
