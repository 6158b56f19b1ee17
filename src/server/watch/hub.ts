/** A message for every open stream: the SSE event name, its id and its JSON data. */
export interface HubMessage {
  event: string;
  id?: string;
  data: unknown;
}

type Listener = (message: HubMessage) => void;
interface Subscriber {
  listener: Listener;
  /** The server is shutting down: the stream should finish so the shutdown need not wait. */
  end: () => void;
  /** Who opened it (see `clientIdentity`), when it counts against a client's share. */
  client?: string;
}

/** A subscription, or why there is none: every slot is taken, or this client's share is. */
export type Subscription =
  { ok: true; unsubscribe: () => void } | { ok: false; reason: 'full' | 'client' };

/**
 * Fans the watch's changes out to the open SSE streams. Bounded: past `maxListeners` a new
 * stream is refused (the page falls back to polling) rather than letting connections pile up,
 * and one client holds at most `perClient` of them, so one address cannot take every slot.
 */
export class StatusHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly perClientCount = new Map<string, number>();
  private ended = false;
  private relay: Listener | undefined;

  constructor(
    readonly maxListeners = 1000,
    readonly perClient = Infinity,
  ) {}

  get size(): number {
    return this.subscribers.size;
  }

  subscribe(listener: Listener, end: () => void, client?: string): Subscription {
    if (this.ended || this.subscribers.size >= this.maxListeners)
      return { ok: false, reason: 'full' };
    const held = client === undefined ? 0 : (this.perClientCount.get(client) ?? 0);
    if (client !== undefined && held >= this.perClient) return { ok: false, reason: 'client' };
    const subscriber: Subscriber = { listener, end, client };
    this.subscribers.add(subscriber);
    if (client !== undefined) this.perClientCount.set(client, held + 1);
    return { ok: true, unsubscribe: () => this.remove(subscriber) };
  }

  private remove(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber) || subscriber.client === undefined) return;
    const left = (this.perClientCount.get(subscriber.client) ?? 1) - 1;
    if (left > 0) this.perClientCount.set(subscriber.client, left);
    else this.perClientCount.delete(subscriber.client);
  }

  /** A message of this replica's: to its streams, and to the other replicas (see relayTo). */
  publish(message: HubMessage): void {
    this.deliver(message);
    this.relay?.(message);
  }

  /** To this replica's streams only: a message another replica told of. */
  deliver(message: HubMessage): void {
    for (const subscriber of this.subscribers) subscriber.listener(message);
  }

  /** Where this replica's own messages go besides its streams: the other replicas. */
  relayTo(relay: Listener): void {
    this.relay = relay;
  }

  /** Ends every stream and refuses new ones: the server is draining. */
  endAll(): void {
    this.ended = true;
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
    this.perClientCount.clear();
  }
}
