import type { TickBody } from "../../api/analyticsApi";
import { startPageTracking, ticksForLocation } from "./pageTracking";

describe("page tracking", () => {
  it("sends a page view for each page, and a discussion view on discussion pages", () => {
    expect(
      ticksForLocation({ pathname: "/discussion/12/hello", href: "https://x.test/discussion/12/hello" }, "r"),
    ).toEqual([
      { type: "page_view", url: "https://x.test/discussion/12/hello", referrer: "r" },
      { type: "discussion_view", url: "https://x.test/discussion/12/hello", referrer: "r", discussionID: 12 },
    ]);
    expect(
      ticksForLocation({ pathname: "/discussions", href: "https://x.test/discussions" }, ""),
    ).toHaveLength(1);
    expect(
      ticksForLocation(
        { pathname: "/discussion/comment/3", href: "https://x.test/discussion/comment/3" },
        "",
      ),
    ).toHaveLength(1);
  });

  it("counts the first page and each route change once, back and forward included", () => {
    window.history.replaceState({}, "", "/start");
    const sent: TickBody[] = [];
    const stop = startPageTracking((tick) => sent.push(tick));
    expect(sent.map((tick) => tick.type)).toEqual(["page_view"]);
    window.history.pushState({}, "", "/discussion/5");
    window.history.replaceState({ scrolled: true }, "", "/discussion/5");
    expect(sent.map((tick) => tick.type)).toEqual(["page_view", "page_view", "discussion_view"]);
    expect(sent[1]?.referrer).toMatch(/\/start$/);
    window.history.pushState({}, "", "/categories");
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(sent).toHaveLength(4);
    stop();
    window.history.pushState({}, "", "/elsewhere");
    expect(sent).toHaveLength(4);
  });
});
