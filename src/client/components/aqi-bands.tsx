import { type LineProps, ReferenceArea } from 'recharts';
import { aqiCategories, type Pollutant, pollutantNames } from '../../shared/weather/aqi';
import { titledYAxis } from './chart-axes';
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
export function aqiCeiling(rows: readonly { aqi: number }[]): number {
  const top = Math.max(...rows.map((row) => row.aqi));
  return aqiCategories.find((category) => top <= category.max)?.max ?? 500;
}

/**
 * The EPA categories as named bands on the `aqi` axis, up to the ceiling. A plain function, not
 * a component, so the bands land in the chart as its own children.
 */
export function aqiBands(ceiling: number) {
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
        label={{
          value: category.name,
          position: 'insideTopLeft',
          fill: category.color,
          fontSize: 11,
        }}
      />,
    ];
  });
}

/** The index on the left; `concentration` adds the pollutants' axis on the right. */
export function aqiAxes(ceiling: number, width: number, concentration: boolean) {
  const aqi = titledYAxis('AQI (US EPA)', 'left', { yAxisId: 'aqi', width, domain: [0, ceiling] });
  if (!concentration) return [aqi];
  return [
    aqi,
    titledYAxis('Concentration (µg/m³)', 'right', { yAxisId: 'concentration', width: 64 }),
  ];
}

/**
 * The index, its dots marked with `pointClass` so every hour can be counted, then the chosen
 * pollutants on the concentration axis, each in its own colour.
 */
export function aqiLines(
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
