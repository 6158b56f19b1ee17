import { describe, expect, it } from 'vitest';
import { bearingDegrees, destination, distanceKm } from '../../../../shared/geo/great-circle';
import { rangeRings, ringSteps, sectorCounts } from './geometry';

describe('geometry', () => {
  it('steps rings to round distances, at most about four, ending at the search distance', () => {
    expect(ringSteps(20, 'km').map((r) => r.label)).toEqual(['5 km', '10 km', '15 km', '20 km']);
    expect(ringSteps(75, 'km').map((r) => r.label)).toEqual(['20 km', '40 km', '60 km', '75 km']);
    const miles = ringSteps(75, 'mi');
    expect(miles[0]?.label).toBe('15 mi');
    expect(miles[miles.length - 1]?.km).toBeCloseTo(75, 6);
    expect(ringSteps(8, 'km').map((r) => r.label)).toEqual(['2 km', '4 km', '6 km', '8 km']);
  });

  it('draws rings at their distance and spokes to the compass points', () => {
    const centre = { lat: 36.5, lon: -91 };
    const { rings, spokes } = rangeRings(centre, ringSteps(20, 'km'));
    for (const [lon, lat] of rings.features[3]!.geometry.coordinates[0]!) {
      expect(distanceKm(centre.lat, centre.lon, lat!, lon!)).toBeCloseTo(20, 6);
    }
    const bearings = spokes.features.map((f) => {
      const [lon, lat] = f.geometry.coordinates[1]!;
      return Math.round(bearingDegrees(centre.lat, centre.lon, lat!, lon!));
    });
    expect(bearings).toEqual([0, 90, 180, 270]);
  });

  it('bins bearings into 16 sectors centred on the compass points', () => {
    const counts = sectorCounts([0, 359, 11, 12, 90, 180, 337.6]);
    expect(counts[0]).toBe(3); // 0, 359, 11 are N
    expect(counts[1]).toBe(1); // 12 is NNE
    expect(counts[4]).toBe(1);
    expect(counts[8]).toBe(1);
    expect(counts[15]).toBe(1); // 337.6 is NNW
  });

  it('finds the destination point a distance along a bearing', () => {
    const end = destination(0, 0, 90, 111.195);
    expect(end.lat).toBeCloseTo(0, 6);
    expect(end.lon).toBeCloseTo(1, 3);
  });
});
