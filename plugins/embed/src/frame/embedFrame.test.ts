import type { EmbedFrameMessage } from "../../api/embedMessages";
import { startFrameReporting } from "./embedFrame";

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  document.body.innerHTML = "";
  jest.useRealTimers();
});

function start(): EmbedFrameMessage[] {
  const sent: EmbedFrameMessage[] = [];
  stop = startFrameReporting(window, (message) => sent.push(message));
  return sent;
}

function setHeight(height: number): void {
  document.getElementById("page")!.getBoundingClientRect = () => ({ height }) as DOMRect;
}

function scrollTo(y: number): void {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
}

describe("a forum page inside the frame", () => {
  it("reports href, title and height at once and then every 200 ms when they change", () => {
    jest.useFakeTimers();
    document.title = "A discussion";
    document.body.innerHTML = `<div id="page"></div>`;
    setHeight(300);
    const sent = start();
    expect(sent).toEqual([
      { source: "forum-embed", type: "location", href: window.location.href, title: "A discussion" },
      { source: "forum-embed", type: "height", height: 300 },
    ]);
    setHeight(420);
    document.title = "Renamed";
    jest.advanceTimersByTime(199);
    expect(sent).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(sent.slice(2)).toEqual([
      { source: "forum-embed", type: "location", href: window.location.href, title: "Renamed" },
      { source: "forum-embed", type: "height", height: 420 },
    ]);
    jest.advanceTimersByTime(1000);
    expect(sent).toHaveLength(4);
  });

  it("reports scroll past a 50 px threshold, throttled to about 60 a second", () => {
    jest.useFakeTimers();
    document.body.innerHTML = `<div id="page"></div>`;
    setHeight(300);
    const sent = start();
    const scrolls = () => sent.filter((message) => message.type === "scroll");
    scrollTo(30);
    jest.advanceTimersByTime(20);
    expect(scrolls()).toEqual([]);
    scrollTo(60);
    jest.advanceTimersByTime(0);
    expect(scrolls()).toEqual([{ source: "forum-embed", type: "scroll", scrollY: 60 }]);
    // Within the next ~16 ms, moves are gathered into one report.
    scrollTo(200);
    scrollTo(400);
    expect(scrolls()).toHaveLength(1);
    jest.advanceTimersByTime(17);
    expect(scrolls()).toEqual([
      { source: "forum-embed", type: "scroll", scrollY: 60 },
      { source: "forum-embed", type: "scroll", scrollY: 400 },
    ]);
  });

  it("hands links to other domains to the parent and keeps this site's links chrome-less", () => {
    document.body.innerHTML = `<div id="page">
      <a href="https://elsewhere.example.org/read">Elsewhere</a>
      <a href="/discussion/4">Four</a>
      <a href="#top">Top</a>
    </div>`;
    setHeight(100);
    const sent = start();
    const elsewhere = document.querySelector<HTMLAnchorElement>('a[href^="https"]')!;
    const clicked = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    elsewhere.dispatchEvent(clicked);
    expect(clicked.defaultPrevented).toBe(true);
    expect(sent.at(-1)).toEqual({
      source: "forum-embed",
      type: "navigate",
      href: "https://elsewhere.example.org/read",
    });
    const four = screenLink("Four");
    four.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    expect(four.href).toBe(`${window.location.origin}/discussion/4?embed=1`);
    const top = screenLink("Top");
    top.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    expect(top.getAttribute("href")).toBe("#top");
  });
});

function screenLink(name: string): HTMLAnchorElement {
  return [...document.querySelectorAll("a")].find((anchor) => anchor.textContent === name)!;
}
