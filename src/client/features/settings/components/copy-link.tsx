import { useEffect, useState } from 'react';
import './copy-link.css';

/** Copies the address of exactly this view, for pasting into a chat or a kiosk's settings. */
export function CopyLink() {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setState('copied');
    } catch {
      // No clipboard permission (or not a secure context): the address bar still has it.
      setState('failed');
    }
  };

  return (
    // The status floats under the button: its words coming and going never move the toolbar.
    <span className="copy-link">
      <button type="button" onClick={() => void copy()}>
        Copy link
      </button>
      <span className="copy-link__status" role="status" data-testid="copy-link-status">
        {state === 'copied'
          ? 'Link copied'
          : state === 'failed'
            ? 'Copy it from the address bar'
            : ''}
      </span>
    </span>
  );
}
