import type { MapMouseEvent } from 'maplibre-gl';
import { useEffect } from 'react';
import { Popup, useMap } from 'react-map-gl/maplibre';
import { distanceText } from '../../../../shared/weather/units';
import { timeBasisKey, unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import { serverNow } from '../../../lib/server-clock';
import { relativeAge } from '../../../lib/time-format';
import { strikeLayerId, type StrikeProperties } from '../lib/strike-features';
import { closeStrike, openStrike, useOpenStrike } from '../stores/strike-popup-store';
import './strike-popup.css';

/**
 * Everything about one strike relative to the selected point, opened by a click on it; a click
 * anywhere else closes it (and, the map's own, selects that point).
 */
export function StrikePopup() {
  const { current: map } = useMap();
  useEffect(() => {
    if (!map) return;
    const onClick = (event: MapMouseEvent) => {
      const hit = map.queryRenderedFeatures(event.point, { layers: [strikeLayerId] })[0];
      if (hit?.geometry.type !== 'Point') return closeStrike();
      const [lon = 0, lat = 0] = hit.geometry.coordinates;
      openStrike({ lon, lat, properties: hit.properties as StrikeProperties });
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      closeStrike();
    };
  }, [map]);
  const strike = useOpenStrike();
  return strike ? <StrikeDetails strike={strike} /> : null;
}

function StrikeDetails({ strike }: { strike: NonNullable<ReturnType<typeof useOpenStrike>> }) {
  const p = strike.properties;
  const units = useUrlValue(unitsKey);
  const timeBasis = useUrlValue(timeBasisKey);
  return (
    <Popup
      longitude={strike.lon}
      latitude={strike.lat}
      onClose={closeStrike}
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
