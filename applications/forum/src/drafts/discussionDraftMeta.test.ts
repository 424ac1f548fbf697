import { draftMetaOf, formValuesOfDraft, pinChoiceOf } from "./discussionDraftMeta";

describe("discussion draftMeta (SPEC 3)", () => {
  it("reads the legacy announce value: 0 none, 1 category, other recent", () => {
    expect(pinChoiceOf({ announce: 0 })).toBe("none");
    expect(pinChoiceOf({ announce: "0" })).toBe("none");
    expect(pinChoiceOf({ announce: 1 })).toBe("category");
    expect(pinChoiceOf({ announce: 2 })).toBe("recent");
    expect(pinChoiceOf({ announce: "2" })).toBe("recent");
    expect(pinChoiceOf({})).toBe("none");
    expect(pinChoiceOf({ pinLocation: "recent", announce: 1 })).toBe("recent");
  });

  it("carries every field of the form, pinned when a location is chosen", () => {
    const meta = draftMetaOf({
      name: "Plans",
      categoryID: 4,
      body: undefined,
      postTypeID: "idea",
      postMeta: { impact: "high" },
      pinLocation: "category",
      tags: [{ tagID: 3, name: "Planning" }, { name: "roadmap" }],
    });
    expect(meta).toEqual({
      name: "Plans",
      categoryID: 4,
      postTypeID: "idea",
      postMeta: { impact: "high" },
      tagIDs: [3],
      newTagNames: ["roadmap"],
      pinLocation: "category",
      pinned: true,
    });
    const back = formValuesOfDraft(
      {
        body: JSON.stringify([{ type: "p", children: [{ text: "Words" }] }]),
        draftMeta: meta,
        tagNames: { 3: "Planning" },
      },
      { categoryID: null, postTypeID: "discussion" },
    );
    expect(back).toMatchObject({
      name: "Plans",
      categoryID: 4,
      postTypeID: "idea",
      postMeta: { impact: "high" },
      tags: [{ tagID: 3, name: "Planning" }, { name: "roadmap" }],
      pinLocation: "category",
    });
    expect(back.body).toEqual([{ type: "p", children: [{ text: "Words" }] }]);
  });
});
