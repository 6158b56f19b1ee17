import type { SiteJson } from '../../../../shared/api/watch-answers';
import { type StatusLevel, severityRank } from '../../../../shared/safety/site-policy';
import { boardLevels } from '../../watch/public';
import { levelLabels } from '../../../../shared/safety/level-labels';

/**
 * What the page says about the sites an operator follows: the worst level in the tab's title and
 * favicon, and which changes of level deserve a notification or a sound.
 */

/** The sites this browser raises alarms for: every one, or those picked (by id). */
export type Follow = 'all' | readonly string[];

type AlarmSite = Pick<SiteJson, 'id' | 'name' | 'lat' | 'lon' | 'timezone' | 'status'> &
  Partial<Pick<SiteJson, 'schedule'>>;

/**
 * Outside its working hours a site's changes sound and notify nothing, unless its level rests on
 * an alert whose severity its schedule alarms for at any hour (`always`): as the server's
 * channels do.
 */
export function heldOffHours(site: Pick<AlarmSite, 'status' | 'schedule'>): boolean {
  if (!site.status.off_hours) return false;
  const always = site.schedule?.always ?? [];
  return !site.status.findings.some(
    ({ measure }) => measure.kind === 'alert' && always.includes(measure.severity),
  );
}

export function isFollowed(follow: Follow, siteId: string): boolean {
  return follow === 'all' || follow.includes(siteId);
}

export function followedSites<S extends Pick<SiteJson, 'id'>>(
  sites: readonly S[],
  follow: Follow,
): S[] {
  return follow === 'all' ? [...sites] : sites.filter((site) => follow.includes(site.id));
}

/**
 * The worst level among the sites and how many are at it, in the board's order (a site without
 * data right after STOP); undefined when there is no site.
 */
export function worstOf(
  sites: readonly Pick<SiteJson, 'status'>[],
): { level: StatusLevel; count: number } | undefined {
  for (const level of boardLevels) {
    const count = sites.filter((site) => site.status.level === level).length;
    if (count > 0) return { level, count };
  }
  return undefined;
}

/** The app's name, as index.html titles the page: the title when nothing needs attention. */
export const appTitle = 'Skydeck';

/** "STOP · 2 sites — Skydeck"; just "Skydeck" when every followed site is clear (or none is). */
export function alarmTitle(sites: readonly Pick<SiteJson, 'status'>[]): string {
  const worst = worstOf(sites);
  if (!worst || worst.level === 'clear') return appTitle;
  const count = `${worst.count} site${worst.count === 1 ? '' : 's'}`;
  return `${levelLabels[worst.level]} · ${count} — ${appTitle}`;
}

/**
 * The favicon's badge by the worst level: the colours the board gives the levels (tokens.css),
 * written out because a favicon is drawn outside the page's styles. No site, no badge.
 */
export const faviconColours: Record<StatusLevel, string> = {
  stop: '#e5484d',
  no_data: '#b4c0c7',
  caution: '#f59e0b',
  watch: '#6cb8ff',
  clear: '#2fbf71',
};

export function faviconColour(sites: readonly Pick<SiteJson, 'status'>[]): string | undefined {
  const worst = worstOf(sites);
  return worst && faviconColours[worst.level];
}

/** One site's change of level, as the page saw it; `from` undefined for a site new to it. */
export interface LevelChange {
  site: AlarmSite;
  from: StatusLevel | undefined;
  to: StatusLevel;
  /** Its working hours began with the site already at this level, which they kept quiet. */
  opened?: true;
}

/** What the page last heard of a site: its level, or that its working hours kept it quiet. */
export type Heard = StatusLevel | 'off_hours';

/**
 * The changes between what the page last heard and the sites now. Nothing on the first look (the
 * page just opened: what is already so is in the title, not news). A site seen for the first time
 * counts only when it arrives at a level that asks for action, not clear or without data yet. A
 * site whose working hours begin while it is at stop or caution is news then, as the server's
 * channels are told ("as the working day starts"): off hours it was on the board but sounded
 * nothing.
 */
export function levelChanges(
  heard: ReadonlyMap<string, Heard> | undefined,
  sites: readonly AlarmSite[],
): LevelChange[] {
  if (!heard) return [];
  const changes: LevelChange[] = [];
  for (const site of sites) {
    if (heldOffHours(site)) continue;
    const from = heard.get(site.id);
    const to = site.status.level;
    if (from === 'off_hours') {
      if (to === 'stop' || to === 'caution')
        changes.push({ site, from: undefined, to, opened: true });
      continue;
    }
    if (from === to) continue;
    if (from === undefined && (to === 'clear' || to === 'no_data')) continue;
    changes.push({ site, from, to });
  }
  return changes;
}

export function levelsOf(sites: readonly AlarmSite[]): Map<string, Heard> {
  return new Map(
    sites.map((site) => [site.id, heldOffHours(site) ? 'off_hours' : site.status.level]),
  );
}

/** The tones: stop the loud one, caution a softer one. Other levels sound nothing. */
export type Tone = 'stop' | 'caution';

/**
 * A change sounds when it raises a site to stop or to caution; a drop (stop to caution) or a loss
 * of data does not: the title and favicon show those.
 */
export function toneFor(change: Pick<LevelChange, 'from' | 'to'>): Tone | undefined {
  const { from, to } = change;
  if (to !== 'stop' && to !== 'caution') return undefined;
  if (from === undefined || from === 'no_data') return to;
  return severityRank(to) > severityRank(from) ? to : undefined;
}

/** The loudest of several changes' tones, so a burst of changes sounds once. */
export function loudestTone(
  changes: readonly Pick<LevelChange, 'from' | 'to'>[],
): Tone | undefined {
  const tones = changes.map(toneFor);
  return tones.includes('stop') ? 'stop' : tones.includes('caution') ? 'caution' : undefined;
}

/**
 * A desktop notification's words for a change: "STOP — Pocahontas depot", then why, with the
 * server's (metric, UTC) reason read as the settings say (`read`).
 */
export function notificationText(
  change: LevelChange,
  read: (text: string) => string = (text) => text,
): { title: string; body: string } {
  const { site, from, to } = change;
  const title = `${levelLabels[to]} — ${site.name}`;
  const was = change.opened
    ? 'As working hours begin'
    : from === undefined
      ? 'New site'
      : `Was ${levelLabels[from]}`;
  const first = site.status.reasons[0];
  const reason = first === undefined ? undefined : read(first);
  if (to === 'clear')
    return { title: `ALL CLEAR — ${site.name}`, body: `${was}. Work may resume.` };
  return { title, body: reason ? `${reason}. ${was}.` : `${was}.` };
}
