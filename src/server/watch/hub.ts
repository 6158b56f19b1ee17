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
}

/**
 * Fans the watch's changes out to the open SSE streams. Bounded: past `maxListeners` a new
 * stream is refused (the page falls back to polling) rather than letting connections pile up.
 */
export class StatusHub {
  private readonly subscribers = new Set<Subscriber>();
  private ended = false;
  private relay: Listener | undefined;

  constructor(readonly maxListeners = 1000) {}

  get size(): number {
    return this.subscribers.size;
  }

  /** Undefined when full; otherwise the function that ends the subscription. */
  subscribe(listener: Listener, end: () => void): (() => void) | undefined {
    if (this.ended || this.subscribers.size >= this.maxListeners) return undefined;
    const subscriber = { listener, end };
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
    };
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
  }
}
