/**
 * Provider answers kept by normalised request, bounded by bytes (least recently used goes
 * first). An entry past its freshness is still kept for a while: when the provider fails, the
 * last good answer is better than none.
 */
export interface CachedAnswer {
  status: number;
  /** The JSON text exactly as served; empty for 204. */
  body: string;
  storedAt: number;
  freshUntil: number;
  /**
   * The body gzipped, made the first time a client that accepts gzip asks for it. Not counted
   * apart: the budget counts the body at two bytes a character, and JSON text is one-byte.
   */
  gzipped?: Uint8Array<ArrayBuffer>;
}

export interface CacheLookup {
  answer: CachedAnswer;
  fresh: boolean;
  /** Seconds since the answer was stored. */
  age: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    /** How long past freshness an answer may still be served when the provider fails. */
    private readonly staleSeconds: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  /** `maxAge`: the asker's own limit (seconds, `Cache-Control: max-age`), when it has one. */
  lookup(key: string, now: number, maxAge?: number): CacheLookup | undefined {
    const answer = this.entries.get(key);
    if (!answer) return undefined;
    if (now > answer.freshUntil + this.staleSeconds) {
      this.delete(key);
      return undefined;
    }
    // Re-insert so the map's order stays least-recently-used first.
    this.entries.delete(key);
    this.entries.set(key, answer);
    // Fresh while younger than its lifetime (RFC 9111 4.2): an answer exactly a minute old is
    // stale to a watch that asks every minute, or it would see new data every other minute.
    const age = Math.max(0, now - answer.storedAt);
    return {
      answer,
      fresh: now < answer.freshUntil && (maxAge === undefined || age <= maxAge),
      age,
    };
  }

  store(key: string, answer: CachedAnswer): void {
    this.delete(key);
    const size = sizeOf(key, answer);
    if (size > this.maxBytes) return;
    this.entries.set(key, answer);
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(oldest, entry);
    }
  }

  private delete(key: string): void {
    const existing = this.entries.get(key);
    if (!existing) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(key, existing);
  }
}

/** UTF-16 code units are two bytes each in V8's heap; close enough for a budget. */
function sizeOf(key: string, answer: CachedAnswer): number {
  return 2 * (key.length + answer.body.length) + 64;
}

/**
 * The oldest stored answer a request will take (seconds): its `Cache-Control: max-age`
 * (RFC 9111 5.2.1.1), as the watch and the safety card send to get data young enough to decide
 * on. Never below `floorSeconds`, so no client can turn the cache (and its sharing of one
 * provider call between many screens) off; other directives are not honoured, for the same
 * reason.
 */
export function requestMaxAge(
  header: string | null | undefined,
  floorSeconds = minimumRequestMaxAge,
): number | undefined {
  if (!header) return undefined;
  const match = /(?:^|,)\s*max-age\s*=\s*"?(\d{1,9})"?\s*(?:,|$)/i.exec(header);
  if (!match) return undefined;
  return Math.max(floorSeconds, Number(match[1]));
}

export const minimumRequestMaxAge = 10;
