import { addProtocol } from 'maplibre-gl';
import { Protocol } from 'pmtiles';

// `pmtiles://` URLs in a style read the archive with HTTP range requests (the BFF's
// /basemap/region.pmtiles). Loaded only in that mode, with the Protomaps style.
addProtocol('pmtiles', new Protocol().tile);
