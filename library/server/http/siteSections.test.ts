import { sectionLink, withSectionLinks } from "./siteSections";

describe("sectionLink", () => {
  it("puts the section's pages in its folder and keeps the site's own addresses", () => {
    expect(sectionLink("/fr", "/")).toBe("/fr/");
    expect(sectionLink("/fr", "/discussions?sort=-dateInserted")).toBe("/fr/discussions?sort=-dateInserted");
    expect(sectionLink("/fr", "/discussion/5/hello#Comment_9")).toBe("/fr/discussion/5/hello#Comment_9");
    expect(sectionLink("/fr", "/categories/jardin/p2")).toBe("/fr/categories/jardin/p2");
    expect(sectionLink("/fr", "/post/discussion?categoryID=3")).toBe("/fr/post/discussion?categoryID=3");
    expect(sectionLink("/fr", "/entry/signin?Target=%2Fdiscussion%2F5")).toBe(
      "/fr/entry/signin?Target=%2Ffr%2Fdiscussion%2F5",
    );
    // Profiles, messages, files, the API and other sections are the site's.
    for (const kept of [
      "/profile/ann",
      "/messages",
      "/uploads/a.png",
      "/api/v2/x",
      "/ja/discussions",
      "/fr/x",
      "/fr",
    ])
      expect(sectionLink("/fr", kept)).toBe(kept);
    for (const kept of ["https://example.org/discussions", "//cdn/x", "", "#top", "mailto:a@b"])
      expect(sectionLink("/fr", kept)).toBe(kept);
    expect(sectionLink("", "/discussions")).toBe("/discussions");
  });

  it("rewrites a tree's links by key without changing the objects given, absolute ones with the origin", () => {
    const record = Object.freeze({
      name: "/discussions",
      url: "/discussion/1/a",
      user: { url: "/profile/ann" },
    });
    const tree = { items: [record], listUrl: "/discussions", href: "https://site/categories/x", title: "/" };
    expect(withSectionLinks(tree, "/fr", "https://site")).toEqual({
      items: [{ name: "/discussions", url: "/fr/discussion/1/a", user: { url: "/profile/ann" } }],
      listUrl: "/fr/discussions",
      href: "https://site/fr/categories/x",
      title: "/",
    });
    expect(record.url).toBe("/discussion/1/a");
    expect(withSectionLinks(tree, "")).toBe(tree);
  });
});
