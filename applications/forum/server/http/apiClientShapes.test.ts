import {
  createTestApp,
  sitePath,
  testDialects,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";

/**
 * The fields existing API v2 clients read on every record (the published API's behaviour where API.md is
 * silent): each must be present (null allowed where the published API allows it), links are absolute URIs,
 * and `parentCommentID` is an integer or absent, never null.
 */
const REQUIRED: Record<string, readonly string[]> = {
  userFragment: ["userID", "name", "photoUrl", "url", "dateLastActive", "banned", "private"],
  user: [
    "userID",
    "name",
    "photoUrl",
    "url",
    "email",
    "emailConfirmed",
    "showEmail",
    "bypassSpam",
    "banned",
    "dateInserted",
    "dateLastActive",
    "dateUpdated",
    "hidden",
    "points",
    "private",
    "roles",
    "countDiscussions",
    "countComments",
  ],
  discussion: [
    "discussionID",
    "type",
    "name",
    "body",
    "categoryID",
    "dateInserted",
    "dateUpdated",
    "dateLastComment",
    "insertUserID",
    "updateUserID",
    "lastUserID",
    "pinned",
    "pinLocation",
    "closed",
    "sink",
    "countComments",
    "countViews",
    "score",
    "url",
    "canonicalUrl",
    "format",
    "attributes",
  ],
  comment: [
    "commentID",
    "discussionID",
    "parentRecordType",
    "parentRecordID",
    "name",
    "categoryID",
    "body",
    "dateInserted",
    "dateUpdated",
    "insertUserID",
    "updateUserID",
    "score",
    "url",
    "attributes",
  ],
  category: [
    "categoryID",
    "name",
    "description",
    "parentCategoryID",
    "customPermissions",
    "isArchived",
    "urlcode",
    "url",
    "displayAs",
    "countCategories",
    "countDiscussions",
    "countComments",
    "countAllDiscussions",
    "countAllComments",
    "depth",
    "dateInserted",
  ],
  role: ["roleID", "name", "description", "type", "deletable", "canSession", "personalInfo", "sort"],
  reactionType: ["tagID", "urlcode", "name", "class", "description", "active", "photoUrl"],
  reactionSummary: ["tagID", "urlcode", "name", "class", "count"],
};

const LINK_KEYS = new Set(["url", "photoUrl", "canonicalUrl", "iconUrl", "bannerUrl"]);

type Json = Record<string, unknown>;

function problemsOf(kind: string, record: unknown, path = kind): string[] {
  if (typeof record !== "object" || record === null) return [`${path}: not an object`];
  const value = record as Json;
  const problems = (REQUIRED[kind] ?? []).flatMap((key) => (key in value ? [] : [`${path}.${key}: missing`]));
  for (const [key, field] of Object.entries(value)) {
    if (LINK_KEYS.has(key) && typeof field === "string" && !/^https?:\/\//.test(field))
      problems.push(`${path}.${key}: not absolute (${field})`);
  }
  if ("parentCommentID" in value && value.parentCommentID === null)
    problems.push(`${path}.parentCommentID: null`);
  if ("attributes" in value && (typeof value.attributes !== "object" || value.attributes === null))
    problems.push(`${path}.attributes: not an object`);
  for (const userKey of ["insertUser", "lastUser", "updateUser", "user"])
    if (typeof value[userKey] === "object" && value[userKey] !== null)
      problems.push(...problemsOf("userFragment", value[userKey], `${path}.${userKey}`));
  if (Array.isArray(value.reactions))
    value.reactions.forEach((reaction, index) =>
      problems.push(...problemsOf("reactionSummary", reaction, `${path}.reactions[${index}]`)),
    );
  if (Array.isArray(value.roles))
    value.roles.forEach((role, index) => {
      if (typeof role !== "object" || role === null || !("roleID" in role) || !("name" in role))
        problems.push(`${path}.roles[${index}]: roleID and name expected`);
    });
  return problems;
}

describe.each(testDialects)("record shapes API clients rely on (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let discussionID = 0;
  let commentID = 0;
  let categoryID = 0;
  let adminID = 0;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const signedIn = await forumClient(testApp, { role: "Administrator" });
    admin = signedIn.client;
    adminID = signedIn.user.userID;
    categoryID = (await makeCategory(admin, { name: "Shapes" })).categoryID;
    discussionID = (await makeDiscussion(admin, categoryID, "Shaped thread")).discussionID;
    commentID = await makeComment(admin, discussionID, "Shaped comment");
    await admin.post(`/api/v2/discussions/${discussionID}/reactions`, { reactionType: "Like" });
  });
  afterAll(() => testApp.close());

  const cases: [string, string, string][] = [
    ["discussion", "GET /discussions", "/api/v2/discussions?expand=all"],
    ["discussion", "GET /discussions/{id}", "/api/v2/discussions/{discussionID}?expand=all"],
    ["comment", "GET /comments", "/api/v2/comments?discussionID={discussionID}&expand=all"],
    ["comment", "GET /comments/{id}", "/api/v2/comments/{commentID}?expand=all"],
    ["category", "GET /categories", "/api/v2/categories?outputFormat=flat"],
    ["category", "GET /categories/{id}", "/api/v2/categories/{categoryID}"],
    ["user", "GET /users/{id}", "/api/v2/users/{adminID}?expand=all"],
    ["user", "GET /users", "/api/v2/users?expand=all"],
    ["role", "GET /roles", "/api/v2/roles"],
    ["reactionType", "GET /reactions", "/api/v2/reactions"],
  ];

  it.each(cases)(
    "a %s from %s has every field, absolute links and no null parentCommentID",
    async (kind, _label, template) => {
      const url = template
        .replace("{discussionID}", String(discussionID))
        .replace("{commentID}", String(commentID))
        .replace("{categoryID}", String(categoryID))
        .replace("{adminID}", String(adminID));
      const response = await admin.get<unknown>(url);
      expect(response.status).toBe(200);
      const records = Array.isArray(response.body) ? response.body : [response.body];
      expect(records.length).toBeGreaterThan(0);
      expect(records.flatMap((record) => problemsOf(kind, record))).toEqual([]);
    },
  );

  it("gives each reaction type an icon as its photoUrl, served as SVG", async () => {
    const types = await admin.get<{ urlcode: string; photoUrl: string }[]>("/api/v2/reactions");
    const like = types.body.find((type) => type.urlcode === "Like");
    expect(like?.photoUrl).toBe(`${TEST_ORIGIN}/reactions/icons/like.svg`);
    const icon = await testApp.guest().get(sitePath(like?.photoUrl ?? ""));
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toContain("image/svg+xml");
    expect(icon.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await testApp.guest().get("/reactions/icons/..%2Fx.svg")).status).toBe(404);
  });

  it("writes links for the site's origin, and a guest's answers carry them too", async () => {
    const response = await testApp
      .guest()
      .get<{ url: string; insertUser?: { photoUrl: string } }>(
        `/api/v2/discussions/${discussionID}?expand=insertUser`,
      );
    expect(response.body.url).toMatch(new RegExp(`^https?://[^/]+/discussion/${discussionID}/`));
    expect(response.body.insertUser?.photoUrl).toMatch(/^https?:\/\//);
  });
});
