import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { eventsQuery } from '../../../../shared/api/queries';
import { eventsResponseSchema } from '../../../../shared/api/watch-answers';
import { getJson, type RouteQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { readLink, updateLink } from '../../../lib/url-state/link';
import {
  type Board,
  loadLinkReading,
  openSite,
  sitesQueryOptions,
  useStreamMode,
  useWatchStream,
} from '../../watch/public';
import { unlockAudio, unlockOnNextGesture, sound } from '../lib/alarm-audio';
import { faviconUrl, plainFavicon, setFavicon } from '../lib/alarm-favicon';
import {
  alarmTitle,
  appTitle,
  faviconColour,
  faviconColours,
  followedSites,
  heldOffHours,
  isFollowed,
  type Heard,
  type LevelChange,
  levelChanges,
  levelsOf,
  loudestTone,
  notificationText,
} from '../lib/alarm-level';
import { type AlarmSchedule, alarmSchedule } from '../lib/alarm-sound';
import { alarmSettings, useAlarmSettings } from '../stores/alarm-settings';
import { setAlarmRepeating } from '../stores/alarm-state';

/** Whether a change of a site to stop is still unacknowledged: its latest event says. */
async function unacknowledgedStop(siteId: string): Promise<boolean> {
  const answer = await getJson(
    'events',
    { site: siteId, limit: 1 } satisfies RouteQuery<typeof eventsQuery>,
    eventsResponseSchema,
  );
  const latest = answer?.events[0];
  return latest !== undefined && latest.to === 'stop' && latest.acknowledged_by === null;
}

export function notificationsAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/**
 * A desktop notification for a change, its reason in the settings' units and the site's zone;
 * clicking it brings the tab forward on the site's page. The reading is loaded when a
 * notification is due: the alarms run on the first screen, which has no room for it.
 */
async function notify(change: LevelChange): Promise<void> {
  const site = change.site;
  const linkReading = await loadLinkReading();
  const reading = linkReading(readLink());
  const { title, body } = notificationText(change, (text) =>
    // The reason was written moments ago: its clock times are today's.
    reading.text(text, site.timezone, new Date()),
  );
  const notification = new Notification(title, {
    body,
    // One notification per site: a newer change replaces the older one.
    tag: `skydeck-site-${site.id}`,
    icon: faviconUrl(faviconColours[change.to]),
    requireInteraction: change.to === 'stop',
  });
  notification.onclick = () => {
    window.focus();
    updateLink((set) => openSite(set, site), { history: 'push' });
    notification.close();
  };
}

/**
 * The page's alarms, on every view while they are on: the live stream kept open (in a hidden tab
 * too), the tab's title and favicon showing the worst level of the followed sites, and on a change
 * of level a desktop notification (when allowed, and the tab is not in front) and a tone (when
 * the sound is on). On a wall the link decides (`alarm=1`), not this browser's settings.
 */
export function useAlarms(wall: { alarm: boolean } | undefined): void {
  const settings = useAlarmSettings();
  const queryClient = useQueryClient();
  const live = useStreamMode() === 'live';
  useWatchStream(settings.on);
  const board = useQuery({ ...sitesQueryOptions(live, true), enabled: settings.on });
  const sites = board.data?.sites;
  const followed = useMemo(
    () => (sites ? followedSites(sites, settings.follow) : undefined),
    [sites, settings.follow],
  );
  const soundOn = wall ? wall.alarm : settings.sound;
  const notifyOn = wall ? wall.alarm : settings.notify;

  // Title and favicon: the state, whenever it changes; the plain ones when alarms are off.
  useEffect(() => {
    if (!settings.on || !followed) return undefined;
    document.title = alarmTitle(followed);
    setFavicon(faviconUrl(faviconColour(followed)));
    return undefined;
  }, [settings.on, followed]);
  useEffect(() => {
    if (settings.on) return undefined;
    document.title = appTitle;
    setFavicon(plainFavicon);
    return undefined;
  }, [settings.on]);
  useEffect(
    () => () => {
      document.title = appTitle;
      setFavicon(plainFavicon);
    },
    [],
  );

  // The sound: unlocked now on a wall that asks for it (its browser must allow autoplay), or on
  // the operator's next gesture when the sound was on before this page loaded.
  useEffect(() => {
    if (!soundOn) return undefined;
    if (wall) unlockAudio();
    return unlockOnNextGesture();
  }, [soundOn, wall]);

  const soundRef = useRef(soundOn);
  const notifyRef = useRef(notifyOn);
  useEffect(() => {
    soundRef.current = soundOn;
    notifyRef.current = notifyOn;
  }, [soundOn, notifyOn]);
  const schedule = useRef<AlarmSchedule | undefined>(undefined);
  useEffect(() => {
    const created = alarmSchedule({
      play: (tone) => {
        if (soundRef.current) sound(tone);
      },
      // Due while a followed site is at stop and its change to stop is unacknowledged.
      stillDue: async () => {
        const board = queryClient.getQueryData<Board>(queryKeys.watch.sites());
        const { follow } = alarmSettings();
        const stopped = (board?.sites ?? []).filter(
          (site) =>
            site.status.level === 'stop' && isFollowed(follow, site.id) && !heldOffHours(site),
        );
        const unacknowledged = await Promise.all(
          stopped.map((site) => unacknowledgedStop(site.id)),
        );
        return unacknowledged.includes(true);
      },
      onRepeating: (repeating) => setAlarmRepeating(repeating, () => created.silence()),
    });
    schedule.current = created;
    return () => {
      created.silence();
      schedule.current = undefined;
    };
  }, [queryClient]);

  // Changes of level: compared over every site, so following another site is not news of it.
  const seen = useRef<Map<string, Heard> | undefined>(undefined);
  useEffect(() => {
    if (!sites || !settings.on) {
      seen.current = undefined;
      return;
    }
    // Off hours a change is on the board and in the title, but neither sounds nor notifies.
    const changes = levelChanges(seen.current, sites).filter((change) =>
      isFollowed(settings.follow, change.site.id),
    );
    seen.current = levelsOf(sites);
    if (changes.length === 0) return;
    const tone = loudestTone(changes);
    if (tone) schedule.current?.trigger(tone);
    // No followed site at stop any more: the repeats end.
    if (!followed?.some((site) => site.status.level === 'stop')) schedule.current?.silence();
    const away = document.visibilityState === 'hidden' || !document.hasFocus();
    if (notifyRef.current && away && notificationsAllowed())
      changes.forEach((change) => void notify(change));
  }, [sites, followed, settings.on, settings.follow]);
}
