import {
  addSiteSectionSlugs,
  classifyLink,
  handleLinkClick,
  installLinkHandling,
  leavingUrl,
  sitePath,
  type LinkContext,
} from "./linkHandling";

const context: LinkContext = {
  origin: "https://forum.example.com",
  basePath: "",
  isAppRoute: (path) => path === "/discussions" || path.startsWith("/discussion/"),
};

describe("classifyLink", () => {
  it("navigates in-app to routes the app knows, by relative or absolute same-site URL", () => {
    expect(classifyLink("/discussions", context)).toBe("in-app");
    expect(classifyLink("https://forum.example.com/discussion/5/hello?page=2", context)).toBe("in-app");
  });

  it("loads the page for other internal links, /kb/ and the API", () => {
    expect(classifyLink("/profile/ann", context)).toBe("full-load");
    expect(classifyLink("/kb/articles/1", context)).toBe("full-load");
    expect(classifyLink("/api/v2/discussions", context)).toBe("full-load");
  });

  it("leaves links into a known site section alone: they load that section's page", () => {
    const withSections: LinkContext = { ...context, isAppRoute: () => true };
    expect(classifyLink("/fr/discussions", withSections)).toBe("in-app");
    addSiteSectionSlugs(["fr"]);
    expect(classifyLink("/fr/discussions", withSections)).toBe("full-load");
    expect(classifyLink("https://forum.example.com/FR/", withSections)).toBe("full-load");
    expect(classifyLink("/france/discussions", withSections)).toBe("in-app");
  });

  it("in a site section's app keeps links in its folder; other sections' links load their page", () => {
    const inSection: LinkContext = { ...context, basePath: "/fr", isAppRoute: () => true };
    addSiteSectionSlugs(["fr", "ja"]);
    expect(sitePath("/fr/discussion/5/hello", inSection)).toBe("/discussion/5/hello");
    expect(sitePath("https://forum.example.com/categories/x?page=2", inSection)).toBe("/categories/x?page=2");
    expect(classifyLink("/fr/discussion/5/hello", inSection)).toBe("in-app");
    expect(classifyLink("/discussions", inSection)).toBe("in-app");
    expect(classifyLink("/ja/discussions", inSection)).toBe("full-load");
    const navigate = jest.fn();
    const anchor = document.createElement("a");
    anchor.href = "/discussions?sort=-dateInserted";
    document.body.appendChild(anchor);
    const uninstall = installLinkHandling(inSection, { navigate });
    anchor.click();
    uninstall();
    anchor.remove();
    // The router runs under the folder: it adds `/fr` to this path.
    expect(navigate).toHaveBeenCalledWith("/discussions?sort=-dateInserted");
  });

  it("sends other sites through the interstitial and leaves anchors, mail and phone links alone", () => {
    expect(classifyLink("https://example.org/page", context)).toBe("external");
    expect(classifyLink("//example.org/page", context)).toBe("external");
    expect(classifyLink("#Comment_5", context)).toBe("ignore");
    expect(classifyLink("mailto:a@example.com", context)).toBe("ignore");
    expect(classifyLink("tel:+15555555", context)).toBe("ignore");
    expect(classifyLink("javascript:alert(1)", context)).toBe("ignore");
  });

  it("strips the base path from same-site links", () => {
    const sub = { ...context, basePath: "/community" };
    expect(sitePath("https://forum.example.com/community/discussions?x=1", sub)).toBe("/discussions?x=1");
    expect(classifyLink("/community/discussions", sub)).toBe("in-app");
  });

  it("builds the leaving URL", () => {
    expect(leavingUrl("https://example.org/a?b=c", "")).toBe(
      "/home/leaving?Target=https%3A%2F%2Fexample.org%2Fa%3Fb%3Dc",
    );
  });
});

describe("link clicks", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  function click(anchor: HTMLElement, init: MouseEventInit = {}): MouseEvent {
    const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
    anchor.dispatchEvent(event);
    return event;
  }

  it("navigates in-app, opens external links through the interstitial, and lets other links load", () => {
    const navigate = jest.fn();
    const openExternal = jest.fn();
    const remove = installLinkHandling(
      { ...context, origin: window.location.origin },
      { navigate, openExternal },
    );
    document.body.innerHTML = `<a id="a" href="/discussions"><span id="inner">Posts</span></a><a id="b" href="https://example.org/x">out</a><a id="c" href="/profile/x">me</a>`;
    expect(click(document.getElementById("inner")!).defaultPrevented).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/discussions");
    expect(click(document.getElementById("b")!).defaultPrevented).toBe(true);
    expect(openExternal).toHaveBeenCalledWith("https://example.org/x");
    const plain = click(document.getElementById("c")!);
    expect(plain.defaultPrevented).toBe(false);
    plain.preventDefault();
    remove();
  });

  it("leaves modified clicks and links with their own target alone", () => {
    document.body.innerHTML = `<a id="a" href="/discussions">x</a><a id="t" href="https://example.org" target="_blank">y</a>`;
    const handlers = { navigate: jest.fn(), openExternal: jest.fn() };
    const ctx = { ...context, origin: window.location.origin };
    const anchor = document.getElementById("a")!;
    const modified = {
      defaultPrevented: false,
      button: 0,
      metaKey: true,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      target: anchor,
      preventDefault: jest.fn(),
    };
    expect(handleLinkClick(modified, ctx, handlers)).toBe("ignore");
    const blank = { ...modified, metaKey: false, target: document.getElementById("t") };
    expect(handleLinkClick(blank, ctx, handlers)).toBe("ignore");
    expect(handlers.navigate).not.toHaveBeenCalled();
  });
});
