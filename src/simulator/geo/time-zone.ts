import { find } from 'geo-tz/all';

/**
 * The IANA zone at a point from real time-zone boundaries (geo-tz's full data set, which keeps
 * zones like Arctic/Longyearbyen distinct). Open sea gets the nautical Etc/GMT±N zone.
 */
export function timeZoneAt(lat: number, lon: number): string {
  return find(lat, lon)[0] ?? nauticalZone(lon);
}

function nauticalZone(lon: number): string {
  const offset = Math.round(lon / 15);
  if (offset === 0) return 'Etc/GMT';
  // The Etc zones' signs are inverted by POSIX convention: UTC+3 is Etc/GMT-3.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
