import { levelLabels } from '../../../../shared/safety/level-labels';
import type { StatusLevel } from '../../../../shared/safety/site-policy';
import type { SiteStatusJson, StormJson } from '../../../../shared/api/watch-answers';
import type { SafetyFeed } from '../../../../shared/safety/feed-cadence';
import { compassPoint } from '../../../../shared/geo/compass';
import { kilometresPerMile } from '../../../../shared/geo/great-circle';
import { countdownText } from '../../../lib/countdown-text';
import { distanceText, type UnitSystem } from '../../../../shared/weather/units';

/**
 * "NO DATA · last STOP": a site without data never looks calmer than it last was. "STOP · off
 * hours": outside its working hours a site keeps its level; only its alarms are held.
 */
export function levelText(
  status: Pick<SiteStatusJson, 'level' | 'last_level'> & { off_hours?: boolean },
): string {
  const level =
    status.level !== 'no_data' || status.last_level === null
      ? levelLabels[status.level]
      : `${levelLabels.no_data} · last ${levelLabels[status.last_level]}`;
  return status.off_hours ? `${level} · off hours` : level;
}

/**
 * The all-clear countdown on the server's clock: "All clear in 26:28". Past its time the level
 * still holds until fresh data stands it down, and says so.
 */
export function allClearText(
  allClearAt: string | null,
  serverNowMs: number,
  label = 'All clear',
): string | undefined {
  if (allClearAt === null) return undefined;
  const left = Date.parse(allClearAt) - serverNowMs;
  return left > 0
    ? `${label} in ${countdownText(left)}`
    : `${label} due: waiting for fresh data to confirm`;
}

/** Each feed by name, as the data age says whose data it is. */
const feedNames: Record<SafetyFeed, string> = {
  lightning: 'Lightning data',
  alerts: 'Alert data',
  current: 'Current conditions',
};

/**
 * How old the data behind a status is now, naming the feed (the oldest the status rests on): its
 * age when the status arrived plus the time since, both on the server's clock.
 */
export function dataAgeText(
  dataAgeS: number | null,
  feed: SafetyFeed | null,
  receivedAtMs: number,
  serverNowMs: number,
): string {
  if (dataAgeS === null) return 'No data yet';
  const what = feed ? feedNames[feed] : 'Data';
  const seconds = Math.max(0, Math.round(dataAgeS + (serverNowMs - receivedAtMs) / 1000));
  if (seconds < 60) return `${what} ${seconds} s old`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${what} ${minutes} min old`;
  return `${what} ${Math.floor(minutes / 60)} h ${minutes % 60} min old`;
}

/** A storm's speed as road speeds read: mph with imperial units, km/h otherwise. */
function speedText(units: UnitSystem, kmh: number): string {
  return units === 'I' ? `${Math.round(kmh / kilometresPerMile)} mph` : `${Math.round(kmh)} km/h`;
}

/**
 * Where the nearest storm is going, in one line; nothing when there is no storm to speak of.
 * Never against the level: a site already at STOP is not told when the storm "reaches the stop
 * ring", only that it is coming.
 */
export function stormText(
  storm: StormJson | null,
  units: UnitSystem,
  level?: StatusLevel,
): string | undefined {
  if (!storm || storm.kind === 'none' || storm.distance_km === null) return undefined;
  const away = `Storm ${distanceText(units, storm.distance_km, { digits: 0 })} away`;
  const speed = storm.speed_kmh === null ? undefined : speedText(units, storm.speed_kmh);
  const motion =
    storm.heading_deg !== null && speed !== undefined
      ? ` (heading ${compassPoint(storm.heading_deg)} at ${speed})`
      : '';
  switch (storm.kind) {
    case 'inside':
      return `Storm inside the stop ring (${distanceText(units, storm.distance_km, { digits: 0 })} from the site)`;
    case 'approaching':
      return storm.eta_minutes === null || level === 'stop'
        ? `${away}, coming towards the site${motion}`
        : `${away}, reaches the stop ring in about ${storm.eta_minutes} min${motion}`;
    case 'moving-away':
      return `${away}, moving away${motion}`;
    case 'stationary':
      return `${away}, barely moving${speed === undefined ? '' : ` (${speed})`}`;
    case 'drifting':
      return `${away}, drifting slowly${speed === undefined ? '' : ` (about ${speed})`}, direction not yet clear`;
    case 'passing':
      return `${away}, passing by${motion}`;
    case 'unknown':
      return `${away}, track not yet known`;
  }
}
