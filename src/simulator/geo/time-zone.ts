import { find } from 'geo-tz/all';
import { distanceKm } from '../../shared/geo/great-circle';
import { isLand } from './land';

/**
 * The IANA zone at a point from real time-zone boundaries (geo-tz's full data set, which keeps
 * zones like Arctic/Longyearbyen distinct). Open sea gets the nautical Etc/GMT±N zone. South of
 * 60°S, the Antarctic Treaty's area (place names call its land Antarctica), no country's civil
 * time applies: geo-tz's boundaries still reach into it (80°S 0°E fell in Africa/Johannesburg,
 * much of East Antarctica in Australia/Perth, some in Etc/UTC), so there only an Antarctica/
 * zone of theirs is kept; other land keeps the time of the nearest station that has an IANA
 * zone (80°S 0°E: Troll, 890 km away), and other sea the nautical zone.
 */
export function timeZoneAt(lat: number, lon: number): string {
  const found = find(lat, lon)[0];
  if (lat < antarcticLatitude && !found?.startsWith('Antarctica/'))
    return isLand(lat, lon) ? nearestStationZone(lat, lon) : nauticalZone(lon);
  return found ?? nauticalZone(lon);
}

const antarcticLatitude = -60;

/** Every Antarctic zone in tzdata's zone.tab (country AQ), at its station's coordinates. */
const antarcticStations = [
  ['Antarctica/Casey', -66.2833, 110.5167],
  ['Antarctica/Davis', -68.5833, 77.9667],
  ['Antarctica/DumontDUrville', -66.6667, 140.0167],
  ['Antarctica/Mawson', -67.6, 62.8833],
  ['Antarctica/McMurdo', -77.8333, 166.6],
  ['Antarctica/Palmer', -64.8, -64.1],
  ['Antarctica/Rothera', -67.5667, -68.1333],
  ['Antarctica/Syowa', -69.0061, 39.59],
  ['Antarctica/Troll', -72.0114, 2.535],
  ['Antarctica/Vostok', -78.4, 106.9],
] as const;

function nearestStationZone(lat: number, lon: number): string {
  let best: { zone: string; km: number } = { zone: 'Antarctica/McMurdo', km: Infinity };
  for (const [zone, stationLat, stationLon] of antarcticStations) {
    const km = distanceKm(lat, lon, stationLat, stationLon);
    if (km < best.km) best = { zone, km };
  }
  return best.zone;
}

function nauticalZone(lon: number): string {
  const offset = Math.round(lon / 15);
  if (offset === 0) return 'Etc/GMT';
  // The Etc zones' signs are inverted by POSIX convention: UTC+3 is Etc/GMT-3.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
