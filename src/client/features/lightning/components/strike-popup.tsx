import { Popup } from 'react-map-gl/maplibre';
import { kilometresPerMile } from '../../../../shared/geo/great-circle';
import { relativeAge } from '../../../lib/time-format';
import type { StrikeProperties } from '../lib/strike-features';

export interface SelectedStrike {
  lon: number;
  lat: number;
  properties: StrikeProperties;
}

/** Everything about one strike relative to the selected point. */
export function StrikePopup({ strike, onClose }: { strike: SelectedStrike; onClose: () => void }) {
  const p = strike.properties;
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
          <dd>
            {p.distance_km.toFixed(1)} km · {(p.distance_km / kilometresPerMile).toFixed(1)} mi
          </dd>
          <dt>Bearing</dt>
          <dd>
            {p.bearing_cardinal} ({p.bearing_degrees}°)
          </dd>
          <dt>Time</dt>
          <dd>
            {p.timestamp_utc.slice(11, 19)} UTC · {p.timestamp_local.slice(11, 19)} local
          </dd>
          <dt>Age</dt>
          <dd>{relativeAge(new Date(p.t), new Date())}</dd>
          <dt>Source</dt>
          <dd>{p.source}</dd>
        </dl>
      </div>
    </Popup>
  );
}
