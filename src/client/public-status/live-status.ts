import { type PublicStatus, publicStatusSchema } from '../../shared/api/public-status';
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
    const parsed = publicStatusSchema.safeParse(answer);
    if (parsed.success) onState(received(parsed.data, Date.now()));
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
