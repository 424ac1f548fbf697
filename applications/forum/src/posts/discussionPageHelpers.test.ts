import { DEFAULT_AVATAR_URL } from "@forum/api/guest";
import { resetBootstrap } from "@library/src/bootstrap/bootstrap";
import { loadReaderTranslations, readerTranslationsLoaded } from "@library/src/i18n/readerTranslations";
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

  it("writes relative times and their full date in the reader's language once its strings are in", async () => {
    jest.useFakeTimers({ now: new Date("2025-03-01T10:02:00Z"), doNotFake: ["queueMicrotask"] });
    document.body.innerHTML =
      `<script type="application/json" id="app-bootstrap">{"locale":"fr"}</script>` +
      `<time data-relative datetime="2025-03-01T10:00:00Z" title="March 1, 2025">1 mars 2025</time>` +
      `<time data-relative datetime="2025-03-01T10:01:58Z" title="March 1, 2025">1 mars 2025</time>`;
    document.documentElement.dataset.translations = "/translations/fr.json";
    resetBootstrap();
    let answer: (strings: Record<string, string>) => void = () => undefined;
    const fetchStrings = jest.fn(
      () =>
        new Promise((resolve) => {
          answer = (strings) => resolve({ ok: true, json: () => Promise.resolve(strings) });
        }),
    );
    const realFetch = global.fetch;
    global.fetch = fetchStrings as unknown as typeof fetch;
    loadTranslations({}, "fr");
    try {
      const loading = loadReaderTranslations();
      stop = startDiscussionPageHelpers();
      const [older, newest] = [...document.querySelectorAll("time")];
      // Until the strings arrive the server's own date stays: 'just now' would be English for 30 s.
      expect(newest).toHaveTextContent("1 mars 2025");
      answer({ "just now": "à l'instant" });
      await loading;
      await readerTranslationsLoaded();
      await Promise.resolve();
      expect(newest).toHaveTextContent("à l'instant");
      expect(older).toHaveTextContent("il y a 2 minutes");
      expect(older?.getAttribute("title")).toMatch(/^1 mars 2025 à \d\d:\d\d$/);
    } finally {
      global.fetch = realFetch;
      delete document.documentElement.dataset.translations;
      resetBootstrap();
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
