import { describe, expect, it } from 'vitest';
import { outlines, type Ring, ringArea, splitLines, splitPolygons } from './antimeridian';

const widestStep = (rings: readonly Ring[]) =>
  Math.max(
    0,
    ...rings.flatMap((ring) => ring.slice(1).map((point, i) => Math.abs(point[0] - ring[i]![0]))),
  );

describe('cutting shapes at the antimeridian', () => {
  // An island from 179°E to 179°W, as world-atlas writes it: the ring steps across 180°.
  const island: Ring = [
    [179, -17],
    [-179, -17],
    [-179, -16],
    [179, -16],
    [179, -17],
  ];

  it('cuts a ring that crosses 180° into one piece on each side, meeting on it', () => {
    const pieces = splitPolygons([[island]]);
    expect(pieces).toHaveLength(2);
    const rings = pieces.map(([outer]) => outer!);
    expect(widestStep(rings)).toBeLessThanOrEqual(180);
    const east = rings.find((ring) => ring.some(([lon]) => lon === 179))!;
    const west = rings.find((ring) => ring.some(([lon]) => lon === -179))!;
    expect(Math.min(...east.map(([lon]) => lon))).toBe(179);
    expect(Math.max(...east.map(([lon]) => lon))).toBe(180);
    expect(Math.min(...west.map(([lon]) => lon))).toBe(-180);
    expect(Math.max(...west.map(([lon]) => lon))).toBe(-179);
    // One degree each side, one degree tall: both halves, counter-clockwise.
    expect(ringArea(east)).toBeCloseTo(1, 9);
    expect(ringArea(west)).toBeCloseTo(1, 9);
  });

  it('leaves a ring that stays on one side as it is, wound counter-clockwise', () => {
    const clockwise: Ring = [
      [10, 10],
      [10, 20],
      [20, 20],
      [20, 10],
      [10, 10],
    ];
    const [piece] = splitPolygons([[clockwise]]);
    expect(piece).toEqual([[...clockwise].reverse()]);
  });

  it('closes a ring around the south pole along the bottom of the map', () => {
    // A coast at 70°S all the way round, stepping from 170°E to 170°W.
    const coast: Ring = [];
    for (let lon = -170; lon <= 170; lon += 20) coast.push([lon, -70]);
    coast.push([-170, -70]);
    const pieces = splitPolygons([[coast]]);
    expect(pieces).toHaveLength(1);
    const [outer] = pieces[0]!;
    expect(widestStep([outer!])).toBeLessThanOrEqual(180);
    expect(Math.min(...outer!.map(([, lat]) => lat))).toBe(-90);
    // The whole band from 70°S to the pole: 360 × 20 square degrees.
    expect(ringArea(outer!)).toBeCloseTo(7200, 6);
  });

  it('keeps a hole with the piece that surrounds it', () => {
    const big: Ring = [
      [170, 0],
      [-170, 0],
      [-170, 10],
      [170, 10],
      [170, 0],
    ];
    const lake: Ring = [
      [-176, 4],
      [-174, 4],
      [-174, 6],
      [-176, 6],
      [-176, 4],
    ];
    const pieces = splitPolygons([[big, lake]]);
    const withHole = pieces.filter((polygon) => polygon.length === 2);
    expect(withHole).toHaveLength(1);
    expect(Math.max(...withHole[0]![0]!.map(([lon]) => lon))).toBeLessThan(0);
    // Holes wind the other way.
    expect(ringArea(withHole[0]![1]!)).toBeLessThan(0);
  });

  it('drops a ring that only circles the pole itself', () => {
    const line: Ring = [
      [-180, -89.999],
      [0, -89.999],
      [178, -89.999],
      [-180, -89.999],
    ];
    expect(splitPolygons([[line]])).toEqual([]);
  });

  it('ends a line on the antimeridian where it steps across, and goes on from the other side', () => {
    const lines = splitLines([
      [
        [178, 60],
        [-178, 62],
        [-170, 62],
      ],
    ]);
    expect(lines).toEqual([
      [
        [178, 60],
        [180, 61],
      ],
      [
        [-180, 61],
        [-178, 62],
        [-170, 62],
      ],
    ]);
  });

  it('draws outlines without the cuts along ±180° and the pole', () => {
    const lines = outlines(splitPolygons([[island]]));
    for (const line of lines)
      for (let i = 1; i < line.length; i++) {
        const [fromLon] = line[i - 1]!;
        const [toLon] = line[i]!;
        expect(Math.abs(fromLon) === 180 && fromLon === toLon).toBe(false);
      }
    // The island's coast is all there: 2 degrees along each of two sides, 1 up each end.
    const length = lines
      .flatMap((line) =>
        line.slice(1).map((point, i) => Math.hypot(point[0] - line[i]![0], point[1] - line[i]![1])),
      )
      .reduce((sum, step) => sum + step, 0);
    expect(length).toBeCloseTo(6, 9);
  });
});
