import type { MultiLineString, MultiPolygon, Position } from 'geojson';

/**
 * The offline basemap's land and borders as the build writes them: already cut at the
 * antimeridian, coordinates in thousandths of a degree, each ring or line as the steps from its
 * previous point ([Δlon, Δlat, Δlon, Δlat, …], the first from 0,0). That is a third of the
 * same GeoJSON's size and compresses as well as the TopoJSON it came from; decoding is one pass.
 */
export interface LandFile {
  /** Polygons: outer ring, then holes. */
  land: number[][][];
  borders: number[][];
}

export interface Land {
  land: MultiPolygon;
  borders: MultiLineString;
}

const scale = 1e3;

export function encodeLand({ land, borders }: Land): LandFile {
  return {
    land: land.coordinates.map((polygon) => polygon.map(encodeRing)),
    borders: borders.coordinates.map(encodeRing),
  };
}

export function decodeLand(file: LandFile): Land {
  return {
    land: {
      type: 'MultiPolygon',
      coordinates: file.land.map((polygon) => polygon.map(decodeRing)),
    },
    borders: { type: 'MultiLineString', coordinates: file.borders.map(decodeRing) },
  };
}

function encodeRing(ring: Position[]): number[] {
  const out: number[] = [];
  let x = 0;
  let y = 0;
  for (const [lon = 0, lat = 0] of ring) {
    const nextX = Math.round(lon * scale);
    const nextY = Math.round(lat * scale);
    out.push(nextX - x, nextY - y);
    x = nextX;
    y = nextY;
  }
  return out;
}

function decodeRing(steps: number[]): Position[] {
  const out: Position[] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < steps.length; i += 2) {
    x += steps[i] as number;
    y += steps[i + 1] as number;
    out.push([x / scale, y / scale]);
  }
  return out;
}
