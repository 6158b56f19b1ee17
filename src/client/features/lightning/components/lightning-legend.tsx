import { ageStops } from './lightning-layer';

export function LightningLegend() {
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
