import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { basemapKind } from './basemap-kind';
import { mapState } from './offline-style';
import { dotImageIds } from './place-dot';
import { pmtilesStyle } from './pmtiles-style';

const page = 'https://skydeck.example/?lat=35.78&lon=-78.64';

describe('choosing the basemap', () => {
  it('draws the built-in offline basemap unless the server names another', () => {
    expect(basemapKind({ mapStyleUrl: null, basemapPmtilesUrl: null }, page)).toEqual({
      kind: 'offline',
    });
  });

  it('draws the self-hosted archive, by its full URL, when the server has one', () => {
    expect(
      basemapKind({ mapStyleUrl: null, basemapPmtilesUrl: '/basemap/region.pmtiles' }, page),
    ).toEqual({ kind: 'pmtiles', archiveUrl: 'https://skydeck.example/basemap/region.pmtiles' });
  });

  it('draws an online style when one is configured', () => {
    const styleUrl = 'https://tiles.example/style.json';
    expect(basemapKind({ mapStyleUrl: styleUrl, basemapPmtilesUrl: null }, page)).toEqual({
      kind: 'online',
      styleUrl,
    });
  });
});

describe('the PMTiles style', () => {
  const style = pmtilesStyle('https://skydeck.example/basemap/region.pmtiles');
  const json = JSON.stringify(style);

  it('is a valid MapLibre style reading the archive through the pmtiles protocol', () => {
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources.protomaps).toMatchObject({
      type: 'vector',
      url: 'pmtiles://https://skydeck.example/basemap/region.pmtiles',
    });
    // Streets, water and places from the archive.
    const ids = style.layers.map((layer) => layer.id);
    expect(ids).toEqual(expect.arrayContaining(['water', 'roads_major', 'places_locality']));
  });

  it('needs nothing from the network: no glyph server, no sprite, no font files', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(json).not.toMatch(
      /https?:\/\/(?!skydeck\.example\/basemap)[^"]*\.(pbf|png|json|woff2?)/,
    );
  });

  it('draws every label with the page’s Inter, at the flavour’s weights', () => {
    const stacks = new Set<string>();
    JSON.stringify(style.layers, (key, value: unknown) => {
      if (key === 'text-font') stacks.add(JSON.stringify(value));
      return value;
    });
    expect(stacks.size).toBeGreaterThan(0);
    for (const stack of stacks) expect(stack).toContain('"Inter Variable"');
    expect(json).toContain('"Inter Variable Bold","Inter Variable"');
  });

  it('uses no icon but the place dot the map adds itself', () => {
    const icons = style.layers.flatMap((layer) =>
      layer.type === 'symbol' && layer.layout?.['icon-image'] ? [layer.layout['icon-image']] : [],
    );
    const named = JSON.stringify(icons).match(/"[a-z_]+"/g) ?? [];
    const images = named
      .map((name) => name.slice(1, -1))
      .filter((name) => !['step', 'zoom', 'case', 'get', 'capital', 'yes', '=='].includes(name));
    for (const image of images) expect(dotImageIds as readonly string[]).toContain(image);
    expect(JSON.stringify(icons)).toContain('townspot');
  });

  it('keeps the global state the lightning layer draws with', () => {
    expect(style.state).toEqual(mapState);
  });
});
