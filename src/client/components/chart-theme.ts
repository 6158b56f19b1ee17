/** Colours and shared props for every chart, matched to the dark dashboard. */
export const chartColours = {
  grid: '#24445a',
  axis: '#9fb3bd',
  max: '#ff8a65',
  min: '#64b5f6',
  band: '#f6c343',
  rain: '#3b9eff',
  snow: '#e0f2ff',
  wind: '#8bd3c7',
  gust: '#4f9d92',
  uv: '#b388ff',
  aqi: '#ffffff',
  hdd: '#64b5f6',
  cdd: '#ff8a65',
  ghi: '#f6c343',
  dni: '#ff8a65',
  dhi: '#8bd3c7',
  solar: '#ffffff',
  sun: '#f6c343',
} as const;

/** Kiosks redraw for weeks: no entry animations, which also keeps screenshots exact. */
export const noAnimation = { isAnimationActive: false } as const;

export const tooltipProps = {
  contentStyle: { background: '#17303f', border: '1px solid #24445a', borderRadius: 6 },
  labelStyle: { color: '#e6edf0', fontWeight: 600 },
  itemStyle: { padding: 0 },
} as const;
