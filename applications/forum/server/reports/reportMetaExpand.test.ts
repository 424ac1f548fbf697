import { serverApplications } from "@applications/serverApplications";
import type { Category } from "@forum/api/categories";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { ReportMeta } from "@forum/api/reports";
import { roleIDByName } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { forumCast, makeCategory, makeComment, makeDiscussion, type SignedIn } from "../testing/forumTesting";

type Reported<T> = T & { reportMeta?: ReportMeta };

/** API.md 2.10, 7.1, 8.1: `expand=reportMeta` on the discussion and comment endpoints, for their moderators. */
describe.each(testDialects)("expand=reportMeta on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let general: Category;
  let discussionID: number;
  let commentID: number;
  let memberModerated: Discussion;

  const report = (client: SignedIn, recordType: "discussion" | "comment", recordID: number, reason: string) =>
    client.client.post("/api/v2/reports", { recordType, recordID, reason });

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    ({ admin, member, other, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
    discussionID = (await makeDiscussion(other.client, general.categoryID, "Reported thread")).discussionID;
    commentID = await makeComment(other.client, discussionID, "Reported comment");
    expect((await report(member, "discussion", discussionID, "spam")).status).toBe(201);
    expect((await report(admin, "discussion", discussionID, "abuse")).status).toBe(201);
    expect((await report(member, "comment", commentID, "offTopic")).status).toBe(201);
    // Members moderate posts in this category only (posts.moderate there).
    const memberRoleID = await roleIDByName(testApp.context, "Member");
    const modded = await makeCategory(admin.client, {
      name: "Members moderate",
      permissions: [
        {
          roleID: memberRoleID,
          permissions: {
            "discussions.view": true,
            "discussions.add": true,
            "comments.add": true,
            "posts.moderate": true,
          },
        },
      ],
    });
    memberModerated = await makeDiscussion(other.client, modded.categoryID, "Moderated by members");
    expect((await report(admin, "discussion", memberModerated.discussionID, "other")).status).toBe(201);
  });
  afterAll(() => testApp.close());

  it("is accepted on every list and single-record endpoint of discussions and comments", async () => {
    for (const url of [
      `/api/v2/discussions?expand=reportMeta`,
      `/api/v2/discussions/${discussionID}?expand=reportMeta`,
      `/api/v2/comments?discussionID=${discussionID}&expand=reportMeta`,
      `/api/v2/comments/${commentID}?expand=reportMeta`,
      `/api/v2/comments/${commentID}?expand[]=reportMeta&expand[]=insertUser`,
    ]) {
      for (const client of [moderator, member]) {
        const response = await client.client.get(url);
        expect({ url, status: response.status }).toEqual({ url, status: 200 });
      }
    }
  });

  it("gives moderators the open reports of each discussion and comment", async () => {
    const single = await moderator.client.get<Reported<Discussion>>(
      `/api/v2/discussions/${discussionID}?expand=reportMeta`,
    );
    expect(single.body.reportMeta).toMatchObject({
      countReports: 2,
      countReportUsers: 2,
      reportReasonIDs: expect.arrayContaining(["spam", "abuse"]),
      reportUserIDs: expect.arrayContaining([member.user.userID, admin.user.userID]),
    });
    expect(single.body.reportMeta?.reportUsers.map((user) => user.userID).sort()).toEqual(
      [member.user.userID, admin.user.userID].sort(),
    );
    expect(single.body.reportMeta?.dateLastReport).toEqual(expect.any(String));

    const list = await moderator.client.get<Reported<Discussion>[]>(`/api/v2/discussions?expand=reportMeta`);
    const listed = list.body.find((discussion) => discussion.discussionID === discussionID);
    expect(listed?.reportMeta?.countReports).toBe(2);
    // A post nobody reported carries an empty summary.
    const unreported = await makeDiscussion(other.client, general.categoryID, "Quiet thread");
    const quiet = await moderator.client.get<Reported<Discussion>>(
      `/api/v2/discussions/${unreported.discussionID}?expand=reportMeta`,
    );
    expect(quiet.body.reportMeta).toEqual({
      countReports: 0,
      countReportUsers: 0,
      reportReasonIDs: [],
      reportUserIDs: [],
      reportUsers: [],
    });

    const comment = await moderator.client.get<Reported<Comment>>(
      `/api/v2/comments/${commentID}?expand=reportMeta`,
    );
    expect(comment.body.reportMeta).toMatchObject({ countReports: 1, reportReasonIDs: ["offTopic"] });
    const comments = await moderator.client.get<Reported<Comment>[]>(
      `/api/v2/comments?discussionID=${discussionID}&expand=reportMeta`,
    );
    expect(comments.body.find((row) => row.commentID === commentID)?.reportMeta?.countReports).toBe(1);
  });

  it("comes with expand=all and never without being asked for", async () => {
    const all = await moderator.client.get<Reported<Discussion>>(
      `/api/v2/discussions/${discussionID}?expand=all`,
    );
    expect(all.body.reportMeta?.countReports).toBe(2);
    const allComments = await moderator.client.get<Reported<Comment>>(
      `/api/v2/comments/${commentID}?expand=all`,
    );
    expect(allComments.body.reportMeta?.countReports).toBe(1);
    const plain = await moderator.client.get<Reported<Discussion>>(`/api/v2/discussions/${discussionID}`);
    expect(plain.body).not.toHaveProperty("reportMeta");
    const plainComment = await moderator.client.get<Reported<Comment>>(`/api/v2/comments/${commentID}`);
    expect(plainComment.body).not.toHaveProperty("reportMeta");
  });

  it("is left out for members and guests, and for posts outside a category moderator's categories", async () => {
    const asMember = await other.client.get<Reported<Discussion>>(
      `/api/v2/discussions/${discussionID}?expand=reportMeta`,
    );
    expect(asMember.status).toBe(200);
    expect(asMember.body).not.toHaveProperty("reportMeta");
    const memberComments = await other.client.get<Reported<Comment>[]>(
      `/api/v2/comments?discussionID=${discussionID}&expand=all`,
    );
    expect(memberComments.body.every((comment) => !("reportMeta" in comment))).toBe(true);
    const asGuest = await testApp
      .guest()
      .get<Reported<Discussion>[]>(`/api/v2/discussions?expand=reportMeta&limit=100`);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.every((discussion) => !("reportMeta" in discussion))).toBe(true);

    // Members hold posts.moderate in one category: report metadata there, none in General.
    const list = await member.client.get<Reported<Discussion>[]>(
      `/api/v2/discussions?expand=reportMeta&limit=100`,
    );
    const byID = new Map(list.body.map((discussion) => [discussion.discussionID, discussion]));
    expect(byID.get(memberModerated.discussionID)?.reportMeta?.countReports).toBe(1);
    expect(byID.get(discussionID)).toBeDefined();
    expect(byID.get(discussionID)).not.toHaveProperty("reportMeta");
  });

  it("refuses an unknown expand name with 422", async () => {
    const response = await moderator.client.get(`/api/v2/discussions/${discussionID}?expand=reportMetas`);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ message: "Validation Failed", status: 422 });
  });
});
