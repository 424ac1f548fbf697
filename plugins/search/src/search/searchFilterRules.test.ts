import { applicableFilters } from "../../api/searchPageUrl";

describe("SPEC 2 record-type filter rules", () => {
  it("drops the discussion-only filters from an article search, each with a warning", () => {
    const { params, warnings } = applicableFilters({
      query: "setup",
      recordTypes: ["article"],
      categoryID: [3],
      insertUserNames: ["ada"],
      knowledgeBaseID: 2,
    });
    expect(params).toEqual({ query: "setup", recordTypes: ["article"], knowledgeBaseID: 2 });
    expect(warnings).toEqual([
      'Search filter "categoryID" does not apply to articles and was dropped.',
      'Search filter "insertUserNames" does not apply to articles and was dropped.',
    ]);
  });

  it("drops the article-only filters from a discussion search and keeps its own", () => {
    const { params, warnings } = applicableFilters({
      query: "setup",
      recordTypes: ["discussion", "comment"],
      categoryID: [3],
      insertUserNames: ["ada"],
      knowledgeBaseID: 2,
      knowledgeCategoryIDs: [4],
    });
    expect(params).toEqual({
      query: "setup",
      recordTypes: ["discussion", "comment"],
      categoryID: [3],
      insertUserNames: ["ada"],
    });
    expect(warnings).toEqual([]);
  });

  it("leaves a search of several kinds as it is", () => {
    const input = {
      query: "setup",
      recordTypes: ["discussion", "article"],
      categoryID: [3],
      knowledgeBaseID: 2,
    };
    expect(applicableFilters(input).params).toEqual(input);
  });
});
