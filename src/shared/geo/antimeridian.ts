/**
 * Flat maps and the antimeridian. Natural Earth (as world-atlas ships it) is drawn for the
 * sphere: a ring that crosses 180° simply steps from +179.9° to -180°. On a flat map that step is
 * an edge across the whole world, which fills a band of sea and draws a line at its latitude.
 * These cut such shapes into pieces that each stay on one side, meeting along ±180°.
 */
import type { Position } from 'geojson';

export type Point = [number, number];
export type Ring = Point[];
/** An outer ring, then its holes. */
export type Polygon = Ring[];

/** Two consecutive points further apart than this in longitude are a step across 180°. */
const halfTurn = 180;

/**
 * Cuts polygons at the antimeridian. Every piece lies within [-180°, 180°] of longitude, outer
 * rings wind counter-clockwise and holes clockwise (RFC 7946). A ring around a pole (Antarctica)
 * is closed along the map's edge at ±90°, as a flat map shows it.
 */
export function splitPolygons(polygons: readonly (readonly Position[])[][]): Polygon[] {
  const out: Polygon[] = [];
  for (const [outer, ...holes] of polygons.map((polygon) => polygon.map(toRing))) {
    if (!outer) continue;
    const pieces: Polygon[] = cutRing(outer).map((piece) => [wind(piece, true)]);
    for (const hole of holes.flatMap(cutRing)) {
      // A hole belongs to the piece of its polygon that now surrounds it.
      const inside = hole.find((point) => !onEdge(point[0], halfTurn)) ?? hole[0];
      const owner = pieces.find(([piece]) => inside && piece && contains(piece, inside));
      owner?.push(wind(hole, false));
    }
    out.push(...pieces);
  }
  return out;
}

/** Cuts lines at the antimeridian: a line that steps across 180° becomes two that end on it. */
export function splitLines(lines: readonly (readonly Position[])[]): Ring[] {
  const out: Ring[] = [];
  for (const line of lines.map(toRing)) {
    let current: Ring = [];
    for (const point of line) {
      const previous = current[current.length - 1];
      if (previous && Math.abs(point[0] - previous[0]) > halfTurn) {
        const side = previous[0] > 0 ? halfTurn : -halfTurn;
        const lat = crossingLatitude(previous, point);
        current.push([side, lat]);
        if (current.length > 1) out.push(current);
        current = [[-side, lat]];
      }
      current.push(point);
    }
    if (current.length > 1) out.push(current);
  }
  return out;
}

/**
 * The outlines of cut polygons without the cuts: coastlines drawn from the pieces would
 * otherwise show the seams along ±180° (and along the map's bottom edge under Antarctica).
 */
export function outlines(polygons: readonly (readonly Position[])[][]): Ring[] {
  const out: Ring[] = [];
  for (const polygon of polygons) {
    for (const ring of polygon.map(toRing)) {
      let current: Ring = [];
      for (let i = 1; i < ring.length; i++) {
        const from = ring[i - 1] as Point;
        const to = ring[i] as Point;
        if (isSeam(from, to)) {
          if (current.length > 1) out.push(current);
          current = [];
          continue;
        }
        if (current.length === 0) current.push(from);
        current.push(to);
      }
      if (current.length > 1) out.push(current);
    }
  }
  return out;
}

const toRing = (points: readonly Position[]): Ring =>
  points.map(([lon = 0, lat = 0]) => [lon, lat] as Point);

const onEdge = (value: number, edge: number) => Math.abs(Math.abs(value) - edge) < 1e-9;
const isSeam = (from: Point, to: Point) =>
  (onEdge(from[0], halfTurn) && onEdge(to[0], halfTurn) && from[0] === to[0]) ||
  (onEdge(from[1], 90) && onEdge(to[1], 90));

/** Signed area in square degrees: positive when the ring winds counter-clockwise. */
export function ringArea(ring: Ring): number {
  let twice = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x0, y0] = ring[i - 1] as Point;
    const [x1, y1] = ring[i] as Point;
    twice += x0 * y1 - x1 * y0;
  }
  return twice / 2;
}

/** Even-odd ray casting along the parallel. */
function contains(ring: Ring, [lon, lat]: Point): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Point;
    const [xj, yj] = ring[j] as Point;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function wind(ring: Ring, counterClockwise: boolean): Ring {
  return ringArea(ring) > 0 === counterClockwise ? ring : [...ring].reverse();
}

