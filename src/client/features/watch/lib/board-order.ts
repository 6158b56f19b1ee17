import type { SiteJson, SiteStatusJson } from '../../../../shared/api/watch-answers';
import type { StatusLevel } from '../../../../shared/safety/site-policy';

/**
 * The board's order, worst first. A site without current data comes straight after STOP: it may
 * be as bad, and nobody can tell until its data returns.
 */
export const boardLevels = [
  'stop',
  'no_data',
  'caution',
  'watch',
  'clear',
] as const satisfies readonly StatusLevel[];

function rank(status: SiteStatusJson): number {
  return boardLevels.indexOf(status.level);
}

/** Among sites without data, the one whose last level was worse comes first. */
function lastRank(status: SiteStatusJson): number {
  return status.last_level === null ? boardLevels.length : boardLevels.indexOf(status.last_level);
}

/** Sites worst first; within a level by name, so the board does not reshuffle on every update. */
export function boardOrder<S extends Pick<SiteJson, 'name' | 'id' | 'status'>>(
  sites: readonly S[],
): S[] {
  return [...sites].sort(
    (a, b) =>
      rank(a.status) - rank(b.status) ||
      lastRank(a.status) - lastRank(b.status) ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id),
  );
}

/** How many sites are at each level, worst first, for the board's summary line. */
export function levelCounts(
  sites: readonly Pick<SiteJson, 'status'>[],
): { level: StatusLevel; count: number }[] {
  return boardLevels
    .map((level) => ({ level, count: sites.filter((site) => site.status.level === level).length }))
    .filter((entry) => entry.count > 0);
}
