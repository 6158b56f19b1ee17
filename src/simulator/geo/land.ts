import { createRequire } from 'node:module';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Natural Earth's 1:50m land polygons (world-atlas), with a 5° bucket grid so a point is only
 * tested against the few polygons whose bounding boxes cover its bucket.
 */
interface Ring {
  points: Position[];
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}
type Shape = Ring[]; // outer ring, then holes

const bucketDegrees = 5;
let buckets: Map<number, Shape[]> | undefined;

function loadBuckets(): Map<number, Shape[]> {
  const topology = createRequire(import.meta.url)('world-atlas/land-50m.json') as Topology<{
    land: GeometryCollection;
  }>;
  const land = feature(topology, topology.objects.land);
  const polygons: Position[][][] = [];
  for (const item of land.features) {
    const geometry = item.geometry as Polygon | MultiPolygon;
    if (geometry.type === 'Polygon') polygons.push(geometry.coordinates);
    else polygons.push(...geometry.coordinates);
  }
  const grid = new Map<number, Shape[]>();
  for (const polygon of polygons) {
    const shape = polygon.map((ring) => toRing(closeAroundPole(ring)));
    const outer = shape[0] as Ring;
    for (let lat = bucketOf(outer.minLat); lat <= bucketOf(outer.maxLat); lat++) {
      for (let lon = bucketOf(outer.minLon); lon <= bucketOf(outer.maxLon); lon++) {
        const key = lat * 1000 + lon;
        const list = grid.get(key) ?? [];
        list.push(shape);
        grid.set(key, list);
      }
    }
  }
  return grid;
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
  return { points, minLon, maxLon, minLat, maxLat };
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

const bucketOf = (degrees: number) => Math.floor(degrees / bucketDegrees);

export function isLand(lat: number, lon: number): boolean {
  buckets ??= loadBuckets();
  const shapes = buckets.get(bucketOf(lat) * 1000 + bucketOf(lon));
  if (!shapes) return false;
  for (const [outer, ...holes] of shapes) {
    if (!outer || !inRing(outer, lat, lon)) continue;
    if (!holes.some((hole) => inRing(hole, lat, lon))) return true;
  }
  return false;
}

/** Even-odd ray casting along the parallel. */
function inRing(ring: Ring, lat: number, lon: number): boolean {
  if (lat < ring.minLat || lat > ring.maxLat || lon < ring.minLon || lon > ring.maxLon)
    return false;
  let inside = false;
  const points = ring.points;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi = 0, yi = 0] = points[i] as Position;
    const [xj = 0, yj = 0] = points[j] as Position;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
