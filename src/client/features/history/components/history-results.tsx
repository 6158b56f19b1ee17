import type { AirQuality } from '../../../../shared/weather/air-quality-schema';
import type { HistoryDaily, HistoryHourly } from '../../../../shared/weather/history-schema';
import type { Lightning, LightningGeoJson } from '../../../../shared/weather/lightning-schema';
import type { UnitSystem } from '../../../../shared/weather/units';
import { ChartPanel, type ChartPanelStatus } from '../../../components/chart-panel';
import { downloadText, exportFileName } from '../../../lib/csv';
import type { TimeBasis } from '../../../lib/period-labels';
import type { HistoryResult } from '../api/history-query';
import {
  airQualityHistoryView,
  dailyHistoryView,
  type HistoryView,
  hourlyHistoryView,
  lightningHistoryView,
} from '../lib/history-views';
import { placeLabel } from '../../../../shared/geo/place-label';

interface ResultsProps {
  result: HistoryResult;
  units: UnitSystem;
  status: ChartPanelStatus;
  fileDate: string;
  onShowOnMap: () => void;
}

/** The fetched history as a chart and table, with CSV and JSON of exactly what came back. */
export function HistoryResults(props: ResultsProps) {
  const { result, units } = props;
  const datas = result.answers.map((answer) => answer.data);
  // A split range comes back as several answers for one place: their records, in order.
  const merged = <T extends { data: unknown[] }>(parts: T[]): T => ({
    ...(parts[0] as T),
    data: parts.flatMap((part) => part.data),
  });
  switch (result.endpoint) {
    case 'history/hourly': {
      const data = merged(datas as HistoryHourly[]);
      return (
        <ResultsPanel
          {...props}
          view={hourlyHistoryView(data, units, result.basis)}
          place={placeOf(data)}
          basis={basisText(result.basis, data.timezone)}
        />
      );
    }
    case 'history/daily': {
      const data = merged(datas as HistoryDaily[]);
      return (
        <ResultsPanel
          {...props}
          view={dailyHistoryView(data, units)}
          place={placeOf(data)}
          basis="days in UTC"
        />
      );
    }
    case 'history/airquality': {
      const data = merged(datas as AirQuality[]);
      return (
        <ResultsPanel
          {...props}
          view={airQualityHistoryView(data, result.basis)}
          place={placeOf(data)}
          basis={basisText(result.basis, data.timezone)}
        />
      );
    }
    case 'history/lightning': {
      const geo = datas[0] as LightningGeoJson;
      // The map's lightning layer asks for GeoJSON; the same answer serves both, cached once.
      const lightning: Lightning = {
        ...geo,
        lightning: geo.features.map((feature) => ({
          ...feature.properties,
          lon: feature.geometry.coordinates[0],
          lat: feature.geometry.coordinates[1],
        })),
      };
      return (
        <ResultsPanel
          {...props}
          view={lightningHistoryView(lightning, result.basis)}
          place={`${geo.lat.toFixed(2)}, ${geo.lon.toFixed(2)}`}
          basis={basisText(result.basis, geo.timezone)}
        />
      );
    }
  }
}

function ResultsPanel<Row>({
  result,
  status,
  fileDate,
  onShowOnMap,
  view,
  place,
  basis,
}: ResultsProps & { view: HistoryView<Row>; place: string; basis: string }) {
  const name = result.endpoint.replace('history/', 'history-');
  const exportJson = () => {
    const texts = result.answers.map((answer) => answer.text);
    // One request: its body byte for byte; several: their bodies in order, as a JSON array.
    const text = texts.length === 1 ? (texts[0] ?? '') : `[${texts.join(',')}]`;
    downloadText(exportFileName(name, place, fileDate, 'json'), text, 'application/json');
  };
  return (
    <ChartPanel
      id="history-results"
      title="Results"
      subtitle={`${place} · ${basis}`}
      status={status}
      summary={
        <p className="chart-panel__summary" data-testid="history-source" role="status">
          {result.unitsSpent === 0
            ? 'Served from Skydeck’s cache: no quota spent.'
            : `Fetched from the provider: ${result.unitsSpent} quota units spent.`}
        </p>
      }
      caption={view.caption}
      columns={view.columns}
      rows={view.rows}
      rowKey={view.rowKey}
      exportName={exportFileName(name, place, fileDate)}
      emptyText="The provider has no history for this query."
      chart={view.chart}
      actions={
        <>
          <button type="button" onClick={exportJson}>
            Download JSON
          </button>
          {result.endpoint === 'history/lightning' && (
            <button type="button" onClick={onShowOnMap}>
              Show strikes on the map
            </button>
          )}
        </>
      }
    />
  );
}

function basisText(basis: TimeBasis, timeZone: string): string {
  return basis === 'utc' ? 'times in UTC' : `local time (${timeZone})`;
}

function placeOf(data: { city_name?: string; country_code?: string }): string {
  return placeLabel({ name: data.city_name ?? '', countryCode: data.country_code ?? '' });
}
