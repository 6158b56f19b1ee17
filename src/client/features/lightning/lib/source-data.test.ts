import type { FeatureCollection } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { syncSourceData } from './source-data';

const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
const strikes: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-91, 36.5] },
      properties: { m: 60 },
    },
  ],
};

/** A map with one GeoJSON source, holding `data` as MapLibre's source keeps it. */
function mapWith(data: FeatureCollection | undefined) {
  const sent: unknown[] = [];
  let held = data;
  const source =
    held &&
    ({
      type: 'geojson',
      serialize: () => ({ type: 'geojson', data: held }),
      setData: (next: FeatureCollection) => {
        held = next;
        sent.push(next);
        return Promise.resolve();
      },
    } as const);
  const map = { getSource: (id: string) => (id === 'lightning' ? source : undefined) };
  return { map: map as unknown as Pick<MapLibreMap, 'getSource'>, sent };
}

describe('keeping a source’s data as committed', () => {
  it('sends the kept data to a source a thrown-away render created with older data', () => {
    // The <Source> of a discarded render made the source while the day was still loading; the
    // kept render's own props already had the strikes, so it saw no change to send.
    const { map, sent } = mapWith(empty);
    expect(syncSourceData(map, 'lightning', strikes)).toBe(true);
    expect(sent).toEqual([strikes]);
  });

  it('leaves a source that already holds the data alone: no second parse of every tile', () => {
    const { map, sent } = mapWith(strikes);
    expect(syncSourceData(map, 'lightning', strikes)).toBe(false);
    expect(sent).toEqual([]);
  });

  it('does nothing before the source exists: <Source> creates it with the current data', () => {
    const { map, sent } = mapWith(undefined);
    expect(syncSourceData(map, 'lightning', strikes)).toBe(false);
    expect(sent).toEqual([]);
  });
});
