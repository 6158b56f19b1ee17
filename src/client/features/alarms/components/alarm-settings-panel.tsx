import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState, useSyncExternalStore } from 'react';
import {
  boardOrder,
  LevelBadge,
  setWatchView,
  sitesQueryOptions,
  useOperator,
  useStreamMode,
  WatchLink,
} from '../../watch/public';
import { audioState, sound, subscribeAudio, unlockAudio } from '../lib/alarm-audio';
import { alarmRepeat } from '../lib/alarm-sound';
import { setAlarmSettings, useAlarmSettings } from '../stores/alarm-settings';
import NotifyDevice from './notify-device';
import '../../../components/watch-form.css';

/** A checkbox with its words beside it and its rule beneath. */
function Check({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="alarm-check">
      <label>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {hint && (
        <span className="watch-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}

/**
 * The alarm settings behind the top bar's button: loaded when the button opens them, not with
 * the first screen, which shows the button only.
 */
export default function AlarmSettingsPanel({ id }: { id: string }) {
  const settings = useAlarmSettings();
  const operator = useOperator();
  return (
    <section
      className="alarm-panel watch-form form-controls"
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid="alarm-settings"
    >
      <h2 className="alarm-panel__title" id={`${id}-title`}>
        Alarm settings
      </h2>
      <Check
        label="Alarms in this browser"
        hint="The tab’s title and icon show the worst level of the sites you follow, on every view; the page keeps a live connection to the watch for it."
        checked={settings.on}
        onChange={(on) => setAlarmSettings({ on })}
      />
      {settings.on && (
        <>
          <FollowSettings />
          <SoundSettings />
          <NotificationSettings />
        </>
      )}
      <p className="watch-form__note">
        Kept in this browser only. A wall screen sounds only with <code>alarm=1</code> in its link.
      </p>
      {operator && <NotifyDevice />}
      {operator && (
        <WatchLink change={(set) => setWatchView(set, 'channels')}>
          Chat, webhook and email channels
        </WatchLink>
      )}
    </section>
  );
}

function FollowSettings() {
  const { follow } = useAlarmSettings();
  const live = useStreamMode() === 'live';
  const board = useQuery(sitesQueryOptions(live));
  const sites = boardOrder(board.data?.sites ?? []);
  const picked = follow === 'all' ? [] : follow;
  const name = useId();
  return (
    <fieldset>
      <legend>Sites to follow</legend>
      <div className="alarm-choices">
        <label>
          <input
            type="radio"
            name={name}
            checked={follow === 'all'}
            onChange={() => setAlarmSettings({ follow: 'all' })}
          />
          Every site, new ones too
        </label>
        <label>
          <input
            type="radio"
            name={name}
            checked={follow !== 'all'}
            onChange={() => setAlarmSettings({ follow: sites.map((site) => site.id) })}
          />
          Only the sites ticked
        </label>
      </div>
      {follow !== 'all' && (
        <ul className="alarm-sites" aria-label="Followed sites">
          {sites.map((site) => (
            <li key={site.id}>
              <label>
                <input
                  type="checkbox"
                  checked={picked.includes(site.id)}
                  onChange={(event) =>
                    setAlarmSettings({
                      follow: event.target.checked
                        ? [...picked, site.id]
                        : picked.filter((id) => id !== site.id),
                    })
                  }
                />
                {site.name}
              </label>
              <LevelBadge status={site.status} />
            </li>
          ))}
          {sites.length === 0 && <li>No site is watched yet.</li>}
        </ul>
      )}
    </fieldset>
  );
}

const useAudioState = () => useSyncExternalStore(subscribeAudio, audioState);

function SoundSettings() {
  const { sound: soundOn } = useAlarmSettings();
  const state = useAudioState();
  const minutes = alarmRepeat.repeatMs / 60_000;
  const repeats = `Stop sounds loud, and again every ${minutes === 1 ? 'minute' : `${minutes} minutes`} until acknowledged or the level drops, at most ${alarmRepeat.maxRepeats} times; caution sounds once, softer.`;
  const hint =
    state === 'unsupported'
      ? 'This browser cannot play sound.'
      : soundOn && state !== 'running'
        ? `${repeats} The browser holds the sound until you click or press a key on this page.`
        : repeats;
  return (
    <fieldset>
      <legend>Sound</legend>
      <Check
        label="Sound on stop and caution"
        hint={hint}
        checked={soundOn}
        disabled={state === 'unsupported'}
        onChange={(on) => {
          // This click is the gesture the browser waits for before it lets the page sound.
          if (on) unlockAudio();
          setAlarmSettings({ sound: on });
        }}
      />
      {soundOn && (
        <div className="watch-form__actions">
          <button
            type="button"
            onClick={() => {
              unlockAudio();
              sound('stop');
            }}
          >
            Play the stop tone
          </button>
          <button
            type="button"
            onClick={() => {
              unlockAudio();
              sound('caution');
            }}
          >
            Play the caution tone
          </button>
        </div>
      )}
    </fieldset>
  );
}

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function NotificationSettings() {
  const { notify } = useAlarmSettings();
  const [permission, setPermission] = useState(currentPermission);
  const [asking, setAsking] = useState(false);
  const ask = async () => {
    setAsking(true);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer === 'granted') setAlarmSettings({ notify: true });
    } finally {
      setAsking(false);
    }
  };
  return (
    <fieldset>
      <legend>Desktop notifications</legend>
      {permission === 'unsupported' && (
        <p className="watch-form__note">This browser cannot show desktop notifications.</p>
      )}
      {permission === 'default' && (
        <div className="alarm-check">
          <button type="button" onClick={() => void ask()} disabled={asking}>
            Allow desktop notifications
          </button>
          <span className="watch-field__hint">
            The browser asks you first. Then a change of level shows on the desktop when this tab is
            not in front; clicking it opens the site’s page.
          </span>
        </div>
      )}
      {permission === 'denied' && (
        <p className="watch-form__note">
          Notifications are blocked for Skydeck in this browser’s site settings; allow them there to
          use them.
        </p>
      )}
      {permission === 'granted' && (
        <Check
          label="Notify on the desktop"
          hint="When this tab is not in front: every change of level of a followed site; clicking one opens the site’s page. A stop stays until you click it."
          checked={notify}
          onChange={(on) => setAlarmSettings({ notify: on })}
        />
      )}
    </fieldset>
  );
}
