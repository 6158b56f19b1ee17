import './weather-map.css';

/**
 * Where the map will be, the same size: shown while the map's code (MapLibre, a chunk of its own
 * loaded after the first paint) or its basemap is on the way, or when the basemap failed.
 */
export function MapPlaceholder({ failed = false }: { failed?: boolean }) {
  return (
    <div className="map map--placeholder" role="status">
      {failed ? 'The basemap could not be loaded. Reload the page to try again.' : 'Loading map…'}
    </div>
  );
}
