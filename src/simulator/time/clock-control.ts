/** The simulated clock, moved forward by tests through the control endpoint. */
export interface SettableClock {
  /** Unix seconds. */
  now: () => number;
  /** Moves the clock by `seconds` (never backwards: strikes already seen must stay in the past). */
  advance: (seconds: number) => void;
}

export function settableClock(base: () => number): SettableClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance: (seconds) => {
      offset += Math.max(0, seconds);
    },
  };
}

export const clockControlPath = '/__simulator/clock';

/**
 * `POST /__simulator/clock?advance_s=N` moves the world on by N seconds and answers the new
 * time; any other path is not its business (undefined).
 */
export function clockControl(clock: SettableClock): (request: Request) => Response | undefined {
  return (request) => {
    const url = new URL(request.url);
    if (url.pathname !== clockControlPath) return undefined;
    if (request.method !== 'POST')
      return Response.json({ error: 'POST only' }, { status: 405, headers: { Allow: 'POST' } });
    const advance = Number(url.searchParams.get('advance_s'));
    if (!Number.isInteger(advance) || advance < 0 || advance > 7 * 86_400)
      return Response.json(
        { error: 'Invalid advance_s: must be a whole number of seconds from 0 to 604800' },
        { status: 400 },
      );
    clock.advance(advance);
    return Response.json({ now: new Date(clock.now() * 1000).toISOString() });
  };
}
