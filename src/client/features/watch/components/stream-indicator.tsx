import { useStreamMode } from '../stores/stream-store';
import { pollingMs } from '../lib/stream-cache';
import './stream-indicator.css';

const texts = {
  live: 'Live',
  polling: `Polling every ${pollingMs / 1000} s`,
  connecting: 'Connecting…',
} as const;

const titles = {
  live: 'Site statuses arrive the moment they change',
  polling: 'The live stream is down: the board is fetched every 15 s while it is retried',
  connecting: 'Opening the live stream',
} as const;

/** How the board is kept current: live, or polling while the stream is retried. */
export function StreamIndicator() {
  const mode = useStreamMode();
  if (mode === 'off') return null;
  return (
    <span
      className={`stream-indicator stream-indicator--${mode}`}
      role="status"
      title={titles[mode]}
      data-testid="stream-indicator"
      data-mode={mode}
    >
      {texts[mode]}
    </span>
  );
}
