import { type Flavor, layers, namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { labelFont, mapState } from './offline-style';

/** Layers that are nothing without Protomaps' sprite sheet (road shields, one-way arrows). */
const needSprites = new Set(['roads_shields', 'roads_oneway']);

/**
 * Font names as the flavour hands them to every text layer. MapLibre reads the weight or style
 * from the first name of a stack and draws with the first family the page has: with no glyph
 * server named, `['Inter Variable Bold', 'Inter Variable']` is the page's Inter at 700.
 */
const fonts = {
  regular: 'Inter Variable Regular',
  bold: 'Inter Variable Bold',
  italic: 'Inter Variable Italic',
} satisfies Partial<Flavor>;

/**
 * The detailed basemap from a self-hosted PMTiles archive, in Protomaps' dark flavour. It needs
 * nothing from the network beyond the archive: no glyphs (MapLibre draws text with the page's
 * font, as in the offline style), no sprite (no points of interest or shields; place dots are
 * added as images by the map), and the same global state the lightning layer counts on.
 */
export function pmtilesStyle(archiveUrl: string): StyleSpecification {
  const flavor: Flavor = { ...namedFlavor('dark'), ...fonts, pois: undefined };
  const basemap = layers('protomaps', flavor, { lang: 'en' })
    .filter((layer) => !needSprites.has(layer.id))
    .map(withPageFonts);
  return {
    version: 8,
    state: mapState,
    sources: {
      protomaps: {
        type: 'vector',
        url: `pmtiles://${archiveUrl}`,
        attribution: '© <a href="https://openstreetmap.org/copyright">OpenStreetMap</a>',
      },
    },
    layers: basemap,
  };
}

/**
 * Each one-name font stack the flavour wrote, followed by the page's Inter: in `text-font` and
 * in the font overrides inside `text-field` (names in other scripts).
 */
function withPageFonts(layer: LayerSpecification): LayerSpecification {
  const names = new Set<string>(Object.values(fonts));
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      if (value.length === 1 && names.has(value[0] as string)) return [value[0], labelFont[0]];
      return value.map(visit);
    }
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, visit(inner)]));
    return value;
  };
  if (layer.type !== 'symbol' || !layer.layout) return layer;
  return { ...layer, layout: visit(layer.layout) as typeof layer.layout };
}
