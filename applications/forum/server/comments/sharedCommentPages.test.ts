import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Category } from "@forum/api/categories";
import type { Comment } from "@forum/api/comments";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumCast,
  makeComment,
  makeDiscussion,
  makeCategory,
  makePrivateCategory,
  type SignedIn,
} from "../testing/forumTesting";

describe.each(testDialects)("pages of comments made once for members on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let discussionID: number;
  let staffDiscussionID: number;
  const pageOf = (id: number, extra = "") => `/api/v2/comments?discussionID=${id}&limit=2${extra}`;

  /** The page as the shared one serves it, then as it is made for this member alone. */
  async function bothWays(reader: SignedIn, url = pageOf(discussionID)) {
    testApp.context.config.sharedPageSeconds = 60;
    const shared = await reader.client.get<Comment[]>(url);
    testApp.context.config.sharedPageSeconds = 0;
    const alone = await reader.client.get<Comment[]>(url);
    testApp.context.config.sharedPageSeconds = 60;
    expect(shared.status).toBe(alone.status);
    for (const header of ["x-app-page-current", "x-app-page-result-count", "link", "content-type"])
      expect(shared.headers[header]).toBe(alone.headers[header]);
    return { shared, alone };
  }

  /** A client that takes compressed answers, as every browser does. */
  const asBrowser = (reader: SignedIn, url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      url,
      headers: {
        host: "localhost:80",
        cookie: `${testApp.context.settings.peek<string>("garden.cookie.name")}=${reader.client.cookie ?? ""}`,
        "accept-encoding": "gzip, deflate, br",
        ...headers,
      },
    });

  const decoded = (response: Awaited<ReturnType<typeof asBrowser>>): Comment[] => {
    const encoding = response.headers["content-encoding"];
    const bytes =
      encoding === "br"
        ? brotliDecompressSync(response.rawPayload)
        : encoding === "gzip"
          ? gunzipSync(response.rawPayload)
          : response.rawPayload;
    return JSON.parse(bytes.toString()) as Comment[];
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, { sharedPageSeconds: 60 });
    ({ admin, member, other, moderator } = await forumCast(testApp));
    const general: Category = await makeCategory(admin.client, { name: "General" });
    const staff = await makePrivateCategory(testApp, admin.client, "Staff Room");
    discussionID = (await makeDiscussion(admin.client, general.categoryID, "Talk")).discussionID;
    staffDiscussionID = (await makeDiscussion(admin.client, staff.categoryID, "Staff Talk")).discussionID;
    // Long enough to be compressed: a page of comments is usually several kilobytes.
    for (const text of ["First reply", "Second reply", "Third reply"])
      await makeComment(other.client, discussionID, `${text} ${"with some words ".repeat(60)}`);
    await makeComment(admin.client, staffDiscussionID, "Staff only");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("answers each member exactly what their own page would be", async () => {
    for (const reader of [member, other, admin, moderator, member]) {
      for (const url of [
        pageOf(discussionID),
        pageOf(discussionID, "&page=2"),
        pageOf(discussionID, "&expand=raw"),
      ]) {
        const { shared, alone } = await bothWays(reader, url);
        expect(shared.status).toBe(200);
        expect(shared.text).toBe(alone.text);
      }
    }
    const { shared } = await bothWays(member);
    expect(shared.body.map((comment) => comment.insertUser?.name)).toHaveLength(2);
    expect(shared.body[0]?.url).toMatch(/^http:\/\/localhost(:80)?\/discussion\/comment\/\d+/);
  });

  it("never answers a page made for other roles: the staff's discussion stays with the staff", async () => {
    const staffPage = await admin.client.get<Comment[]>(pageOf(staffDiscussionID));
    expect(staffPage.status).toBe(200);
    expect(staffPage.body).toHaveLength(1);
    const { shared, alone } = await bothWays(member, pageOf(staffDiscussionID));
    expect(shared.status).toBe(alone.status);
    expect([403, 404]).toContain(shared.status);
    expect(shared.text).toBe(alone.text);
  });

  it("has an acknowledged write in the next page", async () => {
    const url = pageOf(discussionID, "&page=2");
    const before = await member.client.get<Comment[]>(url);
    expect(before.body).toHaveLength(1);
    await makeComment(moderator.client, discussionID, "Written just now");
    const after = await member.client.get<Comment[]>(url);
    expect(after.body.map((comment) => comment.insertUserID)).toContain(moderator.user.userID);
    expect(after.headers["x-app-page-result-count"]).toBe("4");
  });

  it("keeps each member's reactions their own", async () => {
    const [first] = (await member.client.get<Comment[]>(pageOf(discussionID))).body;
    await member.client.post(`/api/v2/comments/${first?.commentID}/reactions`, { reactionType: "Like" });
    const url = pageOf(discussionID, "&expand=reactions");
    const mine = await bothWays(member, url);
    const theirs = await bothWays(other, url);
    expect(mine.shared.text).toBe(mine.alone.text);
    expect(theirs.shared.text).toBe(theirs.alone.text);
    const liked = (page: Comment[]) =>
      page[0]?.reactions?.find((reaction) => reaction.urlcode === "Like")?.hasReacted;
    expect(liked(mine.shared.body)).toBe(true);
    expect(liked(theirs.shared.body)).toBe(false);
  });

  it("answers browsers the same page compressed once, with one validator in every encoding", async () => {
    const { alone } = await bothWays(member);
    const etags = new Set<string>();
    for (const accept of ["gzip, deflate, br", "gzip", "identity"]) {
      for (const reader of [member, other, member]) {
        const response = await asBrowser(reader, pageOf(discussionID), { "accept-encoding": accept });
        expect(response.statusCode).toBe(200);
        expect(decoded(response)).toEqual(alone.body);
        expect(response.headers["content-encoding"]).toBe(
          accept === "identity" ? undefined : accept === "gzip" ? "gzip" : "br",
        );
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
        expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
        etags.add(String(response.headers.etag));
      }
    }
    expect(etags.size).toBe(1);
    const [etag] = [...etags];
    expect(etag).toMatch(/^W\//);
    const unchanged = await asBrowser(other, pageOf(discussionID), { "if-none-match": etag ?? "" });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
  });
});
