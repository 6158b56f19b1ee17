import { useEffect, useState } from 'react';
import { afterFirstContentfulPaint } from '../lib/after-paint';
import { whenIdle } from '../lib/when-idle';

/** Longest wait for an idle moment: a busy map must not hold the alarms back for long. */
const idleTimeoutMs = 2_000;

/**
 * False until the page's first contentful paint is on screen, then true: for what the first
 * screen shows only after it (the map), whose download would otherwise start during the first
 * render and share a slow link with that frame's own styles, font and scripts.
 */
export function useFirstFramePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstContentfulPaint(() => setPainted(true)), []);
  return painted;
}

/**
 * False until the browser has had an idle moment after the first contentful paint, then true:
 * for code the first screen does not need (the alarms), loaded once the screen is up.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const cancelPaint = afterFirstContentfulPaint(() => {
      cancelIdle = whenIdle(() => setReady(true), idleTimeoutMs);
    });
    return () => {
      cancelPaint();
      cancelIdle?.();
    };
  }, []);
  return ready;
}
