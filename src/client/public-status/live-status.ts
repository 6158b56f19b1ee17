import type { PublicStatus } from '../../shared/api/public-status';
import { levelLabels } from '../../shared/safety/level-labels';
import { staleAfterMs } from '../../shared/safety/feed-cadence';

/** What the page knows: loading, a status (with the server's clock offset), or a dead link. */
export type LinkState =
  | { kind: 'loading' }
  | { kind: 'status'; answer: PublicStatus; offsetMs: number }
  | { kind: 'gone' };

/**
 * Polled this often whether or not the live stream is open: the stream says when the level
 * changes, the poll that the server still answers (four polls to each staleness period, so one
 * or two lost never take the page to NO CURRENT DATA).
 */
export const pollMs = staleAfterMs('lightning') / 4;

/** The token a `/s/<token>` path names. */
export function tokenOf(pathname: string): string {
  return decodeURIComponent(pathname.replace(/^\/s\//, '').split('/')[0] ?? '');
}

/**
 * The answer, if it has what the page reads: a known level, times that parse, reasons as text.
 * Not the contract's zod schema (`publicStatusSchema`, which the server is held to and the tests
 * parse with): zod would be a quarter of this page's JavaScript, and would split the dashboard's
 * own first-screen chunk in two for the modules the entries share. Anything else is ignored, and
 * the page's staleness check turns it to NO CURRENT DATA rather than show a level it cannot read.
 */
export function readPublicStatus(value: unknown): PublicStatus | undefined {
  const answer = value as Partial<PublicStatus> | null;
  const status = answer?.status;
  const time = (text: unknown) => typeof text === 'string' && !Number.isNaN(Date.parse(text));
  if (
    typeof answer?.site?.name !== 'string' ||
    !status ||
    !Object.hasOwn(levelLabels, status.level) ||
    !time(status.since) ||
    !(status.all_clear_at === null || time(status.all_clear_at)) ||
    !(status.data_age_s === null || typeof status.data_age_s === 'number') ||
    !Array.isArray(status.reasons) ||
    !status.reasons.every((reason) => typeof reason === 'string') ||
    !time(answer.updated_at)
  )
    return undefined;
  return answer as PublicStatus;
}

/** An answer as the page holds it: the offset from this device's clock to the server's. */
export function received(answer: PublicStatus, deviceNowMs: number): LinkState {
  return { kind: 'status', answer, offsetMs: Date.parse(answer.updated_at) - deviceNowMs };
}

/**
 * The live loop: the status now, then its changes over SSE, with polling beside it as the
 * fallback when the stream cannot open. Returns the stop function.
 */
export function followLink(token: string, onState: (state: LinkState) => void): () => void {
  const base = `/api/public/${encodeURIComponent(token)}`;
  let stopped = false;
  let source: EventSource | undefined;
  const take = (answer: unknown) => {
    const status = readPublicStatus(answer);
    if (status) onState(received(status, Date.now()));
  };
  const gone = () => {
    stopped = true;
    source?.close();
    clearInterval(timer);
    onState({ kind: 'gone' });
  };
  const poll = async () => {
    try {
      const response = await fetch(base, { cache: 'no-store' });
      if (stopped) return;
      if (response.status === 404) return gone();
      if (!response.ok) return;
      take(await response.json());
    } catch {
      // Offline for now: the page's own staleness check turns the level to NO CURRENT DATA.
    }
  };
  const timer = setInterval(() => void poll(), pollMs);
  void poll();
  if (typeof EventSource === 'function') {
    source = new EventSource(`${base}/stream`);
    source.addEventListener('status', (event) => {
      try {
        take(JSON.parse((event as MessageEvent<string>).data));
      } catch {
        // A frame cut short: the next frame or poll brings the status.
      }
    });
    source.addEventListener('revoked', gone);
  }
  return () => {
    stopped = true;
    clearInterval(timer);
    source?.close();
  };
}
