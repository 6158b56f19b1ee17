import { useEffect, useState } from 'react';
import type { PushSubscriptionJson } from '../../../../shared/api/push';
import { levelLabels } from '../../../../shared/safety/level-labels';
import { deniedText, pushUnsupported } from '../../../lib/push-support';
import { currentSubscription, subscribeDevice, unsubscribeDevice } from '../lib/web-push';
import './notify-device.css';

type State =
  | { step: 'checking' }
  | { step: 'off' }
  | { step: 'on'; subscription: PushSubscriptionJson }
  | { step: 'busy' };

/**
 * "Notify this device": Web Push to this browser (a phone with Skydeck on its Home Screen, a
 * desktop), for a signed-in operator. In the alarm settings it follows every site; on a site's
 * page, that site (added to the sites the device already follows). Loaded only where it is shown,
 * and it asks the browser's permission only when clicked: a kiosk never shows it.
 */
export default function NotifyDevice({ siteId, siteName }: { siteId?: string; siteName?: string }) {
  const unsupported = pushUnsupported();
  const [state, setState] = useState<State>({ step: 'checking' });
  const [problem, setProblem] = useState<string | undefined>(
    !unsupported && Notification.permission === 'denied' ? deniedText : undefined,
  );

  useEffect(() => {
    if (unsupported) return;
    let live = true;
    currentSubscription().then(
      (subscription) => {
        if (live) setState(subscription ? { step: 'on', subscription } : { step: 'off' });
      },
      (error: unknown) => {
        if (!live) return;
        setState({ step: 'off' });
        setProblem((error as Error).message);
      },
    );
    return () => {
      live = false;
    };
  }, [unsupported]);

  const run = async (work: () => Promise<void>) => {
    setState({ step: 'busy' });
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      setProblem(
        `Could not change this device’s notifications: ${(error as Error).message || 'unknown error'}`,
      );
    }
    const subscription = await currentSubscription().catch(() => undefined);
    setState(subscription ? { step: 'on', subscription } : { step: 'off' });
  };

  const subscribe = (sites: string[] | null) =>
    run(async () => {
      const outcome = await subscribeDevice({ sites });
      if (outcome === 'denied')
        setProblem(
          Notification.permission === 'denied' ? deniedText : 'Notifications were not allowed.',
        );
    });

  const on = state.step === 'on' ? state.subscription : undefined;
  const followsHere =
    on && (on.sites === null || (siteId !== undefined && on.sites.includes(siteId)));
  const levels = (on?.levels ?? ['stop', 'caution'])
    .map((level) => levelLabels[level])
    .join(' and ');

  return (
    <section className="notify-device" aria-labelledby="notify-device" data-testid="notify-device">
      <h3 id="notify-device" className="section-heading">
        This device
      </h3>
      {unsupported ? (
        <p role="status" data-testid="notify-unsupported">
          {unsupported}
        </p>
      ) : (
        <>
          <p className="notify-device__hint" role="status" data-testid="notify-state">
            {state.step === 'checking' || state.step === 'busy'
              ? 'Checking this device’s notifications…'
              : on
                ? `This device gets a notification when a site ${on.sites === null ? '' : `of the ${on.sites.length} it follows `}enters or leaves ${levels}, even with Skydeck closed${followsHere || siteId === undefined ? '' : `; not yet for ${siteName ?? 'this site'}`}.`
                : siteId === undefined
                  ? 'Get a notification on this device when any site enters or leaves STOP or CAUTION, even with Skydeck closed.'
                  : `Get a notification on this device when ${siteName ?? 'this site'} enters or leaves STOP or CAUTION, even with Skydeck closed.`}
          </p>
          <div className="notify-device__actions">
            {(!on || !followsHere) && (
              <button
                type="button"
                disabled={state.step !== 'off' && state.step !== 'on'}
                onClick={() =>
                  void subscribe(
                    siteId === undefined ? null : [...new Set([...(on?.sites ?? []), siteId])],
                  )
                }
              >
                Notify this device
              </button>
            )}
            {on && (
              <button type="button" onClick={() => void run(unsubscribeDevice)}>
                Stop notifying this device
              </button>
            )}
          </div>
        </>
      )}
      {problem && (
        <p role="alert" className="notify-device__problem" data-testid="notify-problem">
          {problem}
        </p>
      )}
    </section>
  );
}
