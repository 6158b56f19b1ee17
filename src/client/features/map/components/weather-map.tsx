import 'maplibre-gl/dist/maplibre-gl.css';
import '../lib/maplibre-worker';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import MapView, {
  type MapLayerMouseEvent,
  type MapRef,
  NavigationControl,
  ScaleControl,
  type ViewStateChangeEvent,
} from 'react-map-gl/maplibre';
import { updateViewState, useViewState } from '../../../app/use-view-state';
import { maxZoom, parseViewState, wrapLongitude } from '../../../app/view-state';
import { clientConfigQueryOptions } from '../../status/api/client-config-query';
import { basemapQueryOptions } from '../api/basemap-query';
import { pmtilesStyleQueryOptions } from '../api/pmtiles-style-query';
import { useEdgeLabels } from '../hooks/use-edge-labels';
import { usePlaceTiles } from '../hooks/use-place-tiles';
import { useSelectionName } from '../hooks/use-selection-name';
import { basemapColours, offlineStyle, placeLabelLayers } from '../lib/offline-style';
import { basemapKind } from '../lib/basemap-kind';
import { dotImageIds, placeDotImage } from '../lib/place-dot';
import { LightningLayer } from '../../lightning/components/lightning-layer';
import { LightningLegend } from '../../lightning/components/lightning-legend';
import { type SelectedStrike, StrikePopup } from '../../lightning/components/strike-popup';
import type { StrikeProperties } from '../../lightning/lib/strike-features';
import { SelectionLabel } from './selection-label';
import { SelectionMarker } from './selection-marker';
import './weather-map.css';

const worldCentre = { lat: 20, lon: 0 };
/** Moves smaller than this (degrees) leave the centre "on the selection". */
const centreTolerance = 1e-4;

/**
 * The map is uncontrolled: the URL seeds its first view, and the view is written back when a
 * move ends, so MapLibre never re-renders through React while panning.
 */
