import { lazy, Suspense, useId, useState } from 'react';
import { escapeCloses } from '../../../lib/escape-closes';
import { useAlarmSettings } from '../stores/alarm-settings';
import './alarm-control.css';

const AlarmSettingsPanel = lazy(() => import('./alarm-settings-panel'));

/**
 * This browser's alarms, behind a button in the top bar: on or off, which sites to follow, the
 * sound and desktop notifications (each allowed by a click here, as browsers require), and for
 * an operator the way to the server's channels.
 */
export default function AlarmControl() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { on, sound } = useAlarmSettings();
  return (
    <div
      className="alarm-control"
      onKeyDown={(event) => {
        // Escape closes the innermost pop-up only (this panel sits in the phone's settings menu).
        if (open && event.key === 'Escape') event.stopPropagation();
        escapeCloses(open, () => setOpen(false), `${id}-button`)(event);
      }}
    >
      <button
        type="button"
        id={`${id}-button`}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((current) => !current)}
        data-testid="alarm-button"
      >
        {/* Whether a stop will be heard, not only seen, without opening the panel; beneath,
            so the top bar keeps its width. */}
        {on ? (
          <span className="alarm-control__label">
            Alarms on<span className="visually-hidden">, </span>
            <span className="alarm-control__sound">sound {sound ? 'on' : 'off'}</span>
          </span>
        ) : (
          'Alarms off'
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AlarmSettingsPanel id={`${id}-panel`} />
        </Suspense>
      )}
    </div>
  );
}
