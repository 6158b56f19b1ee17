/**
 * "12:05" for a countdown. A module of its own, not beside the lightning rules it counts down,
 * so the public status page can word a countdown without loading those rules (and zod).
 */
export function countdownText(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
