import { useEffect, useState } from 'react';
import { create } from 'zustand';

/**
 * The app's one clock: a single timer, running while anything shows a time, advances `now`;
 * components subscribe at the resolution they show (a countdown each second, "3 min ago" every
 * 15 s) and re-render only when their resolution's step passes.
 *
 * It also knows the server's clock: one offset from the local clock, taken from the
 * `X-Server-Time` of the latest answer. Safety ages are judged on it, so a kiosk whose clock is
 * 20 minutes fast (or a year slow) still sees a 13-minute-old strike as 13 minutes old.
 *
 * The offset is read when the answer arrives, after the server stamped it, so it errs by the
 * answer's travel time in the safe direction: strikes look that much younger, never older.
 */
interface ClockState {
  /** The local clock at the last tick (epoch ms). */
  now: number;
  /** The server's clock less the local one. */
  offsetMs: number;
  known: boolean;
}

const useClockStore = create<ClockState>()(() => ({ now: Date.now(), offsetMs: 0, known: false }));

/** The finest resolution anything shows: the timer's step. */
const tickMs = 1000;
let users = 0;
let timer: number | undefined;

/** Keeps the timer running while someone needs it; returns the release. */
function need(): () => void {
  users += 1;
  if (users === 1) {
    useClockStore.setState({ now: Date.now() });
    timer = window.setInterval(() => useClockStore.setState({ now: Date.now() }), tickMs);
  }
  return () => {
    users -= 1;
    if (users === 0) window.clearInterval(timer);
  };
}

/** Offsets that move less than this are noise (travel time), not worth a re-render. */
const jitterMs = 250;

export function observeServerTime(serverTime: number, receivedAt = Date.now()): void {
  const offset = serverTime - receivedAt;
  const { known, offsetMs } = useClockStore.getState();
  if (known && Math.abs(offset - offsetMs) < jitterMs) return;
  useClockStore.setState({ offsetMs: offset, known: true });
}

/** The server's time now (epoch ms): the local clock until the first answer arrives. */
export function serverNow(): number {
  return Date.now() + useClockStore.getState().offsetMs;
}

/** A moment on this page's clock (a query's `dataUpdatedAt`) on the server's. */
export function toServerTime(localMs: number): number {
  return localMs + useClockStore.getState().offsetMs;
}

function useTick(resolutionMs: number): number {
  useEffect(need, []);
  // The step number is what is subscribed to: a re-render per step of this resolution.
  const [mountedAt] = useState(() => Date.now());
  const now = useClockStore((state) => Math.floor(state.now / resolutionMs) * resolutionMs);
  // A stopped timer's last tick may be long past: until it runs again, the moment of mounting.
  return Math.max(mountedAt, now);
}

/** The local time, re-read every `resolutionMs`, so ages like "3 min ago" stay true. */
export function useNow(resolutionMs: number): Date {
  return new Date(useTick(resolutionMs));
}

/** The server's time, re-read every `resolutionMs` and whenever the offset changes. */
export function useServerNow(resolutionMs: number): number {
  const local = useTick(resolutionMs);
  return local + useClockStore((state) => state.offsetMs);
}

/**
 * Calls `onStep` with the server's time each `resolutionMs` of the app clock, outside React
 * (the map's strike ages). Returns the unsubscribe.
 */
export function onServerClock(
  resolutionMs: number,
  onStep: (serverMs: number) => void,
): () => void {
  const release = need();
  const unsubscribe = useClockStore.subscribe((state, previous) => {
    if (Math.floor(state.now / resolutionMs) !== Math.floor(previous.now / resolutionMs))
      onStep(state.now + state.offsetMs);
  });
  return () => {
    unsubscribe();
    release();
  };
}
