import { z } from 'zod';
import { create } from 'zustand';
import type { Follow } from '../lib/alarm-level';

/**
 * This browser's alarm settings, kept in localStorage (they are the operator's, not the view's,
 * so not in the link) and in step across its tabs. Alarms (title and favicon) are on unless
 * turned off; sound and desktop notifications only once the operator turns them on.
 */
export interface AlarmSettings {
  on: boolean;
  follow: Follow;
  sound: boolean;
  notify: boolean;
}

export const defaultAlarmSettings: AlarmSettings = {
  on: true,
  follow: 'all',
  sound: false,
  notify: false,
};

const storageKey = 'skydeck:alarms';
/** More ids than any board holds: storage is bounded like everything else. */
const maxFollowed = 500;

const storedSchema = z.object({
  on: z.boolean().catch(defaultAlarmSettings.on),
  follow: z
    .union([z.literal('all'), z.array(z.string().max(64)).max(maxFollowed)])
    .catch('all' as const),
  sound: z.boolean().catch(defaultAlarmSettings.sound),
  notify: z.boolean().catch(defaultAlarmSettings.notify),
});

/** Whatever storage holds, as settings: corrupt or missing parts fall back to the defaults. */
export function readAlarmSettings(text: string | null): AlarmSettings {
  if (text === null) return defaultAlarmSettings;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaultAlarmSettings;
  } catch {
    return defaultAlarmSettings;
  }
}

function load(): AlarmSettings {
  try {
    return readAlarmSettings(window.localStorage.getItem(storageKey));
  } catch {
    // Storage disabled: the defaults, for this page only.
    return defaultAlarmSettings;
  }
}

const useAlarmStore = create<AlarmSettings>()(() =>
  typeof window === 'undefined' ? defaultAlarmSettings : load(),
);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey) useAlarmStore.setState(load());
  });
}

export function setAlarmSettings(change: Partial<AlarmSettings>): void {
  useAlarmStore.setState(change);
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(useAlarmStore.getState()));
  } catch {
    // Private windows and full storage: the settings hold for this page only.
  }
}

export const useAlarmSettings = () => useAlarmStore();
export const alarmSettings = (): AlarmSettings => useAlarmStore.getState();
