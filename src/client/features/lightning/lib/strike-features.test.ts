import { describe, expect, it } from 'vitest';
import type { LightningGeoJson } from '../../../../shared/weather/lightning-schema';
import { strikeFeatures } from './strike-features';

const strike = (timestamp: string, id: number) => ({
  type: 'Feature' as const,
  geometry: { type: 'Point' as const, coordinates: [-91, 36.5] as [number, number] },
  properties: {
    bearing_cardinal: 'N',
    bearing_degrees: 0,
    distance_km: 1,
    distance_mi: 0.6,
    id,
    timestamp_utc: timestamp,
    timestamp_local: timestamp,
    past_mins: 0,
    type: 'cg',
    source: 'test',
  },
});

describe('strikeFeatures', () => {
  it('lists strikes oldest first, so the map draws the newest on top', () => {
    const data = {
      type: 'FeatureCollection',
      count: 3,
      date: '2026-07-15',
      limit: 3,
      lat: 36.5,
      lon: -91,
      search_distance_km: 20,
      search_mins: 30,
      skip: 0,
      sort: 'distance',
      timezone: 'UTC',
      features: [
        strike('2026-07-15T18:10:00', 1),
        strike('2026-07-15T18:19:00', 2),
        strike('2026-07-15T18:01:00', 3),
      ],
    } satisfies LightningGeoJson;
    const features = strikeFeatures(data).features;
    expect(features.map((f) => f.properties.timestamp_utc.slice(11, 16))).toEqual([
      '18:01',
      '18:10',
      '18:19',
    ]);
    expect(features[2]!.properties.t).toBe(Date.parse('2026-07-15T18:19:00Z'));
  });
});
