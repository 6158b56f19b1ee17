import type { FeatureCollection, LineString, Point, Polygon } from 'geojson';
import { compassSector } from '../../../../shared/geo/compass';
import { kilometresPerMile } from '../../../../shared/geo/great-circle';
import { around, circle } from '../../../lib/geo-circle';

/**
 * Range rings at round distances that a person reads at a glance: about four rings out to the
 * search distance, in kilometres or miles.
 */
export function ringSteps(maxKm: number, unit: 'km' | 'mi'): { km: number; label: string }[] {
  const unitKm = unit === 'km' ? 1 : kilometresPerMile;
  const max = maxKm / unitKm;
  const step = [1, 2, 5, 10, 15, 20, 25, 50].find((candidate) => max / candidate <= 4) ?? 50;
  const rings: { km: number; label: string }[] = [];
  for (let value = step; value <= max + 1e-9; value += step)
    rings.push({ km: value * unitKm, label: `${value} ${unit}` });
  if (rings.length === 0 || (rings[rings.length - 1]?.km ?? 0) < maxKm - 1e-6) {
    rings.push({ km: maxKm, label: `${round(max)} ${unit}` });
  }
  return rings;
}

const round = (value: number) =>
  Math.abs(value - Math.round(value)) < 0.05 ? String(Math.round(value)) : value.toFixed(1);

export type RuleLevel = 'stop' | 'caution';

/**
 * The decision's own rings: STOP and CAUTION at the rule's radii, whatever the search distance,
 * with their labels on the south side, away from the range rings' labels.
 */
export function ruleRings(
  centre: { lat: number; lon: number },
  radii: readonly { level: RuleLevel; km: number; label: string }[],
): { rings: FeatureCollection<Polygon>; labels: FeatureCollection<Point> } {
  return {
    rings: {
      type: 'FeatureCollection',
      features: radii.map((r) => circle(centre, r.km, { level: r.level })),
    },
    labels: {
      type: 'FeatureCollection',
      features: radii.map((r) => {
        const point = around(centre, 180, r.km);
        return {
          type: 'Feature',
          properties: { level: r.level, label: r.label },
          geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
        };
      }),
    },
  };
}

/** Ring polygons and N/E/S/W lines around the point, plus label points on the rings' north side. */
export function rangeRings(
  centre: { lat: number; lon: number },
  rings: readonly { km: number; label: string }[],
): {
  rings: FeatureCollection<Polygon>;
  spokes: FeatureCollection<LineString>;
  labels: FeatureCollection<Point>;
} {
  const outer = rings[rings.length - 1]?.km ?? 0;
  return {
    rings: { type: 'FeatureCollection', features: rings.map((r) => circle(centre, r.km, {})) },
    spokes: {
      type: 'FeatureCollection',
      features: [0, 90, 180, 270].map((bearing) => {
        const end = around(centre, bearing, outer);
        return {
          type: 'Feature',
          properties: { bearing },
          geometry: {
            type: 'LineString',
            coordinates: [
              [centre.lon, centre.lat],
              [end.lon, end.lat],
            ],
          },
        };
      }),
    },
    labels: {
      type: 'FeatureCollection',
      features: rings.map((r) => {
        const point = around(centre, 0, r.km);
        return {
          type: 'Feature',
          properties: { label: r.label },
          geometry: { type: 'Point', coordinates: [point.lon, point.lat] },
        };
      }),
    },
  };
}

/** Strikes per 16-point compass sector (index 0 = N). */
export function sectorCounts(bearings: readonly number[]): number[] {
  const counts = Array.from({ length: 16 }, () => 0);
  for (const bearing of bearings)
    counts[compassSector(bearing)] = (counts[compassSector(bearing)] ?? 0) + 1;
  return counts;
}

/** Strikes per 5-minute interval over the window, oldest first. */
export function fiveMinuteCounts(
  times: readonly number[],
  now: number,
  windowMinutes: number,
): number[] {
  const bins = Math.ceil(windowMinutes / 5);
  const counts = Array.from({ length: bins }, () => 0);
  for (const time of times) {
    const minutesAgo = (now - time) / 60_000;
    if (minutesAgo < 0 || minutesAgo >= bins * 5) continue;
    const index = bins - 1 - Math.floor(minutesAgo / 5);
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts;
}
