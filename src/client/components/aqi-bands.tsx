import { type LineProps, ReferenceArea } from 'recharts';
import { aqiCategories, type Pollutant, pollutantNames } from '../../shared/weather/aqi';
import { type AxisSpec, amountAxis, fixedAxis } from './chart-axes';
import type { ChartRowSpec } from './chart-stack';
import { seriesLine } from './chart-series';
import { chartColours } from './chart-theme';

const pollutantColours: Record<Pollutant, string> = {
  pm25: '#ff8a65',
  pm10: '#ffd54f',
  o3: '#64b5f6',
  no2: '#ba68c8',
  so2: '#4db6ac',
  co: '#a1887f',
};

/** The top of the category the worst hour reaches, so the scale ends on a band's edge. */
function aqiCeiling(rows: readonly { aqi: number }[]): number {
  const top = Math.max(...rows.map((row) => row.aqi));
  return aqiCategories.find((category) => top <= category.max)?.max ?? 500;
}

/**
 * The EPA categories as named bands on the `aqi` axis, up to the ceiling. A plain function, not
 * a component, so the bands land in the chart as its own children.
 */
function aqiBands(ceiling: number) {
  return aqiCategories.flatMap((category, index) => {
    const floor = index === 0 ? 0 : (aqiCategories[index - 1]?.max ?? 0);
    if (floor >= ceiling) return [];
    return [
      <ReferenceArea
        key={category.name}
        yAxisId="aqi"
        y1={floor}
        y2={Math.min(category.max, ceiling)}
        fill={category.color}
        fillOpacity={0.14}
        stroke="none"
        label={{ value: category.name, position: 'insideTopLeft', fill: category.color }}
      />,
    ];
  });
}

/** The index from zero to the ceiling, so the scale ends on a band's edge. */
function aqiAxis(ceiling: number): AxisSpec {
  return fixedAxis('aqi', 'AQI (US EPA)', 0, ceiling);
}

/** The chosen pollutants' axis, or none when no pollutant is shown. */
function concentrationAxis<Row extends Record<Pollutant, number>>(
  rows: readonly Row[],
  names: readonly Pollutant[],
): AxisSpec | undefined {
  if (names.length === 0) return undefined;
  const values = rows.flatMap((row) => names.map((name) => row[name]));
  return amountAxis('concentration', 'Concentration (µg/m³)', values);
}

/**
 * The index, its dots marked with `pointClass` so every hour can be counted, then the chosen
 * pollutants on the concentration axis, each in its own colour.
 */
function aqiLines(
  pointClass: string,
  names: readonly Pollutant[],
  style: Pick<LineProps, 'strokeWidth' | 'strokeOpacity'>,
) {
  return [
    seriesLine('aqi', 'AQI', chartColours.aqi, {
      yAxisId: 'aqi',
      strokeWidth: 2,
      dot: { r: 1.5, className: pointClass },
    }),
    ...names.map((name) =>
      seriesLine(name, `${pollutantNames[name]} (µg/m³)`, pollutantColours[name], {
        yAxisId: 'concentration',
        ...style,
      }),
    ),
  ];
}

/**
 * The one row an air-quality chart has: the index over its named bands on the left, the
 * chosen pollutants' concentrations on the right.
 */
export function aqiRow<Row extends { aqi: number } & Record<Pollutant, number>>(
  rows: readonly Row[],
  names: readonly Pollutant[],
  pointClass: string,
  style: Pick<LineProps, 'strokeWidth' | 'strokeOpacity'>,
): ChartRowSpec {
  const ceiling = aqiCeiling(rows);
  return {
    left: aqiAxis(ceiling),
    right: concentrationAxis(rows, names),
    series: [...aqiBands(ceiling), ...aqiLines(pointClass, names, style)],
  };
}
