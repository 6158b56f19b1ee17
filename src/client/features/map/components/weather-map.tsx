import 'maplibre-gl/dist/maplibre-gl.css';
import '../lib/maplibre-worker';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import MapView, {
  type MapLayerMouseEvent,
  type MapRef,
  NavigationControl,
  ScaleControl,
  type ViewStateChangeEvent,
} from 'react-map-gl/maplibre';
import { type LatLon, samePlace, wrapLongitude } from '../../../../shared/geo/coordinates';
import { distanceUnit } from '../../../../shared/weather/units';
import { unitsKey } from '../../../lib/url-state/display-keys';
import {
  readLink,
  subscribeToLink,
  updateLink,
  useLinkView,
  useUrlValue,
} from '../../../lib/url-state/link';
import type { SetKey } from '../../../lib/url-state/url-key';
import { setLoadedMap, useLoadedMap, useMapReady } from '../stores/map-store';
import { cameraView, centreKey, maxZoom, selectionView, setSelection, zoomKey } from '../url-state';
import { clientConfigQueryOptions } from '../../../lib/client-config-query';
import { landQueryOptions } from '../api/basemap-query';
import { pmtilesStyleQueryOptions } from '../api/pmtiles-style-query';
import { useEdgeLabels } from '../hooks/use-edge-labels';
import { useCityLabels } from '../hooks/use-city-labels';
import { useLandDetail } from '../hooks/use-land-detail';
import { useSelectionName } from '../hooks/use-selection-name';
import {
  basemapColours,
  detailZoom,
  labelFadeMs,
  offlineStyle,
  placeLabelLayers,
} from '../lib/offline-style';
import { basemapKind } from '../lib/basemap-kind';
import { dotImageIds, placeDotImage } from '../lib/place-dot';
import { MapPlaceholder } from './map-placeholder';
import { SelectionLabel } from './selection-label';
import { SelectionMarker } from './selection-marker';
import { countRender } from '../../../lib/render-count';
import './weather-map.css';

const worldCentre = { lat: 20, lon: 0 };

/**
 * The map is uncontrolled: the URL seeds its first view, and the view is written back when a
 * move ends, so MapLibre never re-renders through React while panning. It subscribes to the
 * selection only; the camera keys are followed outside React.
 *
 * Layers of other features are given by the app: `children` draw on the map, `overlay` over it,
 * and a click on one of `interactiveLayerIds` is theirs (the map does not select the point).
 */
