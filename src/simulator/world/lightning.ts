import { distanceKm } from '../../shared/geo/great-circle';
import { thunderThreshold } from './condition';
import { hashInts, seededRandom } from './random';
import type { World } from './world';

/**
 * Lightning drawn from the world's thunderstorms. The globe is cut into fixed 0.1° cells and
 * 5-minute bins; each cell-bin with a storm gets a Poisson number of flashes from an RNG seeded
 * by the cell and bin alone. Every query therefore sees the same strikes, which cluster where
 * the cells are, drift as they drift, and age in place.
 */
export interface Strike {
  id: number;
  lat: number;
  lon: number;
  /** Unix seconds. */
  time: number;
  kind: 'sensor' | 'radar';
  /** Great-circle distance from the point the strikes were asked around, km. */
  distanceKm: number;
}

const cellDegrees = 0.1;
const binSeconds = 300;
/** Radar-based estimates come once per 15-minute scan; sensors report every 5 minutes. */
const radarScanSeconds = 900;
/** Sensor coverage ends and radar estimates begin at 80°E (the interface's rule 3 and 4). */
const radarFromLongitude = 80;
/** Flashes in one 0.1° cell in 5 minutes from the strongest storm. */
const peakFlashesPerBin = 60;

export function isRadarLongitude(lon: number): boolean {
  return lon >= radarFromLongitude;
}

/** When data is available up to: the last completed sensor interval or radar scan. */
export function latestReport(lon: number, now: number): number {
  const step = isRadarLongitude(lon) ? radarScanSeconds : binSeconds;
  return Math.floor(now / step) * step;
}

/** A 0.1° cell of the lightning grid: its row, its column (wrapped to −1800…1799) and centre. */
export interface LightningCell {
  row: number;
  col: number;
  lat: number;
  lon: number;
  /** How far its nearest point can lie from the point it was found around, km (a lower bound). */
  nearKm: number;
}

/**
 * The cells a strike within `radiusKm` of a point can come from, row by row. A cell is kept when
 * the distance to its centre less its reach is within the radius (the triangle inequality, with
 * a margin for rounding): no cell that can hold such a strike is left out. `tight` also bounds
 * it by the distance to the cell's nearest point, which leaves out more of the cells of a small
 * radius (a place's few, each asked again at every sample) for one more distance each.
 */
export function cellsWithin(
  centre: { lat: number; lon: number },
  radiusKm: number,
  tight = false,
): LightningCell[] {
  const cells: LightningCell[] = [];
  const latSpan = radiusKm / 111.2;
  const lonSpan = radiusKm / (111.2 * Math.max(0.05, Math.cos((centre.lat * Math.PI) / 180)));
  const rowFirst = Math.floor((centre.lat - latSpan) / cellDegrees);
  const rowLast = Math.floor((centre.lat + latSpan) / cellDegrees);
  const colFirst = Math.floor((centre.lon - lonSpan) / cellDegrees);
  const colLast = Math.floor((centre.lon + lonSpan) / cellDegrees);
  for (let row = rowFirst; row <= rowLast; row++) {
    const lat = (row + 0.5) * cellDegrees;
    if (lat < -90 || lat > 90) continue;
    const reach = cellReachKm(row);
    for (let column = colFirst; column <= colLast; column++) {
      // Cells are keyed by wrapped longitude so both sides of the date line agree.
      const col = ((((column + 1800) % 3600) + 3600) % 3600) - 1800;
      const lon = (col + 0.5) * cellDegrees;
      let nearKm = distanceKm(centre.lat, centre.lon, lat, lon) - reach;
      if (nearKm > radiusKm + 1e-6) continue;
      if (tight) {
        nearKm = Math.max(nearKm, boxDistanceKm(centre, row, column));
        if (nearKm > radiusKm + 1e-6) continue;
      }
      cells.push({ row, col, lat, lon, nearKm: Math.max(0, nearKm) });
    }
  }
  return cells;
}

/**
 * The first and last bins whose strikes a cell reports at times in [from, to]: a sensor reports
 * a flash when it strikes, radar at the end of the scan it fell in, up to a scan later.
 */
