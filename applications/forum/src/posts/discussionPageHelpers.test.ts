import { DEFAULT_AVATAR_URL } from "@forum/api/guest";
import { loadTranslations, resetTranslations } from "@library/src/i18n/translate";
import { startDiscussionPageHelpers } from "./discussionPageHelpers";

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  document.body.innerHTML = "";
  jest.useRealTimers();
});

describe("startDiscussionPageHelpers", () => {
  it("re-renders relative times every 30 s", () => {
    jest.useFakeTimers({ now: new Date("2025-03-01T10:00:20Z") });
    document.body.innerHTML = `<time data-relative datetime="2025-03-01T10:00:00Z" title="March 1, 2025">server text</time>`;
    stop = startDiscussionPageHelpers();
    const time = document.querySelector("time");
    expect(time).toHaveTextContent("a few seconds ago");
    jest.advanceTimersByTime(29999);
    expect(time).toHaveTextContent("a few seconds ago");
    jest.advanceTimersByTime(1);
    expect(time).toHaveTextContent("a minute ago");
    expect(time).toHaveAttribute("title", "March 1, 2025");
  });

  it("writes relative times and their full date in the reader's language", () => {
    jest.useFakeTimers({ now: new Date("2025-03-01T10:02:00Z") });
    loadTranslations({}, "fr");
    try {
      document.body.innerHTML = `<time data-relative datetime="2025-03-01T10:00:00Z" title="March 1, 2025">server text</time>`;
      stop = startDiscussionPageHelpers();
      const time = document.querySelector("time");
      expect(time).toHaveTextContent("il y a 2 minutes");
      expect(time?.getAttribute("title")).toMatch(/^1 mars 2025 à \d\d:\d\d$/);
    } finally {
      resetTranslations();
    }
  });

  it("toggles spoilers' hidden and aria-expanded", () => {
    document.body.innerHTML = `<div class="spoiler"><button class="spoiler-toggle" aria-expanded="false">Spoiler</button><div class="spoiler-content" hidden>Secret</div></div>`;
    stop = startDiscussionPageHelpers();
    const button = document.querySelector<HTMLButtonElement>(".spoiler-toggle");
    const content = document.querySelector<HTMLElement>(".spoiler-content");
    button?.click();
    expect(content?.hidden).toBe(false);
    expect(button).toHaveAttribute("aria-expanded", "true");
    button?.click();
    expect(content?.hidden).toBe(true);
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("swaps a user photo that fails to load for the generic avatar", () => {
    document.body.innerHTML = `<img class="userPhoto" src="/broken.png" alt="Ada"><img class="other" src="/x.png" alt="">`;
    stop = startDiscussionPageHelpers();
    const photo = document.querySelector<HTMLImageElement>("img.userPhoto");
    const other = document.querySelector<HTMLImageElement>("img.other");
    photo?.dispatchEvent(new Event("error"));
    other?.dispatchEvent(new Event("error"));
    expect(photo).toHaveAttribute("src", DEFAULT_AVATAR_URL);
    expect(other).toHaveAttribute("src", "/x.png");
    // The generic avatar failing too does not loop.
    photo?.dispatchEvent(new Event("error"));
    expect(photo).toHaveAttribute("src", DEFAULT_AVATAR_URL);
  });

  it("stops when asked", () => {
    document.body.innerHTML = `<div class="spoiler"><button class="spoiler-toggle" aria-expanded="false">S</button><div class="spoiler-content" hidden>x</div></div>`;
    startDiscussionPageHelpers()();
    document.querySelector<HTMLButtonElement>(".spoiler-toggle")?.click();
    expect(document.querySelector<HTMLElement>(".spoiler-content")?.hidden).toBe(true);
  });
});
