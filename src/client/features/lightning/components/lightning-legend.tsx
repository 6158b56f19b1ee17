import { useUrlValue } from '../../../lib/url-state/link';
import { historyDayKey } from '../url-state';
import { useLightningData } from '../hooks/use-lightning-data';
import { notLoadedText, strikesText, strikeSpan } from '../lib/strike-load';
import { basisName, hourStops, strikesUpTo, timeOfDayGradient } from '../lib/time-of-day';
import { ageStops } from '../lib/strike-style';
import './lightning-legend.css';

/** The map's key: strike ages for live data, the hours of the day for a day of history. */
export function LightningLegend({ point }: { point: { lat: number; lon: number } | undefined }) {
  const historyDay = useUrlValue(historyDayKey);
  return historyDay && point ? <HistoryLegend point={point} /> : <AgeLegend />;
}

function AgeLegend() {
  return (
    <div className="lightning-legend" role="group" aria-label="Lightning strike age">
      <span className="lightning-legend__title">Strike age</span>
      {ageStops.map((stop) => (
        <span key={stop.minutes} className="lightning-legend__item">
          <span
            className="lightning-legend__swatch"
            style={{ background: stop.colour }}
            aria-hidden="true"
          />
          {stop.label}
        </span>
      ))}
    </div>
  );
}

/** The time-of-day ramp with its hour marks, as the map and the polar view colour strikes. */
export function HourScale() {
  return (
    <span className="hour-scale" aria-hidden="true">
      <span className="hour-scale__ramp" style={{ background: timeOfDayGradient }} />
      <span className="hour-scale__marks">
        {hourStops.map((stop) => (
          <span key={stop.minute}>{stop.label}</span>
        ))}
      </span>
    </span>
  );
}

function HistoryLegend({ point }: { point: { lat: number; lon: number } }) {
  const { day, load, collection } = useLightningData(point);
  if (!day) return null;
  const shown = strikesUpTo(collection?.features ?? [], day).length;
  const basis = basisName(day.tz);
  return (
    <div
      className="lightning-legend lightning-legend--history"
      role="group"
      aria-label={`Lightning strike time of day (${basis}), 00 to 24`}
    >
      <span className="lightning-legend__title">Strike time ({basis})</span>
      <HourScale />
      <span className="lightning-legend__status" data-testid="lightning-legend-status">
        {notLoadedText(load, day) ?? `${strikesText(shown)} ${strikeSpan(day, null)}`}
      </span>
    </div>
  );
}
