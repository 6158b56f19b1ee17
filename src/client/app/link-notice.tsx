import { useState } from 'react';
import { linkNotices } from './link-notices';

/**
 * Says which parts of the link the page was opened with could not be used. The view opens
 * anyway, with those parts ignored; the notice can be dismissed.
 */
export function LinkNotice() {
  const [notices] = useState(() => linkNotices(window.location.search));
  const [dismissed, setDismissed] = useState(false);
  if (notices.length === 0 || dismissed) return null;
  return (
    <div className="link-notice" role="status" data-testid="link-notice">
      <p>Parts of this link were ignored: {notices.join('; ')}.</p>
      <button type="button" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  );
}
