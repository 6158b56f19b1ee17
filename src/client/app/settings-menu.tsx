import { type ReactNode, useId, useState } from 'react';
import { escapeCloses } from '../lib/escape-closes';
import './settings-menu.css';

/**
 * The view settings: in the top bar on a desk; behind a Settings button on a phone, where a
 * row of selects would push everything else off screen. The same controls either way, so a
 * test or a keyboard finds them by the same names.
 */
export function SettingsMenu({ children }: { children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div
      className={`settings-menu${open ? ' settings-menu--open' : ''}`}
      onKeyDown={escapeCloses(open, () => setOpen(false), `${id}-button`)}
    >
      <button
        type="button"
        id={`${id}-button`}
        className="settings-menu__button"
        aria-expanded={open}
        aria-controls={`${id}-items`}
        onClick={() => setOpen((current) => !current)}
      >
        Settings
      </button>
      <div className="settings-menu__items" id={`${id}-items`}>
        {children}
      </div>
    </div>
  );
}
