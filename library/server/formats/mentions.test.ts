import { findMentions, linkMentions, mentionHtml } from "./mentions";

describe("mentions", () => {
  it('finds @name and @"name with spaces" in order, once each', () => {
    expect(findMentions('Hi @alice, @"Jane Doe" and @bob. Thanks @alice!')).toEqual([
      "alice",
      "Jane Doe",
      "bob",
    ]);
  });

  it("ignores e-mail addresses, @ inside words and a bare @", () => {
    expect(findMentions("mail me@example.com or a@b, @ alone, @@x")).toEqual([]);
  });

  it("keeps trailing punctuation out of the name", () => {
    expect(findMentions("thanks @bob. and @carol-")).toEqual(["bob", "carol"]);
    expect(linkMentions("thanks @bob.").html).toBe(`thanks ${mentionHtml("bob")}.`);
  });

  it("accepts letters beyond ASCII", () => {
    expect(findMentions("merci @Élodie_2")).toEqual(["Élodie_2"]);
  });

  it("links to the profile with the name escaped and encoded", () => {
    expect(mentionHtml('a"b<c d')).toBe(
      '<a class="atMention" data-username="a&quot;b&lt;c d" href="/profile/a%22b%3Cc%20d">@a&quot;b&lt;c d</a>',
    );
  });

  it("escapes the text around mentions", () => {
    expect(linkMentions("<b>@x</b>").html).toBe(`&lt;b&gt;${mentionHtml("x")}&lt;/b&gt;`);
  });
});
