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

/** All strikes within `radiusKm` of a point whose times fall in [from, to). */
export function strikesAround(
  world: World,
  centre: { lat: number; lon: number },
  radiusKm: number,
  from: number,
  to: number,
): Strike[] {
  const strikes: Strike[] = [];
  const latSpan = radiusKm / 111.2;
  const lonSpan = radiusKm / (111.2 * Math.max(0.05, Math.cos((centre.lat * Math.PI) / 180)));
  const rowFirst = Math.floor((centre.lat - latSpan) / cellDegrees);
  const rowLast = Math.floor((centre.lat + latSpan) / cellDegrees);
  const colFirst = Math.floor((centre.lon - lonSpan) / cellDegrees);
  const colLast = Math.floor((centre.lon + lonSpan) / cellDegrees);
  const binFirst = Math.floor(from / binSeconds);
  const binLast = Math.ceil(to / binSeconds) - 1;
  // Each cell's storm strength by bin, in one array for the whole scan.
  const storms = new Float64Array(Math.max(0, binLast - binFirst + 1));

  for (let row = rowFirst; row <= rowLast; row++) {
    const cellLat = (row + 0.5) * cellDegrees;
    if (cellLat < -90 || cellLat > 90) continue;
    const reach = cellReachKm(row);
    for (let col = colFirst; col <= colLast; col++) {
      // Cells are keyed by wrapped longitude so both sides of the date line agree.
      const wrappedCol = ((((col + 1800) % 3600) + 3600) % 3600) - 1800;
      const cellLon = (wrappedCol + 0.5) * cellDegrees;
      // A cell wholly beyond the radius holds no strike to report: the box's corners need no
      // storm scan. The bound is the triangle inequality, with a margin for rounding.
      if (distanceKm(centre.lat, centre.lon, cellLat, cellLon) - reach > radiusKm + 1e-6) continue;
      const radar = isRadarLongitude(cellLon);
      world.stormSeries(cellLat, cellLon, binMiddle(binFirst), binSeconds, storms);
      for (let bin = binFirst; bin <= binLast; bin++) {
        const binStart = bin * binSeconds;
        const storm = storms[bin - binFirst] as number;
        if (storm <= thunderThreshold) continue;
        const random = seededRandom(hashInts(row, wrappedCol, bin, 0x11a7));
        const count = poisson(
          peakFlashesPerBin * ((storm - thunderThreshold) / (1 - thunderThreshold)) ** 1.5,
          random,
        );
        for (let k = 0; k < count; k++) {
          const lat = (row + random()) * cellDegrees;
          const lon = (wrappedCol + random()) * cellDegrees;
          const flashTime = binStart + Math.floor(random() * binSeconds);
          const time = radar
            ? Math.ceil((flashTime + 1) / radarScanSeconds) * radarScanSeconds
            : flashTime;
          if (time < from || time >= to) continue;
          const distance = distanceKm(centre.lat, centre.lon, lat, lon);
          if (distance > radiusKm) continue;
          strikes.push({
            id: hashInts(row, wrappedCol, bin, k) >>> 1,
            lat,
            lon,
            time,
            kind: radar ? 'radar' : 'sensor',
            distanceKm: distance,
          });
        }
      }
    }
  }
  return strikes;
}

/** The instant a bin's storm strength is read at. */
const binMiddle = (bin: number) => bin * binSeconds + binSeconds / 2;

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
