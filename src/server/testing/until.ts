/** Polls `condition` until it holds, failing after `timeoutMs`: a wait on a state, not a sleep. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
  /** Between tries: longer for a condition that costs the server something to answer. */
  everyMs = 5,
): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
