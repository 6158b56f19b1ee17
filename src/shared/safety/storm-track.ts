/**
 * Where the nearest thunderstorm cell is going, from the strikes of the last half hour: strikes
 * are grouped into cells, the nearest cell's strikes give its track by least squares (position
 * against time), and the track says when the cell's centre reaches the stop ring, if ever.
 */

export interface TrackedStrike {
  lat: number;
  lon: number;
  /** Epoch ms. */
  time: number;
}

export type StormApproach =
  | { kind: 'none' }
  | { kind: 'inside'; distanceKm: number }
  | { kind: 'unknown'; distanceKm: number; reason: string }
  | {
      kind: 'approaching';
      distanceKm: number;
      speedKmh: number;
      headingDeg: number;
      etaMinutes: number;
    }
  | {
      kind: 'moving-away' | 'stationary' | 'passing';
      distanceKm: number;
      speedKmh: number;
      headingDeg: number;
    };

const kmPerDegree = 111.195;
/** Strikes closer than this (km) belong to one cell: a cell's core is some 10 km across. */
const linkKm = 8;
/** A cell needs this many strikes, spread over this long, before its motion means anything. */
const minStrikes = 6;
const minSpanMs = 8 * 60_000;
/** Slower than this, a cell is called stationary: the fit's noise is of this order. */
const stationaryKmh = 5;
/** Work is bounded: the newest strikes this many. */
const maxStrikes = 5000;

interface Point {
  x: number;
  y: number;
  /** Minutes relative to now (negative: past). */
  t: number;
}

export function stormApproach(
  site: { lat: number; lon: number },
  stopKm: number,
  strikes: readonly TrackedStrike[],
  now: number,
  windowMinutes = 30,
): StormApproach {
  const from = now - windowMinutes * 60_000;
  const cosLat = Math.cos((site.lat * Math.PI) / 180);
  const points: Point[] = strikes
    .filter((strike) => strike.time >= from && strike.time <= now)
    .sort((a, b) => b.time - a.time)
    .slice(0, maxStrikes)
    .map((strike) => ({
      // Longitude differences wrap, so a cell across the date line is one cell.
      x: (((strike.lon - site.lon + 540) % 360) - 180) * cosLat * kmPerDegree,
      y: (strike.lat - site.lat) * kmPerDegree,
      t: (strike.time - now) / 60_000,
    }));
  if (points.length === 0) return { kind: 'none' };

  const cell = nearestCell(cells(points));
  const track = fitTrack(cell);
  const distanceKm = Math.hypot(track.x, track.y);
  if (distanceKm <= stopKm) return { kind: 'inside', distanceKm };
  const span = Math.max(...cell.map((p) => p.t)) - Math.min(...cell.map((p) => p.t));
  if (cell.length < minStrikes || span * 60_000 < minSpanMs)
    return {
      kind: 'unknown',
      distanceKm,
      reason: `${cell.length} strikes over ${Math.round(span)} min are too few to tell its motion`,
    };
  const speedKmh = Math.hypot(track.vx, track.vy) * 60;
  const headingDeg = ((Math.atan2(track.vx, track.vy) * 180) / Math.PI + 360) % 360;
  const moving = { distanceKm, speedKmh, headingDeg };
  if (speedKmh < stationaryKmh) return { kind: 'stationary', ...moving };
  // The centre's path p + v·s against the ring |p| = stopKm.
  const closing = track.x * track.vx + track.y * track.vy;
  if (closing >= 0) return { kind: 'moving-away', ...moving };
  const a = track.vx ** 2 + track.vy ** 2;
  const b = 2 * closing;
  const c = distanceKm ** 2 - stopKm ** 2;
  const discriminant = b * b - 4 * a * c;
  if (discriminant < 0) return { kind: 'passing', ...moving };
  const etaMinutes = (-b - Math.sqrt(discriminant)) / (2 * a);
  return { kind: 'approaching', ...moving, etaMinutes };
}

/** Single-linkage groups at `linkKm`, found through a grid so each strike meets few others. */
function cells(points: Point[]): Point[][] {
  const parent = points.map((_, index) => index);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number;
      i = parent[i] as number;
    }
    return i;
  };
  const grid = new Map<string, number[]>();
  const key = (gx: number, gy: number) => `${gx},${gy}`;
  points.forEach((point, index) => {
    const gx = Math.floor(point.x / linkKm);
    const gy = Math.floor(point.y / linkKm);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const other of grid.get(key(gx + dx, gy + dy)) ?? []) {
          const near = points[other] as Point;
          if (Math.hypot(near.x - point.x, near.y - point.y) <= linkKm)
            parent[find(index)] = find(other);
        }
    const bucket = key(gx, gy);
    grid.set(bucket, [...(grid.get(bucket) ?? []), index]);
  });
  const groups = new Map<number, Point[]>();
  points.forEach((point, index) => {
    const root = find(index);
    groups.set(root, [...(groups.get(root) ?? []), point]);
  });
  return [...groups.values()];
}

/** The cell whose centre, now, is nearest the site. */
function nearestCell(groups: Point[][]): Point[] {
  let best = groups[0] as Point[];
  let bestKm = Infinity;
  for (const group of groups) {
    const track = fitTrack(group);
    const km = Math.hypot(track.x, track.y);
    if (km < bestKm) {
      best = group;
      bestKm = km;
    }
  }
  return best;
}

/** Least squares of x and y against t: the centre now (t = 0) and its velocity (km/min). */
function fitTrack(points: Point[]): { x: number; y: number; vx: number; vy: number } {
  const n = points.length;
  const mean = (f: (p: Point) => number) => points.reduce((sum, p) => sum + f(p), 0) / n;
  const mt = mean((p) => p.t);
  const mx = mean((p) => p.x);
  const my = mean((p) => p.y);
  const varT = mean((p) => (p.t - mt) ** 2);
  // With every strike at one moment there is no motion to fit: the cell stands where it is.
  const vx = varT > 1e-9 ? mean((p) => (p.t - mt) * (p.x - mx)) / varT : 0;
  const vy = varT > 1e-9 ? mean((p) => (p.t - mt) * (p.y - my)) / varT : 0;
  return { x: mx - vx * mt, y: my - vy * mt, vx, vy };
}
