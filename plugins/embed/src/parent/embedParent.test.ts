import { EMBED_MESSAGE_SOURCE, type EmbedScriptOptions } from "../../api/embedMessages";
import { embedLoaderScript, embedScript } from "../../server/embedScripts";
import { loadForumEmbed } from "./embedLoader";
import { mountForumEmbeds } from "./embedParent";

const FORUM = "http://forum.test";
const options: EmbedScriptOptions = {
  forumOrigin: FORUM,
  messages: {
    failed: "Failed to load a required embed script",
    timedOut: "Loading of the script has timed out",
    frameTitle: "Forum",
  },
  timeoutMs: 10_000,
  sandbox: "allow-same-origin allow-scripts allow-forms",
  smallWidth: 500,
  maxWidth: 640,
  maxHeight: "80vh",
  embedQuery: "embed",
  messageSource: EMBED_MESSAGE_SOURCE,
};

function fromFrame(frame: HTMLIFrameElement, data: unknown, origin = FORUM): void {
  window.dispatchEvent(new MessageEvent("message", { data, origin, source: frame.contentWindow }));
}

/** Runs a served script's source as the embedding page would. */
function runServed(source: string): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the exact text the server sends
  const script = new Function(source) as () => void;
  script();
}

afterEach(() => {
  document.body.innerHTML = "";
  jest.useRealTimers();
});

describe("the embedding page's script", () => {
  it("frames the comments of this page, a discussion or a list, sandboxed and within the size limits", () => {
    document.title = "Hello world";
    document.body.innerHTML = `
      <div data-forum-embed="comments" data-foreign-id="post-7"></div>
      <div data-forum-embed="discussion" data-discussion-id="12"></div>
      <div data-forum-embed="discussions" data-category="news"></div>
      <div data-forum-embed="discussion" data-discussion-id="x"></div>`;
    const frames = mountForumEmbeds(window, options);
    expect(frames).toHaveLength(3);
    const [comments, discussion, list] = frames.map((frame) => new URL(frame.src));
    expect(comments!.pathname).toBe("/embed/comments");
    expect(Object.fromEntries(comments!.searchParams)).toEqual({
      url: "http://localhost/",
      foreignID: "post-7",
      title: "Hello world",
    });
    expect(discussion!.toString()).toBe(`${FORUM}/discussion/12?embed=1`);
    expect(list!.toString()).toBe(`${FORUM}/categories/news?embed=1`);
    const frame = frames[0]!;
    expect(frame.getAttribute("sandbox")).toBe("allow-same-origin allow-scripts allow-forms");
    expect(frame.title).toBe("Forum");
    expect(frame.style.maxWidth).toBe("640px");
    expect(frame.style.maxHeight).toBe("80vh");
    // jsdom lays nothing out: a width of 0 is under the small width.
    expect(frame.parentElement).toHaveClass("forumEmbed-small");
    // Mounted once: a second run leaves the place holders alone.
    expect(mountForumEmbeds(window, options)).toHaveLength(0);
  });

  it("follows the frame's height, href, title and scroll; takes messages only from its own frame and origin", () => {
    document.body.innerHTML = `<div data-forum-embed="discussion" data-discussion-id="3"></div>`;
    const [frame] = mountForumEmbeds(window, options);
    const holder = frame!.parentElement!;
    fromFrame(frame!, { source: EMBED_MESSAGE_SOURCE, type: "height", height: 812.4 });
    expect(frame!.style.height).toBe("813px");
    fromFrame(frame!, { source: EMBED_MESSAGE_SOURCE, type: "height", height: 999 }, "http://evil.test");
    fromFrame(frame!, { source: "other", type: "height", height: 999 });
    expect(frame!.style.height).toBe("813px");
    fromFrame(frame!, {
      source: EMBED_MESSAGE_SOURCE,
      type: "location",
      href: `${FORUM}/discussion/3?embed=1`,
      title: "Three",
    });
    expect(holder.dataset).toMatchObject({ forumHref: `${FORUM}/discussion/3?embed=1`, forumTitle: "Three" });
    fromFrame(frame!, { source: EMBED_MESSAGE_SOURCE, type: "scroll", scrollY: 120 });
    expect(holder.dataset.forumScroll).toBe("120");
  });

  it("says the frame timed out when it reports nothing within 10 s, and not once it reported", () => {
    jest.useFakeTimers();
    document.body.innerHTML = `<div id="a" data-forum-embed="discussions"></div>`;
    mountForumEmbeds(window, options);
    jest.advanceTimersByTime(9_999);
    expect(document.querySelector("[role=alert]")).toBeNull();
    jest.advanceTimersByTime(1);
    expect(document.querySelector("[role=alert]")).toHaveTextContent("Loading of the script has timed out");

    document.body.innerHTML = `<div data-forum-embed="discussions"></div>`;
    const [frame] = mountForumEmbeds(window, options);
    fromFrame(frame!, { source: EMBED_MESSAGE_SOURCE, type: "height", height: 400 });
    jest.advanceTimersByTime(20_000);
    expect(document.querySelector("[role=alert]")).toBeNull();
  });

  it("is served as self-contained source that mounts the frames in the site's language", () => {
    document.body.innerHTML = `<div data-forum-embed="discussions"></div>`;
    const french = (text: string) => (text === "Forum" ? "Le forum" : text);
    runServed(embedScript(FORUM, french));
    const frame = document.querySelector("iframe");
    expect(frame).toHaveAttribute("src", `${FORUM}/discussions?embed=1`);
    expect(frame).toHaveAttribute("title", "Le forum");
  });
});

describe("the pasted loader", () => {
  it("shows 'Failed to load a required embed script' where the embed is placed when the script fails", () => {
    document.body.innerHTML = `<div data-forum-embed="comments"></div>`;
    runServed(embedLoaderScript(FORUM, (text) => text));
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${FORUM}/embed.js"]`);
    expect(script).not.toBeNull();
    script!.dispatchEvent(new Event("error"));
    expect(document.querySelector("[data-forum-embed] [role=alert]")).toHaveTextContent(
      "Failed to load a required embed script",
    );
    script!.remove();
  });

  it("shows 'Loading of the script has timed out' after 10 s, and nothing once the script loaded", () => {
    jest.useFakeTimers();
    document.body.innerHTML = `<div data-forum-embed="comments"></div>`;
    loadForumEmbed(window, `${FORUM}/slow.js`, options.messages, 10_000);
    jest.advanceTimersByTime(10_000);
    expect(document.querySelector("[role=alert]")).toHaveTextContent("Loading of the script has timed out");

    document.body.innerHTML = `<div data-forum-embed="comments"></div>`;
    loadForumEmbed(window, `${FORUM}/fast.js`, options.messages, 10_000);
    document.head
      .querySelector<HTMLScriptElement>(`script[src="${FORUM}/fast.js"]`)!
      .dispatchEvent(new Event("load"));
    jest.advanceTimersByTime(10_000);
    expect(document.querySelector("[role=alert]")).toBeNull();
  });
});
