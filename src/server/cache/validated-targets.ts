/**
 * Request targets (`/api/current?lat=1&lon=2`, exactly as asked) already validated, to their
 * normalised cache keys. A dashboard repeats the same few requests; a fresh hit for one of them
 * needs neither validation nor normalisation again.
 */
export class ValidatedTargets {
  private readonly keys = new Map<string, string>();

  constructor(private readonly limit = 20_000) {}

  keyOf(target: string): string | undefined {
    return this.keys.get(target);
  }

  remember(target: string, key: string): void {
    // Clearing beats bookkeeping here: a miss only costs one validation.
    if (this.keys.size >= this.limit) this.keys.clear();
    this.keys.set(target, key);
  }
}