export function WeatherMap(props: {
  children?: ReactNode;
  overlay?: ReactNode;
  interactiveLayerIds?: string[];
}) {
  countRender('WeatherMap');
  const selection = useLinkView(selectionView);
  const mapRef = useRef<MapRef>(null);
  const ready = useMapReady();
  const loadedMap = useLoadedMap();
  const config = useQuery(clientConfigQueryOptions());
  const basemapChoice = useMemo(
    () => (config.data ? basemapKind(config.data, window.location.href) : undefined),
    [config.data],
  );
  const kind = basemapChoice?.kind;
  const detailed = useQuery({
    ...pmtilesStyleQueryOptions(basemapChoice?.kind === 'pmtiles' ? basemapChoice.archiveUrl : ''),
    enabled: kind === 'pmtiles',
  });

  const [initialView] = useState(() => {
    const camera = cameraView(readLink());
    const centre = camera.target ?? worldCentre;
    return { latitude: centre.lat, longitude: centre.lon, zoom: camera.zoom };
  });
  // The world view draws Natural Earth's 1:110m land first; a view zoomed in needs the 1:50m.
  const landScale = initialView.zoom >= detailZoom ? 'detailed' : 'world';
  const basemap = useQuery({ ...landQueryOptions(landScale), enabled: kind === 'offline' });
  // Gone with the map: a remounted map (an error boundary's retry) starts from nothing.
  useEffect(() => () => setLoadedMap(undefined), []);

  const mapStyle = useMemo(() => {
    if (basemapChoice?.kind === 'online') return basemapChoice.styleUrl;
    if (basemapChoice?.kind === 'pmtiles') return detailed.data;
    return basemap.data ? offlineStyle(basemap.data) : undefined;
  }, [basemapChoice, detailed.data, basemap.data]);
  const offline = kind === 'offline';
  useLandDetail(offline && landScale === 'world' ? loadedMap : undefined);
  useCityLabels(offline ? loadedMap : undefined);
  useEdgeLabels(offline ? loadedMap : undefined, placeLabelLayers);
  const selectionName = useSelectionName(selection);

  const select = useCallback((lat: number, lon: number) => {
    const map = mapRef.current;
    const centre = map?.getCenter();
    // Picking a place is navigation: Back returns to the one before.
    updateLink(
      (set, read) => {
        setSelection(set, { lat, lon: wrapLongitude(lon) });
        set(zoomKey, map?.getZoom() ?? read(zoomKey));
        set(
          centreKey,
          centre
            ? offSelection({ lat: centre.lat, lon: wrapLongitude(centre.lng) }, { lat, lon })
            : undefined,
        );
      },
      { history: 'push' },
    );
  }, []);

  // The URL can change under the map (Back, a place search, a kiosk's rotation): follow it,
  // without a render. After the map's own moves the URL already matches, and nothing happens.
  useEffect(() => {
    const map = mapRef.current;
    if (!ready || !map) return;
    followUrl(map, false);
    return subscribeToLink(() => followUrl(map, false));
  }, [ready]);
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

  const onClick = useCallback(
    (event: MapLayerMouseEvent) => {
      // A click on another feature's layer is that feature's (a strike opens its details).
      if (event.features?.length) return;
      select(event.lngLat.lat, event.lngLat.lng);
    },
    [select],
  );

  // Which of the map's moves to the URL a person's move began after: see onMoveEnd.
  const gestureStart = useRef(-1);
  const onMoveStart = useCallback((event: ViewStateChangeEvent) => {
    if (event.originalEvent) gestureStart.current = urlMoves;
  }, []);
  const onMoveEnd = useCallback((event: ViewStateChangeEvent) => {
    // Only a person's moves are written back. The map's own flights follow the URL already, and
    // one cut short by the next (Back pressed twice) must not write where it happened to stop.
    if (!event.originalEvent) return;
    // Nor a drag still gliding when Back moved the map: its end, which MapLibre can report after
    // the flight Back started, belongs to the entry left behind, not to the one Back opened.
    if (gestureStart.current !== urlMoves) return;
    const { latitude, longitude, zoom } = event.viewState;
    updateLink((set: SetKey, read) => {
      const here = { lat: latitude, lon: wrapLongitude(longitude) };
      const selected = selectionView(read);
      set(zoomKey, zoom);
      set(centreKey, selected ? offSelection(here, selected) : here);
    });
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
    return <MapPlaceholder failed={basemap.isError || detailed.isError || config.isError} />;
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
        // The offline city labels come after the map's first view: they fade once drawn
        // (use-city-labels.ts). Our own styles are validated by their unit tests; a provider's
        // style is checked as it loads.
        fadeDuration={offline ? 0 : labelFadeMs}
        validateStyle={kind === 'online'}
        onClick={onClick}
        interactiveLayerIds={props.interactiveLayerIds}
        onMoveStart={onMoveStart}
        onMoveEnd={onMoveEnd}
        // Before the first tiles are laid out, so no label is placed without its dot.
        onStyleData={(event) => addPlaceDot(event.target)}
        onLoad={(event) => {
          // A handle for end-to-end tests and for debugging from the console: not in production.
          if (import.meta.env.DEV || __SKYDECK_TEST_HOOKS__) window.__skydeckMap = event.target;
          setLoadedMap(event.target);
        }}
        cursor="crosshair"
        attributionControl={{
          compact: true,
          // The PMTiles archive names its own sources (OpenStreetMap).
          customAttribution: offline ? 'Natural Earth · GeoNames' : undefined,
        }}
      >
        <NavigationControl position="bottom-right" showCompass={false} />
        <MapScale />
        {props.children}
        {/* Drawn with the page's font: not over an online style, whose glyphs are its own. */}
        {selection && selectionName && kind !== 'online' && (
          <SelectionLabel lat={selection.lat} lon={selection.lon} name={selectionName} />
        )}
        {selection && (
          <SelectionMarker lat={selection.lat} lon={selection.lon} name={selectionName} />
        )}
      </MapView>
      {props.overlay}
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

function offSelection(centre: LatLon, selected: LatLon): LatLon | undefined {
  return samePlace(centre, selected) ? undefined : centre;
}

/** How many times the URL has moved the map: a person's move that spans one is stale. */
let urlMoves = 0;

/** Moves the map to the camera the URL asks for, when it is not there already. */
function followUrl(map: MapRef, instant: boolean): void {
  const view = cameraView(readLink());
  // No place and no centre in the link: the world, as a fresh page opens on.
  const goal = view.target ?? worldCentre;
  const here = map.getCenter();
  const far =
    Math.abs(here.lat - goal.lat) > 1e-4 ||
    Math.abs(wrapLongitude(here.lng) - goal.lon) > 1e-4 ||
    Math.abs(map.getZoom() - view.zoom) > 0.01;
  if (!far) return;
  urlMoves += 1;
  const camera = { center: [goal.lon, goal.lat] as [number, number], zoom: view.zoom };
  if (instant || window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    map.jumpTo(camera);
    return;
  }
  map.flyTo({ ...camera, duration: 1200, essential: false });
  // A flight cut short, or bent by the panel below opening or closing, ends where it must.
  map.once('moveend', () => followUrl(map, true));
}

/** The scale bar in the distance unit of the units setting, as every distance on the page is. */
function MapScale() {
  const units = useUrlValue(unitsKey);
  return (
    <ScaleControl
      position="bottom-left"
      unit={distanceUnit(units) === 'mi' ? 'imperial' : 'metric'}
    />
  );
}
