import { absolutizeLinks } from "./absoluteLinks";

describe("absolute links in an answer", () => {
  it("prefixes the site's links under link keys, in nested records and lists, and leaves the input as it was", () => {
    const answer = [
      {
        commentID: 1,
        url: "/discussion/comment/1#Comment_1",
        body: "<p>/not/a/link</p>",
        insertUser: { name: "Ada", url: "/profile/Ada", photoUrl: "//cdn.example/ada.png" },
        category: { canonicalUrl: "https://other.example/c", iconUrl: "", readUrl: "/categories/x/read" },
        tags: [{ url: "/discussions/tagged/help" }],
        count: 0,
        closed: false,
        note: null,
      },
    ];
    const before = JSON.stringify(answer);
    expect(absolutizeLinks(answer, "https://forum.example")).toEqual([
      {
        commentID: 1,
        url: "https://forum.example/discussion/comment/1#Comment_1",
        body: "<p>/not/a/link</p>",
        insertUser: {
          name: "Ada",
          url: "https://forum.example/profile/Ada",
          photoUrl: "//cdn.example/ada.png",
        },
        category: {
          canonicalUrl: "https://other.example/c",
          iconUrl: "",
          readUrl: "https://forum.example/categories/x/read",
        },
        tags: [{ url: "https://forum.example/discussions/tagged/help" }],
        count: 0,
        closed: false,
        note: null,
      },
    ]);
    expect(JSON.stringify(answer)).toBe(before);
  });

  it("keeps what is not a plain record as it is, and inherited keys out", () => {
    const date = new Date(0);
    const inherited = Object.assign(Object.create({ url: "/inherited" }) as object, { url: "/own" });
    const result = absolutizeLinks({ when: date, record: inherited }, "https://forum.example") as Record<
      string,
      unknown
    >;
    expect(result["when"]).toBe(date);
    expect(result["record"]).toBe(inherited);
    const plain = absolutizeLinks({ url: "/own", extra: undefined }, "https://forum.example");
    expect(plain).toEqual({ url: "https://forum.example/own", extra: undefined });
    expect(Object.keys(plain as object)).toEqual(["url", "extra"]);
  });
});
