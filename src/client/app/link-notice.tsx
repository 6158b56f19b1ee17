import { useEffect, useState } from 'react';
import { linkNotices } from '../lib/url-state/link';
import './link-notice.css';

/** How long a wall screen shows what its link got wrong: long enough for whoever set it up. */
const wallNoticeMs = 5 * 60_000;

/**
 * Says which parts of the link the page was opened with could not be used, and what each
 * accepts. The view opens anyway, with those parts ignored. On a desk the notice is dismissed
 * by hand; a wall screen has nobody to press a button, so it shows it for a while, then clears.
 */
export function LinkNotice({ wall }: { wall: boolean }) {
  const [notices] = useState(() => linkNotices(window.location.search));
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (!wall || notices.length === 0) return undefined;
    const timer = window.setTimeout(() => setDismissed(true), wallNoticeMs);
    return () => window.clearTimeout(timer);
  }, [wall, notices.length]);
  if (notices.length === 0 || dismissed) return null;
  return (
    <div className="link-notice" role="status" data-testid="link-notice">
      <div className="link-notice__text">
        <p>Parts of this link were ignored:</p>
        <ul>
          {notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      </div>
      {!wall && (
        <button type="button" onClick={() => setDismissed(true)}>
          Dismiss
        </button>
      )}
    </div>
  );
}
