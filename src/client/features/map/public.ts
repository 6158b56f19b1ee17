// What other features may use of the map: its link keys for the selection, camera and layers.
export { centreKey, layersKey, placeZoom, selectionView, setSelection, zoomKey } from './url-state';
