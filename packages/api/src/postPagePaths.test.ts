import { parsePostPagePath } from "./postPagePaths";

describe("parsePostPagePath (SPEC 2)", () => {
  it("reads post/{postType}/{parentID} as create in a category", () => {
    expect(parsePostPagePath("/post/discussion/12")).toEqual({
      kind: "create",
      postType: "discussion",
      parentRecordType: "category",
      parentRecordID: "12",
    });
    expect(parsePostPagePath("/post/Question/general")).toEqual({
      kind: "create",
      postType: "question",
      parentRecordType: "category",
      parentRecordID: "general",
    });
    expect(parsePostPagePath("/post/discussion")).toMatchObject({ kind: "create", parentRecordID: null });
  });

  it("takes a social-groups parent's id from groupid", () => {
    expect(parsePostPagePath("/post/discussion/social-groups", "?groupid=31")).toEqual({
      kind: "create",
      postType: "discussion",
      parentRecordType: "group",
      parentRecordID: "31",
    });
    expect(parsePostPagePath("/post/idea/my-social-groups-page", "groupid=4")).toMatchObject({
      parentRecordType: "group",
      parentRecordID: "4",
    });
    expect(parsePostPagePath("/post/discussion/social-groups")).toBeNull();
    expect(parsePostPagePath("/post/discussion/social-groups", "?groupid=abc")).toBeNull();
    expect(parsePostPagePath("/post/discussion/social-groups", "?groupid=0")).toBeNull();
  });

  it("requires post type, parent type and parent id to create (only /post/discussion stands alone)", () => {
    expect(parsePostPagePath("/post/question")).toBeNull();
    expect(parsePostPagePath("/post/")).toBeNull();
    expect(parsePostPagePath("/post/discussion/1/2")).toBeNull();
    expect(parsePostPagePath("/post/discussion//2")).toBeNull();
    expect(parsePostPagePath("/post/disc<ussion/2")).toBeNull();
    expect(parsePostPagePath("/discussions")).toBeNull();
  });

  it("reads editdiscussion with a record and a draft, record 0 meaning no record", () => {
    expect(parsePostPagePath("/post/editdiscussion/0/44")).toEqual({
      kind: "editDraft",
      recordID: 0,
      draftID: 44,
    });
    expect(parsePostPagePath("/post/editdiscussion/7/44")).toEqual({
      kind: "editDraft",
      recordID: 7,
      draftID: 44,
    });
    expect(parsePostPagePath("/post/editdiscussion/7")).toEqual({ kind: "editDiscussion", discussionID: 7 });
    expect(parsePostPagePath("/post/editdiscussion/0")).toBeNull();
    expect(parsePostPagePath("/post/editdiscussion/7/0")).toBeNull();
    expect(parsePostPagePath("/post/editdiscussion/x/1")).toBeNull();
    expect(parsePostPagePath("/post/editdiscussion")).toBeNull();
  });

  it("reads the part from /post/ on, under a base path too", () => {
    expect(parsePostPagePath("/forum/post/discussion/3/")).toMatchObject({ parentRecordID: "3" });
  });
});
