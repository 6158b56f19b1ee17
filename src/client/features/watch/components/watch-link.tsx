import { type MouseEvent, type ReactNode, useSyncExternalStore } from 'react';
import {
  type LinkChange,
  rewriteLink,
  subscribeToLink,
  updateLink,
} from '../../../lib/url-state/link';

/**
 * A link to another view of the app: a real address (it opens in a new tab, copies, and reads
 * as a link), followed in place with a history entry, so Back returns.
 */
export function WatchLink({
  change,
  children,
  className,
  current,
  testId,
}: {
  change: LinkChange;
  children: ReactNode;
  className?: string;
  /** This link is the page on screen (a navigation's current item). */
  current?: boolean;
  testId?: string;
}) {
  const href = useSyncExternalStore(
    subscribeToLink,
    () => `${window.location.pathname}${rewriteLink(window.location.search, change)}`,
  );
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    updateLink(change, { history: 'push' });
  };
  return (
    <a
      href={href}
      className={className}
      onClick={onClick}
      aria-current={current ? 'page' : undefined}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
