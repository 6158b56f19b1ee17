import type { OutlookVerdict } from '../../../../shared/safety/outlook';
import { localDate } from '../../../../shared/time/local-days';

/**
 * Each verdict in words, a mark, and the level whose colours it wears: the word or the mark is
 * always shown too, so no verdict is told by colour alone.
 */
export const verdictFaces: Record<OutlookVerdict, { word: string; mark: string; level: string }> = {
  go: { word: 'Go', mark: '✓', level: 'clear' },
  marginal: { word: 'Marginal', mark: '!', level: 'caution' },
  no_go: { word: 'No go', mark: '✕', level: 'stop' },
};

/**
 * The forecast days from the site's today on. An outlook judged before the site's midnight (the
 * BFF's cached forecast can be an hour old, the browser's copy as much again) still starts with
 * yesterday; a strip whose first day is past would read as today's. A site without a zone is
 * shown as the forecast gives it.
 */
export function daysFromToday<Day extends { date: string }>(
  days: readonly Day[],
  serverNowMs: number,
  timeZone: string | null | undefined,
): readonly Day[] {
  if (!timeZone) return days;
  const today = localDate(timeZone, serverNowMs);
  return days.filter((day) => day.date >= today);
}

/**
 * The day a key moves to in a strip that is one stop for Tab (the arrows, Home and End go
 * between its days, as in a toolbar): a board of fifty sites would otherwise be 800 stops long. Undefined
 * for any other key.
 */
export function stepDay(index: number, key: string, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, count - 1);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * The server's time now, read off an answer: when it was judged plus how long this page has held
 * it. Right whatever the page's own clock says, which a kiosk's may not (a demo's server even
 * runs in another season).
 */
export function answerNow(generatedAt: string, receivedAtMs: number, localNowMs: number): number {
  return Date.parse(generatedAt) + Math.max(0, localNowMs - receivedAtMs);
}
