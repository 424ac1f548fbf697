import { layoutQueryForPath, layoutQueryInSection } from "./layoutRoutes";

describe("layoutQueryForPath", () => {
  it("maps each layout route to its query", () => {
    expect(layoutQueryForPath("/", "", "fr")).toEqual({
      layoutViewType: "home",
      recordType: "siteSection",
      recordID: "0",
      params: { locale: "fr", siteSectionID: "0" },
    });
    expect(layoutQueryForPath("/discussions", "?sort=-dateInserted", "en")).toEqual({
      layoutViewType: "discussionList",
      recordType: "global",
      recordID: "-1",
      params: { sort: "-dateInserted", locale: "en", siteSectionID: "0" },
    });
    expect(layoutQueryForPath("/categories/7/p3", "", "en")).toMatchObject({
      layoutViewType: "discussionCategoryPage",
      recordType: "category",
      recordID: "7",
      params: { categoryID: "7", page: "3" },
    });
    expect(layoutQueryForPath("/discussion/12/hello-world/p2", "", "en")?.params).toMatchObject({
      discussionID: "12",
      page: "2",
    });
    expect(layoutQueryForPath("/discussion/12/p4", "", "en")?.params).toMatchObject({ page: "4" });
    expect(layoutQueryForPath("/discussion/12", "", "en")?.params).toMatchObject({ page: "1" });
    expect(layoutQueryForPath("/discussion/comment/99", "", "en")).toMatchObject({
      recordType: "comment",
      recordID: "99",
    });
    expect(layoutQueryForPath("/post/discussion/3", "", "en")).toMatchObject({
      layoutViewType: "createPost",
      recordID: "3",
    });
  });

  it("answers null for other paths and bad page segments", () => {
    expect(layoutQueryForPath("/profile/ann", "", "en")).toBeNull();
    expect(layoutQueryForPath("/categories/7/page3", "", "en")).toBeNull();
    expect(layoutQueryForPath("/discussion/abc", "", "en")).toBeNull();
  });
});

describe("layoutQueryInSection", () => {
  it("asks a section's layouts with its id and its home for its subcommunityHome; the site's are kept", () => {
    const home = layoutQueryForPath("/", "", "fr")!;
    expect(layoutQueryInSection(home, 4)).toEqual({
      layoutViewType: "subcommunityHome",
      recordType: "siteSection",
      recordID: "4",
      params: { locale: "fr", siteSectionID: "4" },
    });
    const list = layoutQueryForPath("/discussions", "?sort=-dateInserted", "fr")!;
    expect(layoutQueryInSection(list, 4)).toMatchObject({
      layoutViewType: "discussionList",
      recordID: "-1",
      params: { sort: "-dateInserted", siteSectionID: "4" },
    });
    expect(layoutQueryInSection(list, null)).toBe(list);
    expect(layoutQueryInSection(home, 0)).toBe(home);
  });
});