export function WeatherMap() {
  const view = useViewState();
  const mapRef = useRef<MapRef>(null);
  const [ready, setReady] = useState(false);
  const [loadedMap, setLoadedMap] = useState<MapLibreMap | undefined>();
  const config = useQuery(clientConfigQueryOptions());
  const basemapChoice = useMemo(
    () => (config.data ? basemapKind(config.data, window.location.href) : undefined),
    [config.data],
  );
  const kind = basemapChoice?.kind;
  const basemap = useQuery({ ...basemapQueryOptions(), enabled: kind === 'offline' });
  const detailed = useQuery({
    ...pmtilesStyleQueryOptions(basemapChoice?.kind === 'pmtiles' ? basemapChoice.archiveUrl : ''),
    enabled: kind === 'pmtiles',
  });

  const [initialView] = useState(() => {
    const centre = view.centre ?? view.selection ?? worldCentre;
    return { latitude: centre.lat, longitude: centre.lon, zoom: view.zoom };
  });

  const mapStyle = useMemo(() => {
    if (basemapChoice?.kind === 'online') return basemapChoice.styleUrl;
    if (basemapChoice?.kind === 'pmtiles') return detailed.data;
    return basemap.data ? offlineStyle(basemap.data) : undefined;
  }, [basemapChoice, detailed.data, basemap.data]);
  const offline = kind === 'offline';
  usePlaceTiles(offline ? loadedMap : undefined, basemap.data?.tiles);
  useEdgeLabels(offline ? loadedMap : undefined, placeLabelLayers);
  const selectionName = useSelectionName(view.selection);

  const select = useCallback((lat: number, lon: number) => {
    const map = mapRef.current;
    const centre = map?.getCenter();
    // Picking a place is navigation: Back returns to the one before.
    updateViewState(
      (current) => ({
        ...current,
        selection: { lat, lon: wrapLongitude(lon) },
        zoom: map?.getZoom() ?? current.zoom,
        centre: centre ? offSelection(centre.lat, wrapLongitude(centre.lng), lat, lon) : undefined,
      }),
      { history: 'push' },
    );
  }, []);

  // The URL can change under the map (Back, a place search, a kiosk's rotation): follow it.
  // After the map's own moves the URL already matches, and nothing happens.
  const target = view.centre ?? view.selection;
  useEffect(() => {
    if (ready && mapRef.current) followUrl(mapRef.current, false);
  }, [target?.lat, target?.lon, view.zoom, ready]);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    // The dock opening or closing resizes the map; the place it shows must stay in view.
    const onResize = () => followUrl(map, true);
    map.on('resize', onResize);
    return () => {
      map.off('resize', onResize);
    };
  }, [ready]);

  const [strike, setStrike] = useState<SelectedStrike | undefined>();
  const lightningOn = view.layers.includes('lightning');

  const onClick = useCallback(
    (event: MapLayerMouseEvent) => {
      // A click on a strike opens its details; anywhere else selects the point.
      const hit = event.features?.find((feature) => feature.layer.id === 'lightning-strikes');
      if (hit && hit.geometry.type === 'Point') {
        const [lon = 0, lat = 0] = hit.geometry.coordinates;
        setStrike({ lon, lat, properties: hit.properties as StrikeProperties });
        return;
      }
      setStrike(undefined);
      select(event.lngLat.lat, event.lngLat.lng);
    },
    [select],
  );

  const onMoveEnd = useCallback((event: ViewStateChangeEvent) => {
    // Only a person's moves are written back. The map's own flights follow the URL already, and
    // one cut short by the next (Back pressed twice) must not write where it happened to stop.
    if (!event.originalEvent) return;
    const { latitude, longitude, zoom } = event.viewState;
    updateViewState((current) => ({
      ...current,
      zoom,
      centre: current.selection
        ? offSelection(
            latitude,
            wrapLongitude(longitude),
            current.selection.lat,
            current.selection.lon,
          )
        : { lat: latitude, lon: wrapLongitude(longitude) },
    }));
  }, []);

  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      // Arrow keys pan and +/- zoom (MapLibre's own handler); Enter picks the point at the centre.
      if (event.key !== 'Enter') return;
      const centre = mapRef.current?.getCenter();
      if (centre) select(centre.lat, centre.lng);
    },
    [select],
  );

  if (!mapStyle) {
    const failed = basemap.isError || detailed.isError || config.isError;
    return (
      <div className="map map--placeholder" role="status">
        {failed ? 'The basemap could not be loaded. Reload the page to try again.' : 'Loading map…'}
      </div>
    );
  }

  return (
    <div
      className="map"
      role="region"
      aria-label="Weather map. Click a point, or pan with the arrow keys and press Enter, to see its weather."
      data-map-ready={ready}
      data-basemap={kind}
      onKeyDown={onKeyDown}
    >
      <MapView
        ref={mapRef}
        initialViewState={initialView}
        mapStyle={mapStyle}
        maxZoom={maxZoom}
        onClick={onClick}
        interactiveLayerIds={lightningOn ? ['lightning-strikes'] : []}
        onMoveEnd={onMoveEnd}
        // Before the first tiles are laid out, so no label is placed without its dot.
        onStyleData={(event) => addPlaceDot(event.target)}
        onLoad={(event) => {
          // A handle for end-to-end tests and for debugging from the console.
          window.__skydeckMap = event.target;
          setLoadedMap(event.target);
          setReady(true);
        }}
        cursor="crosshair"
        attributionControl={{
          compact: true,
          // The PMTiles archive names its own sources (OpenStreetMap).
          customAttribution: offline ? 'Natural Earth · GeoNames' : undefined,
        }}
      >
        <NavigationControl position="bottom-right" showCompass={false} />
        <ScaleControl position="bottom-left" />
        {view.selection && lightningOn && (
          <LightningLayer lat={view.selection.lat} lon={view.selection.lon} />
        )}
        {strike && lightningOn && (
          <StrikePopup strike={strike} onClose={() => setStrike(undefined)} />
        )}
        {/* Drawn with the page's font: not over an online style, whose glyphs are its own. */}
        {view.selection && selectionName && kind !== 'online' && (
          <SelectionLabel lat={view.selection.lat} lon={view.selection.lon} name={selectionName} />
        )}
        {view.selection && (
          <SelectionMarker lat={view.selection.lat} lon={view.selection.lon} name={selectionName} />
        )}
      </MapView>
      {lightningOn && <LightningLegend point={view.selection} />}
    </div>
  );
}

function addPlaceDot(map: MapLibreMap): void {
  for (const id of dotImageIds) {
    if (map.hasImage(id)) continue;
    const { image, options } = placeDotImage(basemapColours.cityDot);
    map.addImage(id, image, options);
  }
}

function offSelection(lat: number, lon: number, selectedLat: number, selectedLon: number) {
  const same =
    Math.abs(lat - selectedLat) < centreTolerance && Math.abs(lon - selectedLon) < centreTolerance;
  return same ? undefined : { lat, lon };
}

/** Moves the map to the camera the URL asks for, when it is not there already. */
function followUrl(map: MapRef, instant: boolean): void {
  const view = parseViewState(window.location.search);
  // No place and no centre in the link: the world, as a fresh page opens on.
  const goal = view.centre ?? view.selection ?? worldCentre;
  const here = map.getCenter();
  const far =
    Math.abs(here.lat - goal.lat) > 1e-4 ||
    Math.abs(wrapLongitude(here.lng) - goal.lon) > 1e-4 ||
    Math.abs(map.getZoom() - view.zoom) > 0.01;
  if (!far) return;
  const camera = { center: [goal.lon, goal.lat] as [number, number], zoom: view.zoom };
  if (instant || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    map.jumpTo(camera);
    return;
  }
  map.flyTo({ ...camera, duration: 1200, essential: false });
  // A flight cut short, or bent by the panel below opening or closing, ends where it must.
  map.once('moveend', () => followUrl(map, true));
}