export function binsReportedIn(
  lon: number,
  from: number,
  to: number,
): { first: number; last: number } {
  const lag = isRadarLongitude(lon) ? radarScanSeconds : 0;
  return {
    first: Math.floor((from - lag) / binSeconds),
    last: Math.floor(to / binSeconds),
  };
}

/** All strikes within `radiusKm` of a point whose times fall in [from, to). */
export function strikesAround(
  world: World,
  centre: { lat: number; lon: number },
  radiusKm: number,
  from: number,
  to: number,
): Strike[] {
  const strikes: Strike[] = [];
  const binFirst = Math.floor(from / binSeconds);
  const binLast = Math.ceil(to / binSeconds) - 1;
  // Each cell's storm strength by bin, in one array for the whole scan.
  const storms = new Float64Array(Math.max(0, binLast - binFirst + 1));

  for (const { row, col, lon: cellLon, lat: cellLat } of cellsWithin(centre, radiusKm)) {
    const radar = isRadarLongitude(cellLon);
    world.stormSeries(cellLat, cellLon, binMiddle(binFirst), binSeconds, storms);
    for (let bin = binFirst; bin <= binLast; bin++) {
      const binStart = bin * binSeconds;
      const storm = storms[bin - binFirst] as number;
      if (storm <= thunderThreshold) continue;
      const random = seededRandom(hashInts(row, col, bin, 0x11a7));
      const count = poisson(
        peakFlashesPerBin * ((storm - thunderThreshold) / (1 - thunderThreshold)) ** 1.5,
        random,
      );
      for (let k = 0; k < count; k++) {
        const lat = (row + random()) * cellDegrees;
        const lon = (col + random()) * cellDegrees;
        const flashTime = binStart + Math.floor(random() * binSeconds);
        const time = radar
          ? Math.ceil((flashTime + 1) / radarScanSeconds) * radarScanSeconds
          : flashTime;
        if (time < from || time >= to) continue;
        const distance = distanceKm(centre.lat, centre.lon, lat, lon);
        if (distance > radiusKm) continue;
        strikes.push({
          id: hashInts(row, col, bin, k) >>> 1,
          lat,
          lon,
          time,
          kind: radar ? 'radar' : 'sensor',
          distanceKm: distance,
        });
      }
    }
  }
  return strikes;
}

/** The instant a bin's storm strength is read at. */
export const binMiddle = (bin: number) => bin * binSeconds + binSeconds / 2;

/**
 * How far a point of a cell in `row` can lie from the cell's centre, km: the larger of the
 * distances to its corners (the one nearer the equator, where a degree of longitude is widest).
 */
function cellReachKm(row: number): number {
  const centreLat = (row + 0.5) * cellDegrees;
  const half = cellDegrees / 2;
  return Math.max(
    distanceKm(centreLat, 0, row * cellDegrees, half),
    distanceKm(centreLat, 0, (row + 1) * cellDegrees, half),
  );
}

/**
 * A lower bound of the distance from a point to the cell at `row` and unwrapped `column`, km:
 * the distance to the cell's point nearest in latitude and longitude, which for a cell this
 * small lies within metres of the nearest point on the sphere (a margin covers that), except
 * near the poles, where meridians converge and only the triangle inequality is used.
 */
function boxDistanceKm(centre: { lat: number; lon: number }, row: number, column: number): number {
  if (Math.abs(centre.lat) > 80) return 0;
  const lat = Math.min((row + 1) * cellDegrees, Math.max(row * cellDegrees, centre.lat));
  const lon = Math.min((column + 1) * cellDegrees, Math.max(column * cellDegrees, centre.lon));
  return distanceKm(centre.lat, centre.lon, lat, lon) - boxMarginKm;
}

const boxMarginKm = 0.1;

/** Knuth's method for small means, a rounded normal approximation for large ones. */
function poisson(mean: number, random: () => number): number {
  if (mean <= 0) return 0;
  if (mean > 30) {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal));
  }
  const limit = Math.exp(-mean);
  let product = random();
  let count = 0;
  while (product > limit) {
    count++;
    product *= random();
  }
  return count;
}
