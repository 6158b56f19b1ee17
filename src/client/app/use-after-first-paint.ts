import { useEffect, useState } from 'react';
import { whenIdle } from '../lib/when-idle';

/** Longest wait for an idle moment: a busy map must not hold the alarms back for long. */
const idleTimeoutMs = 2_000;

/**
 * False until the browser has had an idle moment after the first render, then true: for code the
 * first screen does not need (the alarms), loaded once the screen is up.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true), idleTimeoutMs), []);
  return ready;
}
