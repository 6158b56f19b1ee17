import { useEffect, useState } from 'react';

/** A slow loop of small offsets (px), so no edge or label sits on the same pixels for hours. */
const offsets: readonly (readonly [number, number])[] = [
  [0, 0],
  [2, 1],
  [3, 3],
  [1, 4],
  [-1, 3],
  [-2, 1],
  [-1, -1],
  [1, -2],
];

/** The offset of the moment, moving every `periodMs` (default three minutes) while enabled. */
export function usePixelShift(enabled: boolean, periodMs = 180_000): { x: number; y: number } {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(
      () => setStep((value) => (value + 1) % offsets.length),
      periodMs,
    );
    return () => window.clearInterval(timer);
  }, [enabled, periodMs]);
  const [x, y] = enabled ? (offsets[step] ?? [0, 0]) : [0, 0];
  return { x, y };
}
