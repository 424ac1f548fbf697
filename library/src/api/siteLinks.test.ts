import { relativizeSiteLinks, siteLinkOrigin } from "./siteLinks";

describe("relativizeSiteLinks", () => {
  it("turns the site's own links into paths, at any depth, and leaves other links and fields alone", () => {
    const answer = [
      {
        url: "https://forum.example/discussion/1/hello",
        body: "https://forum.example/discussion/1/hello",
        insertUser: {
          photoUrl: "https://forum.example/uploads/a.png",
          url: "https://forum.example/profile/Ann",
        },
        category: { url: "https://forum.example.evil/categories/x", iconUrl: "https://cdn.example/icon.png" },
      },
      { url: "https://forum.example" },
    ];
    relativizeSiteLinks(answer, "https://forum.example");
    expect(answer).toEqual([
      {
        url: "/discussion/1/hello",
        body: "https://forum.example/discussion/1/hello",
        insertUser: { photoUrl: "/uploads/a.png", url: "/profile/Ann" },
        category: { url: "https://forum.example.evil/categories/x", iconUrl: "https://cdn.example/icon.png" },
      },
      { url: "https://forum.example" },
    ]);
  });

  it("reads the origin from the bootstrap's site URL", () => {
    expect(siteLinkOrigin("http://localhost:3000/base")).toBe("http://localhost:3000");
    expect(siteLinkOrigin("not a url")).toBeNull();
  });
});
