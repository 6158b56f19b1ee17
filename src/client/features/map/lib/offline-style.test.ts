import {
  featureFilter,
  type FilterSpecification,
  type SymbolLayerSpecification,
  validateStyleMin,
} from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import type { LandData } from '../api/basemap-query';
import {
  detailSuffix,
  detailZoom,
  landLayerIds,
  offlineStyle,
  placeLabelLayers,
} from './offline-style';

const data: LandData = {
  land: { type: 'MultiPolygon', coordinates: [] },
  coastline: { type: 'MultiLineString', coordinates: [] },
  borders: { type: 'MultiLineString', coordinates: [] },
};
const style = offlineStyle(data);
const labelLayer = (id: string) =>
  style.layers.find((layer) => layer.id === id) as SymbolLayerSpecification;

describe('the offline style', () => {
  it('is a valid MapLibre style with no glyph server', () => {
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.glyphs).toBeUndefined();
  });

  it('draws the land it was made with at every zoom, and the 1:50m land from detailZoom on', () => {
    for (const id of landLayerIds) {
      const layer = (layerId: string) => style.layers.find((item) => item.id === layerId);
      expect(layer(id)?.minzoom).toBeUndefined();
      expect(layer(id)?.maxzoom).toBeUndefined();
      expect(layer(`${id}${detailSuffix}`)?.minzoom).toBe(detailZoom);
    }
  });

  it('labels places so they cannot overlap one another or another place’s dot', () => {
    for (const id of placeLabelLayers) {
      const { layout } = labelLayer(id);
      expect(layout?.['text-allow-overlap']).toBe(false);
      expect(layout?.['icon-allow-overlap']).toBe(false);
      expect(layout?.['icon-image']).toBeTruthy();
      expect(layout?.['text-padding']).toBeGreaterThan(0);
      expect((layout?.['text-variable-anchor'] as string[]).length).toBeGreaterThan(1);
    }
    // The world's cities are placed before the towns: the upper layer goes first.
    const order = style.layers.map((layer) => layer.id);
    expect(order.indexOf('place-labels')).toBeGreaterThan(order.indexOf('town-labels'));
  });

  it('labels smaller places as the map zooms in', () => {
    const filter = featureFilter(labelLayer('town-labels').filter as FilterSpecification, 'filter');
    const labelled = (population: number, zoom: number) =>
      filter.filter({ zoom }, { type: 1, properties: { population } } as never);
    expect(labelled(5_000_000, 1)).toBe(true);
    expect(labelled(300_000, 3)).toBe(false);
    expect(labelled(300_000, 4)).toBe(true);
    expect(labelled(20_000, 6)).toBe(false);
    // The zoom a searched place opens at labels its towns.
    expect(labelled(20_000, 7)).toBe(true);
    expect(labelled(1_500, 9)).toBe(true);
    expect(labelled(0, 10)).toBe(true);
  });
});
