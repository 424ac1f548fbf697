import type { PostType } from "@forum/api/postTypes";
import { serverApplications } from "@applications/serverApplications";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { Question } from "../../api/qnaApi";
import { makeCategory, makeComment, makeDiscussion, qnaCast, type SignedIn } from "../testing/qnaTesting";

const asQuestion = { type: "question" };

describe.each(testDialects)("Q&A (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let asker: SignedIn;
  let answerer: SignedIn;
  let moderator: SignedIn;
  let categoryID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const cast = await qnaCast(testApp);
    ({ admin, moderator } = cast);
    asker = cast.member;
    answerer = cast.other;
    expect((await admin.client.get<{ enabled: boolean }>("/api/v2/addons/qna")).body.enabled).toBe(false);
    expect((await admin.client.patch("/api/v2/addons/qna", { enabled: true })).status).toBe(200);
    categoryID = await makeCategory(testApp, admin.client, "Questions Here");
  });
  afterAll(() => testApp.close());

  const notificationsOf = (userID: number, activityType: string) =>
    testApp.context.db
      .selectFrom("notifications")
      .select("recordID")
      .where("userID", "=", userID)
      .where("activityType", "=", activityType)
      .execute();
  const listed = async (statusID: number) =>
    (
      await asker.client.get<{ discussionID: number }[]>(
        `/api/v2/discussions?categoryID=${categoryID}&type=question&statusID=${statusID}`,
      )
    ).body.map((discussion) => discussion.discussionID);

  it("offers the question type once enabled", async () => {
    const types = await asker.client.get<PostType[]>(`/api/v2/post-types?categoryID=${categoryID}`);
    expect(types.body.map((type) => type.postTypeID)).toEqual(["discussion", "question"]);
  });

  it("moves a question from unanswered to answered to accepted, and lists filter by status", async () => {
    const discussionID = await makeDiscussion(asker.client, categoryID, "How do I export?", asQuestion);
    const fresh = await testApp.guest().get<Question>(`/api/v2/qna/questions/${discussionID}`);
    expect(fresh.body).toEqual({ discussionID, status: "unanswered", acceptedAnswers: [] });

    // The asker's own comment is no answer.
    await makeComment(asker.client, discussionID, "More detail: I use the web app.");
    await testApp.context.jobs.drain();
    expect((await asker.client.get<Question>(`/api/v2/qna/questions/${discussionID}`)).body.status).toBe(
      "unanswered",
    );
    expect(await listed(0)).toContain(discussionID);

    const answerID = await makeComment(answerer.client, discussionID, "Use Settings, then Export.");
    const secondID = await makeComment(moderator.client, discussionID, "Or the command line.");
    await testApp.context.jobs.drain();
    const answered = await asker.client.get<{ qnaStatus?: string }>(`/api/v2/discussions/${discussionID}`);
    expect(answered.body.qnaStatus).toBe("answered");
    expect(await listed(1)).toContain(discussionID);
    expect(await listed(0)).not.toContain(discussionID);
    // The asker heard of the first answer only.
    expect(await notificationsOf(asker.user.userID, "QuestionAnswered")).toEqual([{ recordID: answerID }]);

    const accepted = await asker.client.put<Question>(`/api/v2/qna/answers/${answerID}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: "accepted",
      acceptedAnswers: [
        {
          commentID: answerID,
          insertUserID: answerer.user.userID,
          authorName: answerer.user.name,
          excerpt: "Use Settings, then Export.",
          acceptedByUserID: asker.user.userID,
        },
      ],
    });
    expect(await listed(2)).toContain(discussionID);
    const comments = await asker.client.get<{ commentID: number; qnaAccepted?: boolean }[]>(
      `/api/v2/comments?discussionID=${discussionID}`,
    );
    expect(
      comments.body.filter((comment) => comment.qnaAccepted).map((comment) => comment.commentID),
    ).toEqual([answerID]);

    // A moderator accepts a second answer; accepting, un-accepting and accepting again notifies once.
    expect((await moderator.client.put(`/api/v2/qna/answers/${secondID}/accept`)).status).toBe(200);
    expect((await asker.client.delete(`/api/v2/qna/answers/${answerID}/accept`)).status).toBe(200);
    const again = await asker.client.put<Question>(`/api/v2/qna/answers/${answerID}/accept`);
    expect(again.body.acceptedAnswers.map((answer) => answer.commentID)).toEqual([secondID, answerID]);
    await testApp.context.jobs.drain();
    await testApp.context.jobs.drain();
    expect(await notificationsOf(answerer.user.userID, "AnswerAccepted")).toEqual([{ recordID: answerID }]);

    // Un-accepting every answer leaves it answered.
    await asker.client.delete(`/api/v2/qna/answers/${answerID}/accept`);
    const left = await asker.client.delete<Question>(`/api/v2/qna/answers/${secondID}/accept`);
    expect(left.body).toEqual({ discussionID, status: "answered", acceptedAnswers: [] });
    expect(await listed(1)).toContain(discussionID);
  });

  it("lets only the asker or a moderator accept (guests and other members 403; nothing changes)", async () => {
    const discussionID = await makeDiscussion(asker.client, categoryID, "Who may accept?", asQuestion);
    const answerID = await makeComment(answerer.client, discussionID, "An answer.");
    expect((await answerer.client.put(`/api/v2/qna/answers/${answerID}/accept`)).status).toBe(403);
    expect((await testApp.guest().put(`/api/v2/qna/answers/${answerID}/accept`)).status).toBe(403);
    expect((await answerer.client.delete(`/api/v2/qna/answers/${answerID}/accept`)).status).toBe(403);
    expect(
      await testApp.context.db
        .selectFrom("qnaAcceptedAnswers")
        .select("commentID")
        .where("discussionID", "=", discussionID)
        .execute(),
    ).toEqual([]);
  });

  it("answers 404 for answers of other discussions and unknown ones, 422 for a bad id", async () => {
    const plain = await makeDiscussion(asker.client, categoryID, "Not a question");
    const commentID = await makeComment(answerer.client, plain, "A reply.");
    expect((await asker.client.put(`/api/v2/qna/answers/${commentID}/accept`)).status).toBe(404);
    expect((await asker.client.get(`/api/v2/qna/questions/${plain}`)).status).toBe(404);
    expect((await asker.client.put("/api/v2/qna/answers/99999999/accept")).status).toBe(404);
    expect((await asker.client.put("/api/v2/qna/answers/abc/accept")).status).toBe(422);
    expect(
      await testApp.context.db
        .selectFrom("qnaAcceptedAnswers")
        .select("commentID")
        .where("commentID", "=", commentID)
        .execute(),
    ).toEqual([]);
  });

  it("shows the accepted answers under the question and Accept beside answers on the page", async () => {
    const discussionID = await makeDiscussion(asker.client, categoryID, "Shown on the page", asQuestion);
    const answerID = await makeComment(answerer.client, discussionID, "The page answer.");
    await asker.client.put(`/api/v2/qna/answers/${answerID}/accept`);
    const page = await testApp.guest().get(`/discussion/${discussionID}`);
    expect(page.text).toContain('"QnaAcceptedAnswers"');
    expect(page.text).toContain('"QnaAcceptAnswer"');
    expect(page.text).toContain("The page answer.");
  });

  it("when disabled: routes 404, fields and type gone, accepted answers kept; re-enabled, all back", async () => {
    const discussionID = await makeDiscussion(asker.client, categoryID, "Kept while off", asQuestion);
    const answerID = await makeComment(answerer.client, discussionID, "Kept answer.");
    await asker.client.put(`/api/v2/qna/answers/${answerID}/accept`);
    expect((await admin.client.patch("/api/v2/addons/qna", { enabled: false })).status).toBe(200);
    try {
      expect((await asker.client.get(`/api/v2/qna/questions/${discussionID}`)).status).toBe(404);
      expect((await asker.client.put(`/api/v2/qna/answers/${answerID}/accept`)).status).toBe(404);
      const discussion = await asker.client.get<{ qnaStatus?: string }>(
        `/api/v2/discussions/${discussionID}`,
      );
      expect(discussion.body.qnaStatus).toBeUndefined();
      const types = await asker.client.get<PostType[]>(`/api/v2/post-types?categoryID=${categoryID}`);
      expect(types.body.map((type) => type.postTypeID)).toEqual(["discussion"]);
      const page = await testApp.guest().get(`/discussion/${discussionID}`);
      expect(page.text).not.toContain('"QnaAcceptedAnswers"');
    } finally {
      await admin.client.patch("/api/v2/addons/qna", { enabled: true });
    }
    const back = await asker.client.get<Question>(`/api/v2/qna/questions/${discussionID}`);
    expect(back.body.acceptedAnswers.map((answer) => answer.commentID)).toEqual([answerID]);
  });
});
