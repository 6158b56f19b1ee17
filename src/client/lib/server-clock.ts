import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The server's clock as this page knows it: one offset from the local clock, taken from the
 * `X-Server-Time` of the latest answer. Safety ages are judged on it, so a kiosk whose clock is
 * 20 minutes fast (or a year slow) still sees a 13-minute-old strike as 13 minutes old.
 *
 * The offset is read when the answer arrives, after the server stamped it, so it errs by the
 * answer's travel time in the safe direction: strikes look that much younger, never older.
 */
let offsetMs = 0;
let known = false;
const listeners = new Set<() => void>();

/** Offsets that move less than this are noise (travel time), not worth a re-render. */
const jitterMs = 250;

export function observeServerTime(serverTime: number, receivedAt = Date.now()): void {
  const offset = serverTime - receivedAt;
  if (known && Math.abs(offset - offsetMs) < jitterMs) return;
  offsetMs = offset;
  known = true;
  for (const listener of listeners) listener();
}

/** The server's time now (epoch ms): the local clock until the first answer arrives. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** A moment on this page's clock (a query's `dataUpdatedAt`) on the server's. */
export function toServerTime(localMs: number): number {
  return localMs + offsetMs;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentOffset = () => offsetMs;

/** The server's time, re-read every `intervalMs` and whenever the offset changes. */
export function useServerNow(intervalMs: number): number {
  const offset = useSyncExternalStore(subscribe, currentOffset, currentOffset);
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setLocal(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return local + offset;
}
