import type { ForecastPanel as Panel } from '../../../lib/url-state/display-keys';
import { AirQualityPanel } from './air-quality-panel';
import { DailyPanel } from './daily-panel';
import { EnergyPanel } from './energy-panel';
import { MinutelyPanel } from './minutely-panel';

/**
 * The open chart panel. This module is the chart code's entry point: it and Recharts load only
 * when a panel is opened, so the map never waits for them.
 */
export default function ForecastPanel({
  panel,
  lat,
  lon,
}: {
  panel: Panel;
  lat: number;
  lon: number;
}) {
  switch (panel) {
    case 'daily':
      return <DailyPanel lat={lat} lon={lon} />;
    case 'minutely':
      return <MinutelyPanel lat={lat} lon={lon} />;
    case 'airquality':
      return <AirQualityPanel lat={lat} lon={lon} />;
    case 'energy':
      return <EnergyPanel lat={lat} lon={lon} />;
  }
}
