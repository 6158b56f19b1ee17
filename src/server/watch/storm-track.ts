/**
 * Where the nearest thunderstorm cell is going, from the strikes of the last half hour.
 *
 * Strikes are laid out on a flat map around the site, grouped into cells by density (DBSCAN),
 * and the nearest cell's strikes are fitted with a centre moving at constant velocity (least
 * squares of position against time). Where that line of travel meets the stop ring gives the
 * time until the cell's centre arrives. Each step keeps a guard against reading motion into noise:
 * too few strikes, too short a span, or a velocity whose own standard error is too large all
 * give `unknown` rather than a made-up arrival time.
 */
import { bearingDegrees, distanceKm as greatCircleKm } from '../../shared/geo/great-circle';

export interface TrackedStrike {
  lat: number;
  lon: number;
  /** Epoch ms. */
  time: number;
}

export type StormApproach =
  /** No strikes in the window. */
  | { kind: 'none' }
  /** The nearest cell's centre is already inside the stop ring. */
  | { kind: 'inside'; distanceKm: number }
  /** Too few strikes, or too short a span, to judge the motion. */
  | { kind: 'unknown'; distanceKm: number; reason: string }
  | {
      kind: 'approaching';
      distanceKm: number;
      speedKmh: number;
      /** The direction the cell moves toward: degrees clockwise from north. */
      headingDeg: number;
      etaMinutes: number;
    }
  | {
      /**
       * `drifting`: faster than a standing cell but too slow, against the scatter of its
       * strikes, to tell which way it goes.
       */
      kind: 'moving-away' | 'stationary' | 'passing' | 'drifting';
      distanceKm: number;
      speedKmh: number;
      headingDeg: number;
    };

/**
 * Two strikes this close (km) are neighbours. A single-cell thunderstorm's charge region is some
 * 5–10 km across and its strikes scatter over that; at 8 km the strikes of one cell link up
 * through its half-hour streak while cells a storm-width apart stay apart.
 */
const neighbourKm = 8;
/**
 * A strike with this many neighbours (itself included) is the core of a cell; strikes with
 * fewer that no core reaches are stray and belong to no cell. Three is DBSCAN's usual least for
 * two dimensions, and keeps a lone pair of strikes from bridging two cells.
 */
const corePoints = 3;
/** Below this many strikes, or this span of time, a cell's motion is not fitted at all. */
const minStrikes = 6;
const minSpanMinutes = 8;
/**
 * A fitted velocity whose standard error is above this (km/h) gives no arrival time worth
 * showing: typical cells move at 20–60 km/h, so at 10 km/h a 30 km/h cell's time is ±⅓.
 */
const maxSpeedErrorKmh = 10;
/**
 * Slower than this (km/h) a cell is stationary. Slower than twice the fit's own standard error,
 * its speed is within what scatter alone would give a cell that stays put: it drifts, but which
 * way cannot be told, and it is not called stationary either (a cell fitted at 7.6 km/h towards
 * the site is not "not moving"). With the error capped above, every cell fitted at over 20 km/h
 * has a direction.
 */
const stationaryKmh = 5;
/** Where a cell is, when its motion cannot be fitted: the centre of its last minutes of strikes. */
const recentMinutes = 10;
/** Work is bounded: only the newest strikes this many are considered. */
const maxStrikes = 5000;

/** A strike on the site's flat map: km east and north of the site, minutes after now. */
interface Point {
  x: number;
  y: number;
  t: number;
}

/** A cell's centre now (km east and north of the site) and its velocity (km per minute). */
interface Track {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Standard error of either velocity component, km/h: Infinity where nothing was fitted. */
  speedErrorKmh: number;
}

interface Cell {
  track: Track;
  /** Why the motion cannot be judged, if it cannot. */
  unreliable?: string;
}

