import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { wallPageMs } from '../lib/wall-grid';

/**
 * The page a wall shows: the first, then the next every `wallPageMs` on the page's timers (so a
 * test moves them with its own clock), round and round. A change in the number of pages starts
 * the current page's time afresh: no page is cut short.
 */
export function useWallPage(pages: number): number {
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages <= 1) return;
    const timer = window.setInterval(() => setPage((value) => (value + 1) % pages), wallPageMs);
    return () => window.clearInterval(timer);
  }, [pages]);
  return pages <= 1 ? 0 : page % pages;
}

/**
 * A wall's card shows whole lines only: what the cell has no room for below its level, name
 * and countdown is hidden (`data-wall-hidden`), not cut through the middle of a line. Checked
 * after each render, when the text changes (a countdown starting, a reason updating) and when
 * the web fonts arrive.
 */
export function useWholeLines(list: RefObject<HTMLElement | null>, enabled: boolean): void {
  useLayoutEffect(() => {
    const element = list.current;
    if (!enabled || !element) return;
    const fit = () => hideWhatOverflows(element);
    fit();
    const observer = new MutationObserver(fit);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    document.fonts.addEventListener('loadingdone', fit);
    return () => {
      observer.disconnect();
      document.fonts.removeEventListener('loadingdone', fit);
    };
  });
}

/** The parts of a card that give way: everything but its head and its countdown. */
const yielding =
  ':scope > :not(.site-card__head, .site-card__facts), :scope > .site-card__facts > :not(.status-fact--countdown)';

function hideWhatOverflows(list: HTMLElement): void {
  // Read every box first, then write: one layout for the whole board.
  const verdicts: [HTMLElement, boolean][] = [];
  for (const card of list.children) {
    const style = getComputedStyle(card);
    const bottom = card.getBoundingClientRect().bottom - parseFloat(style.paddingBottom) + 0.5;
    for (const part of card.querySelectorAll<HTMLElement>(yielding))
      verdicts.push([part, part.getBoundingClientRect().bottom > bottom]);
  }
  for (const [part, hidden] of verdicts) {
    if (hidden) part.setAttribute('data-wall-hidden', '');
    else part.removeAttribute('data-wall-hidden');
  }
}
