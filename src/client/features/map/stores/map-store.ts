import type { Map as MapLibreMap } from 'maplibre-gl';
import { create } from 'zustand';

/**
 * The map instance once it has loaded, for the parts that work on it directly (place tiles,
 * edge labels, the strike popup) without threading it through props.
 */
interface MapState {
  map: MapLibreMap | undefined;
  setMap: (map: MapLibreMap | undefined) => void;
}

const useMapStore = create<MapState>()((set) => ({
  map: undefined,
  setMap: (map) => set({ map }),
}));

export const useLoadedMap = () => useMapStore((state) => state.map);
export const useMapReady = () => useMapStore((state) => state.map !== undefined);
export const setLoadedMap = (map: MapLibreMap | undefined) => useMapStore.getState().setMap(map);