export function stormApproach(
  site: { lat: number; lon: number },
  stopKm: number,
  strikes: readonly TrackedStrike[],
  now: number,
  windowMinutes = 30,
): StormApproach {
  const from = now - windowMinutes * 60_000;
  const recent = strikes
    .filter((strike) => strike.time >= from && strike.time <= now)
    .sort((a, b) => b.time - a.time)
    .slice(0, maxStrikes);
  if (recent.length === 0) return { kind: 'none' };
  const points = recent.map((strike) => project(site, strike, now));

  const cells = clusters(points).map(describeCell);
  const nearest = nearestCell(cells);
  if (!nearest)
    return {
      kind: 'unknown',
      distanceKm: Math.min(...points.map((p) => Math.hypot(p.x, p.y))),
      reason: `${points.length} scattered strikes and no cell among them`,
    };

  const { track } = nearest;
  const distanceKm = Math.hypot(track.x, track.y);
  if (distanceKm <= stopKm) return { kind: 'inside', distanceKm };
  if (nearest.unreliable) return { kind: 'unknown', distanceKm, reason: nearest.unreliable };

  const speedKmh = Math.hypot(track.vx, track.vy) * 60;
  const headingDeg = ((Math.atan2(track.vx, track.vy) * 180) / Math.PI + 360) % 360;
  const moving = { distanceKm, speedKmh, headingDeg };
  if (speedKmh < stationaryKmh) return { kind: 'stationary', ...moving };
  if (speedKmh < 2 * track.speedErrorKmh) return { kind: 'drifting', ...moving };
  // Where the centre's path p + v·s meets the ring |p + v·s| = stopKm: a quadratic in s.
  const closing = track.x * track.vx + track.y * track.vy;
  if (closing >= 0) return { kind: 'moving-away', ...moving };
  const a = track.vx ** 2 + track.vy ** 2;
  const b = 2 * closing;
  const c = distanceKm ** 2 - stopKm ** 2;
  const discriminant = b * b - 4 * a * c;
  if (discriminant < 0) return { kind: 'passing', ...moving };
  // The smaller root is where the path first enters the ring (both are positive: c > 0, b < 0).
  const etaMinutes = (-b - Math.sqrt(discriminant)) / (2 * a);
  return { kind: 'approaching', ...moving, etaMinutes };
}

/**
 * The strike on an azimuthal equidistant map centred on the site: distance and bearing from the
 * site are the great-circle ones. Distances to the site, which the stop ring is about, are
 * therefore exact; the date line needs no special case, since bearings wrap by themselves; and
 * north on the map is true north to within a fraction of a degree at storm distances.
 */
function project(site: { lat: number; lon: number }, strike: TrackedStrike, now: number): Point {
  const km = greatCircleKm(site.lat, site.lon, strike.lat, strike.lon);
  const bearing = (bearingDegrees(site.lat, site.lon, strike.lat, strike.lon) * Math.PI) / 180;
  return { x: km * Math.sin(bearing), y: km * Math.cos(bearing), t: (strike.time - now) / 60_000 };
}

/**
 * DBSCAN (Ester et al., 1996) over the strikes' positions. Density rather than plain single
 * linkage, so that a thin trail of stray strikes does not chain two cells into one. Time is left
 * out: a cell's half hour of strikes is a streak along its path, which links up by position alone.
 *
 * The work is kept near linear with the grid method of Gunawan (2013): squares of side
 * `neighbourKm`/√2, so any two strikes in one square are neighbours. A square holding
 * `corePoints` strikes makes them all core without a count, counts elsewhere stop at
 * `corePoints`, and cells join square by square. A storm's thousands of strikes in a few squares
 * then cost about as much as their number, not its square.
 */
function clusters(points: Point[]): Point[][] {
  const side = neighbourKm / Math.SQRT2;
  const squares = new Map<string, { x: number; y: number; members: number[] }>();
  const squareOf = points.map((point, index) => {
    const x = Math.floor(point.x / side);
    const y = Math.floor(point.y / side);
    const key = `${x},${y}`;
    const square = squares.get(key) ?? { x, y, members: [] };
    square.members.push(index);
    squares.set(key, square);
    return key;
  });
  const neighbours = (a: number, b: number) => {
    const p = points[a] as Point;
    const q = points[b] as Point;
    return (p.x - q.x) ** 2 + (p.y - q.y) ** 2 <= neighbourKm ** 2;
  };
  /** The squares that can hold a neighbour of a strike in this one: two either way. */
  const around = (key: string) => {
    const { x, y } = squares.get(key) as { x: number; y: number };
    const keys: string[] = [];
    for (let dx = -2; dx <= 2; dx++)
      for (let dy = -2; dy <= 2; dy++)
        if (squares.has(`${x + dx},${y + dy}`)) keys.push(`${x + dx},${y + dy}`);
    return keys;
  };
  const membersOf = (key: string) => (squares.get(key) as { members: number[] }).members;

  const core = points.map((_, index) => {
    const key = squareOf[index] as string;
    if (membersOf(key).length >= corePoints) return true;
    let count = 0;
    for (const other of around(key))
      for (const j of membersOf(other))
        if (neighbours(index, j) && ++count >= corePoints) return true;
    return false;
  });

  // Squares with core strikes join when two of those strikes are neighbours (union–find).
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(key, root);
    return root;
  };
  const cores = new Map<string, number[]>();
  for (const [key, { members }] of squares) {
    const found = members.filter((index) => core[index]);
    if (found.length > 0) cores.set(key, found);
    if (found.length > 0) parent.set(key, key);
  }
  for (const [key, mine] of cores) {
    for (const other of around(key)) {
      if (!parent.has(other) || find(other) === find(key)) continue;
      const theirs = cores.get(other) as number[];
      if (mine.some((a) => theirs.some((b) => neighbours(a, b))))
        parent.set(find(other), find(key));
    }
  }

  // Each strike goes to its cell: a core one by its square, an edge one by a core neighbour's;
  // strikes no core reaches are strays and belong to none.
  const groups = new Map<string, Point[]>();
  points.forEach((point, index) => {
    const key = squareOf[index] as string;
    let owner: string | undefined;
    if (core[index]) owner = key;
    else
      for (const other of around(key)) {
        const reached = membersOf(other).find((j) => core[j] && neighbours(index, j));
        if (reached !== undefined) {
          owner = squareOf[reached];
          break;
        }
      }
    if (owner === undefined) return;
    const root = find(owner);
    const group = groups.get(root);
    if (group) group.push(point);
    else groups.set(root, [point]);
  });
  return [...groups.values()];
}

