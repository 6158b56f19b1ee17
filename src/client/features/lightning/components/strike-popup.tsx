import { Popup } from 'react-map-gl/maplibre';
import { distanceText } from '../../../../shared/weather/units';
import { useViewState } from '../../../app/use-view-state';
import { serverNow } from '../../../lib/server-clock';
import { relativeAge } from '../../../lib/time-format';
import type { StrikeProperties } from '../lib/strike-features';
import './strike-popup.css';

export interface SelectedStrike {
  lon: number;
  lat: number;
  properties: StrikeProperties;
}

/** Everything about one strike relative to the selected point. */
export function StrikePopup({ strike, onClose }: { strike: SelectedStrike; onClose: () => void }) {
  const p = strike.properties;
  const { units, timeBasis } = useViewState();
  return (
    <Popup
      longitude={strike.lon}
      latitude={strike.lat}
      onClose={onClose}
      closeOnClick={false}
      maxWidth="280px"
    >
      <div className="strike-popup" data-testid="strike-popup">
        <h3>Lightning {p.type}</h3>
        <dl>
          <dt>Distance</dt>
          <dd>{distanceText(units, p.distance_km)}</dd>
          <dt>Bearing</dt>
          <dd>
            {p.bearing_cardinal} ({p.bearing_degrees}°)
          </dd>
          <dt>Time</dt>
          <dd>
            {timeBasis === 'utc'
              ? `${p.timestamp_utc.slice(11, 19)} UTC`
              : `${p.timestamp_local.slice(11, 19)} local`}
          </dd>
          <dt>Age</dt>
          <dd>{relativeAge(new Date(p.t), new Date(serverNow()))}</dd>
          <dt>Source</dt>
          <dd>{p.source}</dd>
        </dl>
      </div>
    </Popup>
  );
}
