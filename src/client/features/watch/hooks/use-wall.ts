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
 * and countdown (or what holds the level) is hidden (`data-wall-hidden`), not cut through the middle of a line. Checked
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

/**
 * The parts of a card that give way: everything but its head, its countdown and the words for
 * why it has none (what holds the level), each reason on its own, so the first reasons stay when
 * the last have no room.
 */
const yielding = [
  ':scope > :not(.site-card__head, .site-card__facts, ul.site-card__reason)',
  ':scope > ul.site-card__reason > li',
  ':scope > .site-card__facts > :not(.status-fact--countdown, .status-fact--hold)',
].join(', ');

type Verdict = 'shown' | 'one-line' | 'hidden';

function hideWhatOverflows(list: HTMLElement): void {
  // Read every box first, then write: one layout for the whole board.
  const verdicts: [HTMLElement, Verdict][] = [];
  for (const card of list.children) {
    const style = getComputedStyle(card);
    const bottom = card.getBoundingClientRect().bottom - parseFloat(style.paddingBottom) + 0.5;
    for (const part of card.querySelectorAll<HTMLElement>(yielding)) {
      const box = part.getBoundingClientRect();
      const reason = part.tagName === 'LI';
      const line = parseFloat(getComputedStyle(part).lineHeight);
      // A reason is judged at the two lines it is cut to, whatever this pass left it at, so a
      // reason cut to one line is not called whole on the next pass.
      const whole =
        reason && Number.isFinite(line) ? Math.min(part.scrollHeight, 2 * line) : box.height;
      // A reason with room for one line of its two keeps that line (cut with "…") rather than
      // vanish: a wall's card says why before it says anything else.
      const verdict: Verdict =
        box.top + whole <= bottom
          ? 'shown'
          : reason && Number.isFinite(line) && box.top + line <= bottom
            ? 'one-line'
            : 'hidden';
      verdicts.push([part, verdict]);
    }
  }
  for (const [part, verdict] of verdicts) {
    part.toggleAttribute('data-wall-hidden', verdict === 'hidden');
    part.toggleAttribute('data-wall-one-line', verdict === 'one-line');
  }
}
