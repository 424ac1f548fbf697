import { mentionHtml } from "@library/server/formats/mentions";
import { readSpamContent } from "./spamContent";
import { scoreSignals, spamReasons, SPAM_WEIGHTS, type SpamSignals } from "./spamScore";

const honest: SpamSignals = {
  links: 0,
  hiddenLinks: 0,
  shouting: false,
  repeated: false,
  spamPhrases: [],
  ownCopies: 0,
  otherMembersCopies: 0,
  accountAgeHours: 24 * 90,
  recentPosts: 0,
};

describe("spam content", () => {
  it("counts links to other sites, anchors and bare addresses, but not mentions, links within the site or code", () => {
    const html = `<p><a href="https://a.example" rel="nofollow">a</a> ${mentionHtml("Ann")} <a href="/discussion/3">here</a> and https://b.example</p><pre class="code codeBlock"><code>curl https://c.example https://d.example</code></pre><p><code>http://e.example</code></p>`;
    expect(readSpamContent(html).links).toBe(2);
    expect(readSpamContent("<p>no links</p>").links).toBe(0);
  });

  it("finds links without visible text and links whose text names another site", () => {
    expect(readSpamContent('<p>Nice <a href="http://x.example">\u200b </a></p>').hiddenLinks).toBe(1);
    expect(
      readSpamContent('<p><a href="http://paypa1.example/login">https://www.paypal.com/signin</a></p>')
        .hiddenLinks,
    ).toBe(1);
    expect(
      readSpamContent(
        '<p><a href="https://www.example.org/docs">example.org/docs</a> <a href="https://a.example">the guide</a></p>',
      ).hiddenLinks,
    ).toBe(0);
    expect(
      readSpamContent('<p><a href="https://a.example"><img src="/x.png" alt=""></a></p>').hiddenLinks,
    ).toBe(0);
  });

  it("reads shouting from cased letters only, outside code", () => {
    expect(readSpamContent("<p>BUY NOW, THE BEST OFFER OF THE YEAR!!!</p>").shouting).toBe(true);
    expect(readSpamContent("<p>Is the HTTP API REST or GraphQL? I need JSON over HTTPS.</p>").shouting).toBe(
      false,
    );
    expect(
      readSpamContent("<p>Why?</p><pre><code>SELECT COUNT(*) FROM ORDERS WHERE PAID</code></pre>").shouting,
    ).toBe(false);
    expect(
      readSpamContent("<p>大家好！我是新来的，请多指教。我想了解更多关于园艺的知识。</p>").shouting,
    ).toBe(false);
  });

  it("finds the same line three times, or a long text of very few words", () => {
    expect(readSpamContent("<p>Best loans here</p>".repeat(3)).repeated).toBe(true);
    expect(readSpamContent(`<p>${"cheap watches ".repeat(12)}</p>`).repeated).toBe(true);
    expect(readSpamContent("<p>Thanks!</p><p>Thanks!</p><p>Thanks!</p>").repeated).toBe(false);
    expect(
      readSpamContent("<p>I feed the starter twice a day and keep it warm, but the bread is still dense.</p>")
        .repeated,
    ).toBe(false);
  });

  it("lists each spam phrase once, never everyday words", () => {
    expect(
      readSpamContent("<p>Cheap VIAGRA, viagra and cialis without prescription</p>").spamPhrases,
    ).toEqual(["viagra", "cialis", "without prescription"]);
    expect(
      readSpamContent(
        "<p>The read replica lags behind; my bitcoin node and the casino scene in the film.</p>",
      ).spamPhrases,
    ).toEqual([]);
  });
});

describe("spam score", () => {
  it("scores an old member's ordinary post 0 and adds up each signal with its cap", () => {
    expect(scoreSignals(honest)).toBe(0);
    expect(scoreSignals({ ...honest, links: 50 })).toBe(SPAM_WEIGHTS.maxLinks * SPAM_WEIGHTS.link);
    expect(scoreSignals({ ...honest, hiddenLinks: 9 })).toBe(2 * SPAM_WEIGHTS.hiddenLink);
    expect(scoreSignals({ ...honest, shouting: true })).toBe(SPAM_WEIGHTS.shouting);
    expect(scoreSignals({ ...honest, repeated: true })).toBe(SPAM_WEIGHTS.repeatedText);
    expect(scoreSignals({ ...honest, spamPhrases: ["a", "b", "c", "d"] })).toBe(3 * SPAM_WEIGHTS.spamPhrase);
    expect(scoreSignals({ ...honest, ownCopies: 1 })).toBe(SPAM_WEIGHTS.ownCopy);
    expect(scoreSignals({ ...honest, otherMembersCopies: 9 })).toBe(3 * SPAM_WEIGHTS.othersCopy);
    expect(scoreSignals({ ...honest, accountAgeHours: 0.5 })).toBe(SPAM_WEIGHTS.hourOldAccount);
    expect(scoreSignals({ ...honest, accountAgeHours: 5 })).toBe(SPAM_WEIGHTS.dayOldAccount);
    expect(scoreSignals({ ...honest, recentPosts: SPAM_WEIGHTS.velocityFreePosts })).toBe(0);
    expect(scoreSignals({ ...honest, recentPosts: SPAM_WEIGHTS.velocityFreePosts + 2 })).toBe(
      2 * SPAM_WEIGHTS.velocity,
    );
  });

  it("explains a score: one reason per signal that added points, with how many and how much", () => {
    expect(spamReasons(honest)).toEqual([]);
    expect(spamReasons({ ...honest, links: 3, spamPhrases: ["viagra"], accountAgeHours: 0.1 })).toEqual([
      { signal: "links", count: 3, points: 6 },
      { signal: "spamPhrases", count: 1, points: 3 },
      { signal: "newAccount", count: 1, points: 5 },
    ]);
  });

  it("holds a brand-new account posting several links at the default threshold, not one or two", () => {
    const newcomer = { ...honest, accountAgeHours: 0.1 };
    expect(scoreSignals({ ...newcomer, links: 2 })).toBeLessThanOrEqual(10);
    expect(scoreSignals({ ...newcomer, links: 3 })).toBeGreaterThan(10);
  });
});
