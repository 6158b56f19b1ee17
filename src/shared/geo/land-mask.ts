import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Land or sea at a point, from Natural Earth's 1:50m land polygons (world-atlas's land-50m
 * TopoJSON), with a 5° bucket grid so a point is only tested against the few polygons whose
 * bounding boxes cover its bucket. The simulator's surface and the BFF's place naming both ask;
 * reading the file is each side's own (Node) business.
 */
export type LandTopology = Topology<{ land: GeometryCollection }>;

export interface LandMask {
  isLand(lat: number, lon: number): boolean;
}

interface Ring {
  /** lon, lat, lon, lat, …: a typed array, read without boxing each coordinate. */
  coords: Float64Array;
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}
type Shape = Ring[]; // outer ring, then holes

const bucketDegrees = 5;
/** A latitude just inside Natural Earth's Antarctica, for the points south of it. */
const southPoleInside = -89.99;
const bucketOf = (degrees: number) => Math.floor(degrees / bucketDegrees);

/** Built once per topology: in demo mode the simulator and the BFF read the same one. */
const built = new WeakMap<LandTopology, LandMask>();

/** The land mask from world-atlas, read with the caller's `require` (Node's). */
export function loadLandMask(load: (specifier: string) => unknown): LandMask {
  const topology = load('world-atlas/land-50m.json') as LandTopology;
  let mask = built.get(topology);
  if (!mask) {
    mask = buildLandMask(topology);
    built.set(topology, mask);
  }
  return mask;
}

function buildLandMask(topology: LandTopology): LandMask {
  const land = feature(topology, topology.objects.land);
  const polygons: Position[][][] = [];
  for (const item of land.features) {
    const geometry = item.geometry as Polygon | MultiPolygon;
    if (geometry.type === 'Polygon') polygons.push(geometry.coordinates);
    else polygons.push(...geometry.coordinates);
  }
  const buckets = new Map<number, Shape[]>();
  for (const polygon of polygons) {
    const shape = polygon.map((ring) => toRing(closeAroundPole(ring)));
    const outer = shape[0] as Ring;
    for (let lat = bucketOf(outer.minLat); lat <= bucketOf(outer.maxLat); lat++) {
      for (let lon = bucketOf(outer.minLon); lon <= bucketOf(outer.maxLon); lon++) {
        const key = lat * 1000 + lon;
        const list = buckets.get(key) ?? [];
        list.push(shape);
        buckets.set(key, list);
      }
    }
  }
  return {
    isLand(latitude, longitude) {
      // 180° is -180°, where the rings' edges are counted (ray casting reads x < 180 only).
      const lon = longitude >= 180 ? longitude - 360 : longitude;
      // Natural Earth's Antarctica stops at -89.999°, short of the pole it surrounds: the last
      // kilometre around the pole is read as the land next to it.
      const lat = Math.max(latitude, southPoleInside);
      const shapes = buckets.get(bucketOf(lat) * 1000 + bucketOf(lon));
      if (!shapes) return false;
      for (const shape of shapes) {
        const outer = shape[0];
        if (!outer || !inRing(outer, lat, lon)) continue;
        let inHole = false;
        for (let hole = 1; hole < shape.length && !inHole; hole++)
          inHole = inRing(shape[hole] as Ring, lat, lon);
        if (!inHole) return true;
      }
      return false;
    },
  };
}

function toRing(points: Position[]): Ring {
  let minLon = Infinity;
  let maxLon = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const [lon = 0, lat = 0] of points) {
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  const coords = new Float64Array(points.length * 2);
  points.forEach(([lon = 0, lat = 0], index) => {
    coords[index * 2] = lon;
    coords[index * 2 + 1] = lat;
  });
  return { coords, minLon, maxLon, minLat, maxLat };
}

/**
 * Antarctica's coastline circles the pole: on the sphere the pole is inside, but in flat
 * lon/lat the ring just jumps from +180° back to -180°. Detouring that jump down the map edge and
 * along the -90° line closes the ring around the pole the way the sphere does.
 */
function closeAroundPole(points: Position[]): Position[] {
  for (let i = 1; i < points.length; i++) {
    const [fromLon = 0, fromLat = 0] = points[i - 1] as Position;
    const [toLon = 0, toLat = 0] = points[i] as Position;
    if (Math.abs(toLon - fromLon) > 180 && Math.min(fromLat, toLat) < -60) {
      const side = Math.sign(fromLon) * 180;
      return [
        ...points.slice(0, i),
        [side, fromLat],
        [side, -90],
        [-side, -90],
        [-side, toLat],
        ...points.slice(i),
      ];
    }
  }
  return points;
}

/** Even-odd ray casting along the parallel. */
function inRing(ring: Ring, lat: number, lon: number): boolean {
  if (lat < ring.minLat || lat > ring.maxLat || lon < ring.minLon || lon > ring.maxLon)
    return false;
  let inside = false;
  const coords = ring.coords;
  const last = coords.length - 2;
  for (let i = 0, j = last; i <= last; j = i, i += 2) {
    const xi = coords[i] as number;
    const yi = coords[i + 1] as number;
    const xj = coords[j] as number;
    const yj = coords[j + 1] as number;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
