import { LRUCache } from 'lru-cache';

/**
 * What one entry is taken to cost: two bytes a UTF-16 character of the target and its key, and
 * about 100 bytes for the two string headers, the LRU's slots and the Map entry behind them.
 */
const entryOverheadBytes = 100;

/**
 * Request targets (`/api/current?lat=1&lon=2`, exactly as asked) already validated, to their
 * normalised cache keys. A dashboard repeats the same few requests; a fresh hit for one of them
 * needs neither validation nor normalisation again. Bounded by bytes, not entries (a target can
 * be as long as a URL a client cares to send), and the least recently used go first, so a flood
 * of one-off targets never pushes out the ones the dashboards keep asking for all at once.
 */
export class ValidatedTargets {
  private readonly keys: LRUCache<string, string>;

  constructor(readonly maxBytes = 4 * 1024 * 1024) {
    this.keys = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (key, target) => (target.length + key.length) * 2 + entryOverheadBytes,
    });
  }

  keyOf(target: string): string | undefined {
    return this.keys.get(target);
  }

  remember(target: string, key: string): void {
    this.keys.set(target, key);
  }

  /** The bytes the entries are taken to cost, by the measure they are bounded by. */
  get bytes(): number {
    return this.keys.calculatedSize;
  }

  get size(): number {
    return this.keys.size;
  }
}
