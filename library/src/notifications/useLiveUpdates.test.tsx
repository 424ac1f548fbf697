import { act } from "@testing-library/react";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { selectLatestNotifications } from "@library/src/notifications/notificationsSlice";
import { makeNotification, signedInState } from "@library/src/notifications/notificationsTestData";
import {
  LIVE_RETRY_MIN_MS,
  LIVE_STREAM_PATH,
  useLiveUpdates,
} from "@library/src/notifications/useLiveUpdates";
import { renderWithStore } from "@library/src/testing/renderWithStore";

/** Stands in for the browser's EventSource: tests push events and errors into it. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  emit(type: string, data: unknown): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error("No EventSource was opened.");
    return source;
  }
}

function Live({ enabled }: { enabled: boolean }) {
  useLiveUpdates(enabled);
  return null;
}

describe("useLiveUpdates", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    Object.defineProperty(window, "EventSource", {
      configurable: true,
      writable: true,
      value: FakeEventSource,
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, "EventSource");
    jest.useRealTimers();
  });

  it("opens nothing for guests", () => {
    renderWithStore(<Live enabled={false} />);
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it("applies count events to the current user and prepends new notifications", () => {
    const { store, unmount } = renderWithStore(<Live enabled />, { preloadedState: signedInState() });
    const source = FakeEventSource.latest();
    expect(source.url).toBe(LIVE_STREAM_PATH);
    act(() => source.emit("count", { counts: { UnreadNotifications: 120, Pings: 3 } }));
    expect(selectCurrentUser(store.getState())).toMatchObject({
      countUnreadNotifications: 120,
      counts: { UnreadNotifications: 120, Pings: 3 },
    });
    act(() => source.emit("notification", makeNotification(9)));
    expect(selectLatestNotifications(store.getState()).map((item) => item.notificationID)).toEqual([9]);
    act(() => source.emit("count", { nonsense: true }));
    act(() => source.emit("count", { counts: { UnreadNotifications: "many" } }));
    expect(selectCurrentUser(store.getState()).counts.UnreadNotifications).toBe(120);
    unmount();
    expect(source.closed).toBe(true);
  });

  it("reconnects after an error with a growing delay, reset by a successful open", () => {
    jest.useFakeTimers();
    const { unmount } = renderWithStore(<Live enabled />, { preloadedState: signedInState() });
    const first = FakeEventSource.latest();
    act(() => first.onerror?.());
    expect(first.closed).toBe(true);
    act(() => jest.advanceTimersByTime(LIVE_RETRY_MIN_MS - 1));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(2);

    act(() => FakeEventSource.latest().onerror?.());
    act(() => jest.advanceTimersByTime(LIVE_RETRY_MIN_MS));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => jest.advanceTimersByTime(LIVE_RETRY_MIN_MS));
    expect(FakeEventSource.instances).toHaveLength(3);

    act(() => FakeEventSource.latest().onopen?.());
    act(() => FakeEventSource.latest().onerror?.());
    act(() => jest.advanceTimersByTime(LIVE_RETRY_MIN_MS));
    expect(FakeEventSource.instances).toHaveLength(4);

    act(() => FakeEventSource.latest().onerror?.());
    unmount();
    act(() => jest.advanceTimersByTime(10 * LIVE_RETRY_MIN_MS));
    expect(FakeEventSource.instances).toHaveLength(4);
  });
});
