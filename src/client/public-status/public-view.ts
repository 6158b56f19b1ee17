import type { PublicStatus } from '../../shared/api/public-status';
import { staleAfterMs } from '../../shared/safety/feed-cadence';
import { levelLabels } from '../../shared/safety/level-labels';
import type { StatusLevel } from '../../shared/safety/site-policy';
import { allClearText, dataAgeText } from '../features/watch/lib/status-text';
import { clockTimesIn, watchClock } from '../features/watch/lib/watch-time';
import { metricTextIn } from '../lib/metric-units';
import { type UnitSystem, unitSystems } from '../../shared/weather/units';
import { levelMeanings } from './level-meanings';

/**
 * What the public page shows of a shared site's status, from the watch's answer and the server's
 * clock now (the answer's `updated_at` is on it, so a viewer's drifted clock changes nothing).
 */
export interface PublicView {
  /** The level the page is coloured by: `no_data` whenever it shows NO CURRENT DATA. */
  level: StatusLevel;
  /** The level in words, as the board labels it ("STOP"), or NO CURRENT DATA. */
  heading: string;
  /** What the level asks of people there. */
  meaning: string;
  /** The watch's reasons, most severe first. */
  reasons: string[];
  /** "All clear in 12:04", while lightning holds the level. */
  countdown: string | undefined;
  /** "Last checked 13:20 CDT": when this status was last confirmed by the server. */
  checked: string;
  /** "Data 40 s old", as the board says it. */
  dataAge: string;
}

/**
 * The page has heard nothing from the server for longer than the watch lets a lightning answer
 * age before it calls a site NO DATA: the page no longer knows the level, and says so rather
 * than go on showing one (an ALL CLEAR above all) that may have changed.
 */
export function pageOutOfDate(answer: PublicStatus, serverNowMs: number): boolean {
  return serverNowMs - Date.parse(answer.updated_at) > staleAfterMs('lightning');
}

/**
 * The units a link asks for (`?units=I`, which the operator's Units setting adds when sharing),
 * metric otherwise: the page has no settings of its own.
 */
export function linkUnits(search: string): UnitSystem {
  const asked = new URLSearchParams(search).get('units');
  return unitSystems.find((units) => units === asked) ?? 'M';
}

export function publicView(
  answer: PublicStatus,
  serverNowMs: number,
  units: UnitSystem = 'M',
): PublicView {
  const { status } = answer;
  // The board's NO DATA is the watch's level; the page adds its own link going quiet.
  const noData = status.level === 'no_data' || pageOutOfDate(answer, serverNowMs);
  const level: StatusLevel = noData ? 'no_data' : status.level;
  // The board's words for the countdown and the data's age, on the same server clock.
  const countdown = noData ? undefined : allClearText(status.all_clear_at, serverNowMs);
  const updated = Date.parse(answer.updated_at);
  return {
    level,
    heading: noData ? 'NO CURRENT DATA' : levelLabels[level],
    meaning: levelMeanings[level],
    reasons:
      noData && status.level !== 'no_data'
        ? ['This page cannot reach the watch: the status below may be out of date.']
        : // The watch writes metric and UTC; a parent there reads the link's units and the
          // site's clock, as "Last checked" below.
          status.reasons.map((reason) =>
            clockTimesIn(
              metricTextIn(units, reason),
              'local',
              answer.site.timezone,
              new Date(updated),
            ),
          ),
    countdown,
    // The site's own zone, as a parent there reads a clock.
    checked: `Last checked ${watchClock(new Date(updated), 'local', answer.site.timezone)}`,
    dataAge: dataAgeText(status.data_age_s, null, updated, serverNowMs),
  };
}
