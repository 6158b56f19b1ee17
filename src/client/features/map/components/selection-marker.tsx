import { Marker } from 'react-map-gl/maplibre';
import './selection-marker.css';

export function SelectionMarker({ lat, lon, name }: { lat: number; lon: number; name?: string }) {
  const point = `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
  return (
    <Marker latitude={lat} longitude={lon} anchor="bottom">
      <svg
        className="selection-marker"
        data-testid="selection-marker"
        width="28"
        height="38"
        viewBox="0 0 28 38"
        role="img"
        aria-label={`Selected point ${point}${name ? `: ${name}` : ''}`}
      >
        <path
          d="M14 37s12-13.2 12-23A12 12 0 0 0 2 14c0 9.8 12 23 12 23z"
          fill="#f6c343"
          stroke="#0d2030"
          strokeWidth="2"
        />
        <circle cx="14" cy="14" r="4.5" fill="#0d2030" />
      </svg>
    </Marker>
  );
}