function describeCell(points: Point[]): Cell {
  const times = points.map((p) => p.t);
  const span = Math.max(...times) - Math.min(...times);
  const fitted = fitTrack(points);
  const unreliable =
    points.length < minStrikes
      ? `only ${points.length} strikes, too few to tell its motion`
      : span < minSpanMinutes
        ? `its strikes span only ${span.toFixed(1)} min, too short to tell its motion`
        : fitted.speedErrorKmh > maxSpeedErrorKmh
          ? `its strikes scatter too widely to tell its motion (±${Math.round(fitted.speedErrorKmh)} km/h)`
          : undefined;
  // With no trustworthy velocity, extrapolating to now would move the cell by noise: it stands
  // where its latest strikes are.
  return unreliable
    ? { track: { ...recentCentre(points), vx: 0, vy: 0, speedErrorKmh: Infinity }, unreliable }
    : { track: fitted };
}

function recentCentre(points: Point[]): { x: number; y: number } {
  const newest = Math.max(...points.map((p) => p.t));
  const latest = points.filter((p) => p.t >= newest - recentMinutes);
  return {
    x: latest.reduce((sum, p) => sum + p.x, 0) / latest.length,
    y: latest.reduce((sum, p) => sum + p.y, 0) / latest.length,
  };
}

/** The cell whose centre, now, is nearest the site. */
function nearestCell(cells: Cell[]): Cell | undefined {
  let best: Cell | undefined;
  let bestKm = Infinity;
  for (const cell of cells) {
    const km = Math.hypot(cell.track.x, cell.track.y);
    if (km < bestKm) {
      best = cell;
      bestKm = km;
    }
  }
  return best;
}

/**
 * Ordinary least squares of x and y against t. With strikes scattered independently about a
 * centre moving at constant velocity, this is the minimum-variance unbiased estimate of that
 * centre and velocity (Gauss–Markov); weighting recent strikes more would follow a turning cell
 * sooner at the price of a noisier speed, and half an hour is short enough for a cell to keep
 * its course. The residual scatter gives the velocity's standard error, so the caller can tell a
 * measured motion from one the scatter alone would show.
 */
function fitTrack(points: Point[]): Track {
  const n = points.length;
  const mean = (f: (p: Point) => number) => points.reduce((sum, p) => sum + f(p), 0) / n;
  const mt = mean((p) => p.t);
  const mx = mean((p) => p.x);
  const my = mean((p) => p.y);
  const sumTT = n * mean((p) => (p.t - mt) ** 2);
  if (n < 3 || sumTT < 1e-9) return { x: mx, y: my, vx: 0, vy: 0, speedErrorKmh: Infinity };
  const vx = (n * mean((p) => (p.t - mt) * (p.x - mx))) / sumTT;
  const vy = (n * mean((p) => (p.t - mt) * (p.y - my))) / sumTT;
  // Residual variance per axis, pooled over both: 2(n − 2) degrees of freedom.
  const residual =
    (n * mean((p) => (p.x - mx - vx * (p.t - mt)) ** 2 + (p.y - my - vy * (p.t - mt)) ** 2)) /
    (2 * (n - 2));
  return {
    x: mx - vx * mt,
    y: my - vy * mt,
    vx,
    vy,
    speedErrorKmh: Math.sqrt(residual / sumTT) * 60,
  };
}
