/**
 * One server-sent event stream per browser, shared by its tabs. A browser keeps at most six HTTP/1.1 connections
 * per origin, and each open stream holds one for as long as the page is open: with a stream per tab, a few tabs
 * leave the page's own requests waiting for a free connection. So the tabs of one browser elect a leader (an
 * exclusive Web Lock per stream address, released when its tab closes or stops listening); the leader alone opens
 * the EventSource and relays every event to the other tabs on a BroadcastChannel. A waiting tab takes the lock,
 * and opens the stream, as soon as the leader's tab is gone. Where the browser offers neither, each tab opens its
 * own stream, as before.
 */

/** Reconnect delays: 1 s, doubling up to 60 s; reset once a connection opens. */
export const STREAM_RETRY_MIN_MS = 1_000;
export const STREAM_RETRY_MAX_MS = 60_000;

/** One event of a stream, as every tab receives it. */
export interface StreamEvent {
  type: string;
  data: string;
}

export type StreamListener = (event: StreamEvent) => void;

/** What a stream needs from the browser (tests pass stand-ins). */
export interface StreamEnvironment {
  openEventSource(url: string): EventSource;
  /** `navigator.locks`, when the browser has it. */
  locks: Pick<LockManager, "request"> | null;
  /** `new BroadcastChannel(name)`, when the browser has it. */
  openChannel: ((name: string) => BroadcastChannel) | null;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export function browserStreamEnvironment(): StreamEnvironment | null {
  if (typeof window === "undefined" || typeof window.EventSource === "undefined") return null;
  const locks = typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : null;
  return {
    openEventSource: (url) => new window.EventSource(url),
    locks: locks ?? null,
    openChannel:
      typeof window.BroadcastChannel === "undefined" ? null : (name) => new window.BroadcastChannel(name),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (timer) => window.clearTimeout(timer as number),
  };
}

function isStreamEvent(value: unknown): value is StreamEvent {
  const event = value as Partial<StreamEvent> | null;
  return typeof event?.type === "string" && typeof event.data === "string";
}

/**
 * Opens `url`, keeps it open (reopening after a failure with a growing delay, so a restarting server is not
 * stormed) and hands each event of `types` to `deliver`, until the returned function closes it.
 */
function openReconnecting(
  env: StreamEnvironment,
  url: string,
  types: readonly string[],
  deliver: StreamListener,
): () => void {
  let source: EventSource | null = null;
  let timer: unknown = null;
  let delay = STREAM_RETRY_MIN_MS;
  let stopped = false;
  const connect = () => {
    const current = env.openEventSource(url);
    source = current;
    current.onopen = () => {
      delay = STREAM_RETRY_MIN_MS;
    };
    for (const type of types)
      current.addEventListener(type, (event: MessageEvent) => {
        if (typeof event.data === "string") deliver({ type, data: event.data });
      });
    current.onerror = () => {
      // Take over from the browser's own retry so the delay grows.
      current.close();
      if (stopped || source !== current) return;
      source = null;
      timer = env.setTimeout(() => {
        timer = null;
        if (!stopped) connect();
      }, delay);
      delay = Math.min(STREAM_RETRY_MAX_MS, delay * 2);
    };
  };
  connect();
  return () => {
    stopped = true;
    if (timer !== null) env.clearTimeout(timer);
    source?.close();
  };
}

/** A stream address and the event types listened to: one shared stream per pair. */
class SharedStream {
  private readonly listeners = new Set<StreamListener>();
  private channel: BroadcastChannel | null = null;
  private leave: (() => void) | null = null;

  constructor(
    private readonly env: StreamEnvironment,
    private readonly url: string,
    private readonly types: readonly string[],
    private readonly onIdle: () => void,
  ) {}

  subscribe(listener: StreamListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  private deliver(event: StreamEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private start(): void {
    const { env } = this;
    const { locks, openChannel } = env;
    if (!locks || !openChannel) {
      this.leave = openReconnecting(env, this.url, this.types, (event) => this.deliver(event));
      return;
    }
    const name = `live-stream:${this.url}:${this.types.join(",")}`;
    const channel = openChannel(name);
    this.channel = channel;
    // A follower hears the leader's events; the leader never hears its own posts.
    channel.onmessage = (message: MessageEvent) => {
      if (isStreamEvent(message.data)) this.deliver(message.data);
    };
    const abort = new AbortController();
    let release: (() => void) | null = null;
    let closeStream: (() => void) | null = null;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    locks
      .request(name, { signal: abort.signal }, async () => {
        // Leader now (first, or the previous leader's tab closed): open the stream and relay it.
        closeStream = openReconnecting(env, this.url, this.types, (event) => {
          this.deliver(event);
          channel.postMessage(event);
        });
        await held;
      })
      .catch(() => {
        // Aborted while waiting: this tab stopped listening before it led.
      });
    this.leave = () => {
      abort.abort();
      closeStream?.();
      release?.();
    };
  }

  private stop(): void {
    this.leave?.();
    this.leave = null;
    this.channel?.close();
    this.channel = null;
    this.onIdle();
  }
}

/** The shared streams of one tab, by address and event types. */
export class SharedEventStreams {
  private readonly streams = new Map<string, SharedStream>();

  constructor(private readonly env: StreamEnvironment) {}

  /**
   * Calls `listener` with each event of `types` on the stream at `url` (one connection for the whole browser);
   * returns the function that stops listening. The stream closes when no tab listens any more.
   */
  subscribe(url: string, types: readonly string[], listener: StreamListener): () => void {
    const key = `${url} ${types.join(",")}`;
    let stream = this.streams.get(key);
    if (!stream) {
      stream = new SharedStream(this.env, url, types, () => this.streams.delete(key));
      this.streams.set(key, stream);
    }
    return stream.subscribe(listener);
  }
}

let tabStreams: SharedEventStreams | null = null;

/**
 * Listens to a server-sent event stream shared by every tab of this browser (see above); nothing happens where
 * the browser has no EventSource. Returns the function that stops listening.
 */
export function subscribeEventStream(
  url: string,
  types: readonly string[],
  listener: StreamListener,
): () => void {
  const env = browserStreamEnvironment();
  if (!env) return () => undefined;
  tabStreams ??= new SharedEventStreams(env);
  return tabStreams.subscribe(url, types, listener);
}
