import { absoluteSiteUrl, absolutizeLinks } from "./absoluteLinks";

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

describe("a site path made absolute", () => {
  const cases: [string, string][] = [
    ["/discussion/comment/12#Comment_12", "https://forum.example"],
    ["/discussion/7/caf%C3%A9-cr%C3%A8me", "https://Forum.Example:443/"],
    ["/discussion/7/x", "http://127.0.0.1:3000"],
    ["/discussion/7/x", "https://forum.example/community/"],
    ["/a b/../c?d=1", "https://forum.example"],
    ["//cdn.example/x", "https://forum.example"],
    ["/discussion/7/x", "HTTP://LOCALHOST:80"],
  ];

  it.each(cases)("writes %s on %s as the URL parser does", (path, origin) => {
    expect(absoluteSiteUrl(path, origin)).toBe(new URL(path, origin).href);
  });

  it("takes the origin's normalised form once and keeps answering the same", () => {
    expect(absoluteSiteUrl("/profile/Ada", "https://Forum.Example:443")).toBe(
      "https://forum.example/profile/Ada",
    );
    expect(absoluteSiteUrl("/profile/Ada", "https://Forum.Example:443")).toBe(
      "https://forum.example/profile/Ada",
    );
  });
});
