/** An ISO 8601 time as the environment may pin "now" with (SIMULATOR_NOW). */
export function isIsoInstant(text: string): boolean {
  return !Number.isNaN(Date.parse(text));
}

/**
 * The simulated world's clock in Unix seconds: `pinned` (SIMULATOR_NOW) fixes "now" for
 * reproducible runs; otherwise the real clock. The simulator runs on it, and the BFF states it
 * as the server time in demo mode.
 */
export function clockFrom(pinned: string | undefined): () => number {
  if (pinned) {
    const fixed = Math.floor(Date.parse(pinned) / 1000);
    return () => fixed;
  }
  return () => Math.floor(Date.now() / 1000);
}
