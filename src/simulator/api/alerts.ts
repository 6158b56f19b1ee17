import { dateTimeFormat } from '../../shared/time/date-time-format';
import type { Alert, AlertsResponse } from '../../shared/weather/alert-schema';
import { gazetteer } from '../geo/gazetteer';
import type { Place } from '../geo/place';
import { formatTimestamp, utc, wallClock } from '../time/zoned-time';
import type { HazardEvent } from '../world/alert-types';
import { hazardsAt } from '../world/hazards';
import { hashInts } from '../world/random';
import type { World } from '../world/world';

const issuer = 'Skydeck Simulated Weather Service';

export function alertsResponse(world: World, place: Place, now: number): AlertsResponse {
  return {
    alerts: alertsAt(world, place, now),
    city_name: place.city.name,
    state_code: place.city.stateCode,
    country_code: place.city.countryCode,
    lat: place.lat,
    lon: place.lon,
    timezone: place.timeZone,
  };
}

export function alertsAt(world: World, place: Place, now: number): Alert[] {
  const events = hazardsAt(world, place.lat, place.lon, now);
  if (events.length === 0) return [];
  const regions = alertRegions(place);
  return events.map((event) => toAlert(event, place, regions));
}

/**
 * The nearby places an alert covers. The service keeps a leading space on every region after
 * the first (reference.md), and so do we.
 */
function alertRegions(place: Place): string[] {
  return gazetteer()
    .nearest(place.lat, place.lon, 3)
    .map((city, index) => `${index === 0 ? '' : ' '}${city.name}, ${city.stateCode}`);
}

function toAlert(event: HazardEvent, place: Place, regions: string[]): Alert {
  const local = (unix: number) => formatTimestamp(wallClock(unix, place.timeZone));
  const utcStamp = (unix: number) => formatTimestamp(utc(unix));
  const id = hashInts(Math.round(place.lat * 100), Math.round(place.lon * 100), event.onset);
  return {
    title: `${event.event} issued ${spoken(event.effective, place.timeZone)} until ${spoken(event.expires, place.timeZone)} by ${issuer}`,
    description: event.description,
    severity: event.severity,
    effective_utc: utcStamp(event.effective),
    effective_local: local(event.effective),
    onset_utc: utcStamp(event.onset),
    onset_local: local(event.onset),
    ends_utc: utcStamp(event.ends),
    ends_local: local(event.ends),
    expires_utc: utcStamp(event.expires),
    expires_local: local(event.expires),
    uri: `https://simulator.skydeck.invalid/alerts/${id.toString(16)}`,
    regions,
  };
}

const spokenOptions: Intl.DateTimeFormatOptions = {
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** "August 22 at 4:19PM EDT", the way agency titles state times. */
function spoken(unix: number, timeZone: string): string {
  const format = dateTimeFormat(timeZone, spokenOptions);
  const parts = Object.fromEntries(
    format.formatToParts(unix * 1000).map((part) => [part.type, part.value]),
  );
  return `${parts.month} ${parts.day} at ${parts.hour}:${parts.minute}${parts.dayPeriod ?? ''} ${parts.timeZoneName}`;
}
