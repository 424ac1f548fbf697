import {
  SharedEventStreams,
  STREAM_RETRY_MIN_MS,
  type StreamEnvironment,
  type StreamEvent,
} from "@library/src/notifications/sharedEventStream";

/** A browser's EventSource stand-in: the test pushes events and errors into it. */
class FakeEventSource {
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  emit(type: string, data: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

/**
 * One browser's Web Locks and BroadcastChannels, shared by the "tabs" made from it: an exclusive lock per name
 * granted in request order, held until its callback's promise settles (or its tab closes); channel messages reach
 * the other channels of the same name, never the sender.
 */
class FakeBrowser {
  readonly sources: FakeEventSource[] = [];
  private readonly held = new Map<string, { tab: number; done: Promise<unknown> } | null>();
  private readonly queues = new Map<string, (() => void)[]>();
  private readonly channels = new Set<{ name: string; tab: number; channel: FakeChannel }>();
  private tabs = 0;

  open(): { streams: SharedEventStreams; close: () => void } {
    const tab = (this.tabs += 1);
    const closers: (() => void)[] = [];
    const env: StreamEnvironment = {
      openEventSource: (url) => {
        const source = new FakeEventSource(url);
        this.sources.push(source);
        closers.push(() => source.close());
        return source as unknown as EventSource;
      },
      locks: {
        request: ((name: string, options: LockOptions, callback: (lock: Lock | null) => unknown) =>
          this.request(tab, name, options, callback)) as LockManager["request"],
      },
      openChannel: (name) => {
        const channel = new FakeChannel(this, name, tab);
        const entry = { name, tab, channel };
        this.channels.add(entry);
        channel.onClose = () => this.channels.delete(entry);
        return channel as unknown as BroadcastChannel;
      },
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    };
    return {
      streams: new SharedEventStreams(env),
      // A closed tab: its streams die with it and the browser releases its locks.
      close: () => {
        for (const close of closers) close();
        for (const entry of [...this.channels]) if (entry.tab === tab) this.channels.delete(entry);
        for (const [name, holder] of this.held) if (holder?.tab === tab) this.grantNext(name);
      },
    };
  }

  post(from: FakeChannel, data: unknown): void {
    for (const { name, channel } of this.channels)
      if (name === from.name && channel !== from)
        queueMicrotask(() => channel.onmessage?.(new MessageEvent("message", { data })));
  }

  private request(
    tab: number,
    name: string,
    options: LockOptions,
    callback: (lock: Lock | null) => unknown,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        const done = Promise.resolve(callback(null));
        this.held.set(name, { tab, done });
        void done.then(resolve, reject).finally(() => {
          if (this.held.get(name)?.done === done) this.grantNext(name);
        });
      };
      if (!this.held.get(name)) {
        grant();
        return;
      }
      const queue = this.queues.get(name) ?? [];
      queue.push(grant);
      this.queues.set(name, queue);
      options.signal?.addEventListener("abort", () => {
        const index = queue.indexOf(grant);
        if (index >= 0) queue.splice(index, 1);
        reject(new DOMException("Aborted", "AbortError"));
      });
    });
  }

  private grantNext(name: string): void {
    this.held.set(name, null);
    this.queues.get(name)?.shift()?.();
  }
}

class FakeChannel {
  onmessage: ((message: MessageEvent) => void) | null = null;
  onClose: (() => void) | null = null;

  constructor(
    private readonly browser: FakeBrowser,
    readonly name: string,
    readonly tab: number,
  ) {}

  postMessage(data: unknown): void {
    this.browser.post(this, data);
  }

  close(): void {
    this.onClose?.();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const STREAM = "/api/v2/notifications/stream";

describe("SharedEventStreams", () => {
  it("opens one stream for all the tabs of a browser and relays its events to each", async () => {
    const browser = new FakeBrowser();
    const seen: Record<string, StreamEvent[]> = { first: [], second: [], third: [] };
    const first = browser.open();
    const second = browser.open();
    const third = browser.open();
    first.streams.subscribe(STREAM, ["count"], (event) => seen.first?.push(event));
    second.streams.subscribe(STREAM, ["count"], (event) => seen.second?.push(event));
    third.streams.subscribe(STREAM, ["count"], (event) => seen.third?.push(event));
    await flush();
    expect(browser.sources).toHaveLength(1);

    browser.sources[0]?.emit("count", '{"counts":{"UnreadNotifications":2}}');
    browser.sources[0]?.emit("other", "ignored");
    await flush();
    const expected = [{ type: "count", data: '{"counts":{"UnreadNotifications":2}}' }];
    expect(seen).toEqual({ first: expected, second: expected, third: expected });
  });

  it("hands the stream to a waiting tab when the leader's tab closes, and closes it when no tab listens", async () => {
    const browser = new FakeBrowser();
    const leader = browser.open();
    const follower = browser.open();
    const heard: string[] = [];
    leader.streams.subscribe(STREAM, ["notification"], () => undefined);
    const stop = follower.streams.subscribe(STREAM, ["notification"], (event) => heard.push(event.data));
    await flush();
    expect(browser.sources).toHaveLength(1);

    leader.close();
    await flush();
    expect(browser.sources[0]?.closed).toBe(true);
    expect(browser.sources).toHaveLength(2);
    browser.sources[1]?.emit("notification", "after the handover");
    expect(heard).toEqual(["after the handover"]);

    stop();
    expect(browser.sources[1]?.closed).toBe(true);
  });

  it("lets a follower that stops listening leave the queue, and a leader that stops hand over", async () => {
    const browser = new FakeBrowser();
    const first = browser.open();
    const second = browser.open();
    const third = browser.open();
    const stopFirst = first.streams.subscribe(STREAM, ["count"], () => undefined);
    const stopSecond = second.streams.subscribe(STREAM, ["count"], () => undefined);
    const heard: string[] = [];
    third.streams.subscribe(STREAM, ["count"], (event) => heard.push(event.data));
    await flush();
    stopSecond();
    stopFirst();
    await flush();
    // The second tab left the queue: the third leads now, with a stream of its own.
    expect(browser.sources).toHaveLength(2);
    expect(browser.sources[0]?.closed).toBe(true);
    browser.sources[1]?.emit("count", "third");
    expect(heard).toEqual(["third"]);
  });

  it("reopens a failed stream after a growing delay, in the leading tab only", async () => {
    jest.useFakeTimers();
    try {
      const browser = new FakeBrowser();
      browser.open().streams.subscribe(STREAM, ["count"], () => undefined);
      browser.open().streams.subscribe(STREAM, ["count"], () => undefined);
      await jest.advanceTimersByTimeAsync(0);
      expect(browser.sources).toHaveLength(1);
      browser.sources[0]?.onerror?.();
      await jest.advanceTimersByTimeAsync(STREAM_RETRY_MIN_MS - 1);
      expect(browser.sources).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(browser.sources).toHaveLength(2);
      browser.sources[1]?.onerror?.();
      await jest.advanceTimersByTimeAsync(STREAM_RETRY_MIN_MS);
      expect(browser.sources).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(STREAM_RETRY_MIN_MS);
      expect(browser.sources).toHaveLength(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