/** Where the step from a to b (across 180°) meets the antimeridian. */
function crossingLatitude(a: Point, b: Point): number {
  const side = a[0] > 0 ? halfTurn : -halfTurn;
  const bx = b[0] + 2 * side;
  const t = bx === a[0] ? 0 : (side - a[0]) / (bx - a[0]);
  return a[1] + t * (b[1] - a[1]);
}

/**
 * One ring as pieces within [-180°, 180°]. The ring is walked from a point where it crosses the
 * antimeridian with the steps across 180° unwrapped (so it runs on past ±180° instead), closed
 * around its pole if it circles one, and clipped to each world copy it reaches.
 */
function cutRing(ring: Ring): Ring[] {
  const points = dropClosingPoint(ring);
  const first = points.findIndex(
    (point, i) => i > 0 && Math.abs(point[0] - (points[i - 1] as Point)[0]) > halfTurn,
  );
  const closesAcross =
    points.length > 1 &&
    Math.abs((points[0] as Point)[0] - (points[points.length - 1] as Point)[0]) > halfTurn;
  if (first < 0 && !closesAcross) return points.length >= 3 ? [close(points)] : [];
  const lats = points.map((point) => point[1]);
  const start = first < 0 ? 0 : first;
  const rotated = [...points.slice(start), ...points.slice(0, start)];
  const before = rotated[rotated.length - 1] as Point;
  const after = rotated[0] as Point;
  const side = before[0] > 0 ? halfTurn : -halfTurn;
  const lat = crossingLatitude(before, after);

  // Unwrapped: from the crossing at -side, each step across 180° keeps going instead.
  const path: Ring = [[-side, lat]];
  let offset = 0;
  let previous = after[0];
  for (const [lon, pointLat] of rotated) {
    if (lon - previous > halfTurn) offset -= 360;
    else if (previous - lon > halfTurn) offset += 360;
    previous = lon;
    path.push([lon + offset, pointLat]);
  }
  // Back at the crossing: on the meridian it left from, or a whole turn on around a pole.
  const end = side + offset;
  path.push([end, lat]);
  if (Math.round((end + side) / 360) !== 0) {
    const pole = lats.reduce((sum, value) => sum + value, 0) / lats.length < 0 ? -90 : 90;
    // A cap within a hundredth of a degree of the pole (world-atlas keeps one at -89.999°
    // under Antarctica) covers nothing a flat map shows.
    if (lats.every((value) => Math.abs(value - pole) < 0.01)) return [];
    // Along the pole by way of the middle: no edge of the result is wider than half the world.
    path.push([end, pole], [(end - side) / 2, pole], [-side, pole]);
  }
  path.push([-side, lat]);

  const xs = path.map((point) => point[0]);
  const pieces: Ring[] = [];
  const lowest = Math.floor((Math.min(...xs) + halfTurn) / 360);
  const highest = Math.ceil((Math.max(...xs) - halfTurn) / 360);
  for (let world = lowest; world <= highest; world++) {
    const west = world * 360 - halfTurn;
    const clipped = clipToBand(path, west, west + 360);
    const piece = dropRepeats(clipped.map(([x, y]) => [x - world * 360, y] as Point));
    if (piece.length >= 3 && Math.abs(ringArea(close(piece))) > 1e-12) pieces.push(close(piece));
  }
  return pieces;
}

/** Sutherland–Hodgman against west ≤ x ≤ east; the input ring is closed, the output open. */
function clipToBand(ring: Ring, west: number, east: number): Ring {
  const clip = (points: Ring, inside: (x: number) => boolean, edge: number): Ring => {
    const out: Ring = [];
    for (let i = 0; i < points.length; i++) {
      const current = points[i] as Point;
      const previous = points[(i + points.length - 1) % points.length] as Point;
      const currentIn = inside(current[0]);
      if (currentIn !== inside(previous[0])) {
        const t = (edge - previous[0]) / (current[0] - previous[0]);
        out.push([edge, previous[1] + t * (current[1] - previous[1])]);
      }
      if (currentIn) out.push(current);
    }
    return out;
  };
  const open = dropClosingPoint(ring);
  return clip(
    clip(open, (x) => x >= west, west),
    (x) => x <= east,
    east,
  );
}

function dropClosingPoint(ring: Ring): Ring {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]
    ? ring.slice(0, -1)
    : [...ring];
}

function dropRepeats(ring: Ring): Ring {
  return ring.filter((point, i) => {
    const previous = ring[(i + ring.length - 1) % ring.length] as Point;
    return point[0] !== previous[0] || point[1] !== previous[1];
  });
}

function close(ring: Ring): Ring {
  const first = ring[0] as Point;
  return [...ring, [first[0], first[1]]];
}
