import { countLinks, scoreSignals, SPAM_WEIGHTS } from "./spamScore";

const honest = { links: 0, ownCopies: 0, otherMembersCopies: 0, accountAgeHours: 24 * 90, recentPosts: 0 };

describe("spam score", () => {
  it("counts anchors and bare addresses, whichever finds more", () => {
    expect(countLinks('<p><a href="https://a.example">a</a> and <a href="/b">b</a></p>', "a and b")).toBe(2);
    expect(
      countLinks(
        "<p>see https://a.example and http://b.example</p>",
        "see https://a.example and http://b.example",
      ),
    ).toBe(2);
    expect(countLinks("<p>no links</p>", "no links")).toBe(0);
  });

  it("scores an old member's ordinary post 0 and adds up each signal with its cap", () => {
    expect(scoreSignals(honest)).toBe(0);
    expect(scoreSignals({ ...honest, links: 50 })).toBe(SPAM_WEIGHTS.maxLinks * SPAM_WEIGHTS.link);
    expect(scoreSignals({ ...honest, ownCopies: 1 })).toBe(SPAM_WEIGHTS.ownCopy);
    expect(scoreSignals({ ...honest, otherMembersCopies: 9 })).toBe(3 * SPAM_WEIGHTS.othersCopy);
    expect(scoreSignals({ ...honest, accountAgeHours: 0.5 })).toBe(SPAM_WEIGHTS.hourOldAccount);
    expect(scoreSignals({ ...honest, accountAgeHours: 5 })).toBe(SPAM_WEIGHTS.dayOldAccount);
    expect(scoreSignals({ ...honest, recentPosts: SPAM_WEIGHTS.velocityFreePosts })).toBe(0);
    expect(scoreSignals({ ...honest, recentPosts: SPAM_WEIGHTS.velocityFreePosts + 2 })).toBe(
      2 * SPAM_WEIGHTS.velocity,
    );
  });

  it("holds a brand-new account posting several links at the default threshold, not one link", () => {
    const newcomer = { ...honest, accountAgeHours: 0.1 };
    expect(scoreSignals({ ...newcomer, links: 1 })).toBeLessThanOrEqual(10);
    expect(scoreSignals({ ...newcomer, links: 3 })).toBeGreaterThan(10);
  });
});
