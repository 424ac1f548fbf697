import { serverApplications } from "@applications/serverApplications";
import { createTestApp, dialectsAmong, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { Idea, IdeaStatus } from "../../api/ideationApi";
import { ideationCast, makeCategory, makeDiscussion, type SignedIn } from "../testing/ideationTesting";

const asIdea = { type: "idea" };

describe.each(testDialects)("ideation (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let author: SignedIn;
  let voter: SignedIn;
  let moderator: SignedIn;
  let categoryID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const cast = await ideationCast(testApp);
    ({ admin, moderator } = cast);
    author = cast.member;
    voter = cast.other;
    expect((await admin.client.get<{ enabled: boolean }>("/api/v2/addons/ideation")).body.enabled).toBe(
      false,
    );
    expect((await admin.client.patch("/api/v2/addons/ideation", { enabled: true })).status).toBe(200);
    categoryID = await makeCategory(testApp, admin.client, "Ideas Here");
  });
  afterAll(() => testApp.close());

  const voteRows = (discussionID: number) =>
    testApp.context.db
      .selectFrom("ideaVotes")
      .select(["userID", "value"])
      .where("discussionID", "=", discussionID)
      .orderBy("userID")
      .execute();

  it("counts up and down votes into the score; a member changes or takes back their one vote", async () => {
    const discussionID = await makeDiscussion(author.client, categoryID, "Dark theme", asIdea);
    const fresh = await testApp.guest().get<Idea>(`/api/v2/ideas/${discussionID}`);
    expect(fresh.body).toMatchObject({ score: 0, countUp: 0, countDown: 0, myVote: 0, canVote: false });
    expect(fresh.body.status).toMatchObject({ statusID: 0, name: "Pending", state: "open", builtIn: true });
    expect((await testApp.guest().put(`/api/v2/ideas/${discussionID}/vote`, { value: 1 })).status).toBe(403);

    const up = await voter.client.put<Idea>(`/api/v2/ideas/${discussionID}/vote`, { value: 1 });
    expect(up.body).toMatchObject({ score: 1, countUp: 1, myVote: 1, canVote: true });
    await author.client.put(`/api/v2/ideas/${discussionID}/vote`, { value: 1 });
    const down = await voter.client.put<Idea>(`/api/v2/ideas/${discussionID}/vote`, { value: -1 });
    expect(down.body).toMatchObject({ score: 0, countUp: 1, countDown: 1, myVote: -1 });
    expect(await voteRows(discussionID)).toHaveLength(2);
    const back = await voter.client.delete<Idea>(`/api/v2/ideas/${discussionID}/vote`);
    expect(back.body).toMatchObject({ score: 1, countUp: 1, countDown: 0, myVote: 0 });
    const discussion = await voter.client.get<{ score: number }>(`/api/v2/discussions/${discussionID}`);
    expect(discussion.body.score).toBe(1);
  });

  it("refuses a bad vote (422) and votes on what is no idea (404), changing nothing", async () => {
    const discussionID = await makeDiscussion(author.client, categoryID, "Bad votes", asIdea);
    for (const body of [{ value: 2 }, { value: 0 }, {}])
      expect((await voter.client.put(`/api/v2/ideas/${discussionID}/vote`, body)).status).toBe(422);
    const plain = await makeDiscussion(author.client, categoryID, "No idea");
    expect((await voter.client.put(`/api/v2/ideas/${plain}/vote`, { value: 1 })).status).toBe(404);
    expect((await voter.client.get("/api/v2/ideas/99999999")).status).toBe(404);
    expect(await voteRows(discussionID)).toEqual([]);
  });

  it("lists ideas by votes", async () => {
    const low = await makeDiscussion(author.client, categoryID, "Low idea", asIdea);
    const high = await makeDiscussion(author.client, categoryID, "High idea", asIdea);
    await voter.client.put(`/api/v2/ideas/${high}/vote`, { value: 1 });
    await moderator.client.put(`/api/v2/ideas/${high}/vote`, { value: 1 });
    await voter.client.put(`/api/v2/ideas/${low}/vote`, { value: -1 });
    const list = await voter.client.get<{ discussionID: number }[]>(
      `/api/v2/discussions?categoryID=${categoryID}&type=idea&sort=-score`,
    );
    const ids = list.body.map((item) => item.discussionID);
    expect(ids.indexOf(high)).toBeLessThan(ids.indexOf(low));
    expect(ids[ids.length - 1]).toBe(low);
  });

  it("lets managers set the status; voters are notified once per change and closed ideas take no votes", async () => {
    const discussionID = await makeDiscussion(author.client, categoryID, "Status idea", asIdea);
    await voter.client.put(`/api/v2/ideas/${discussionID}/vote`, { value: 1 });
    await author.client.put(`/api/v2/ideas/${discussionID}/vote`, { value: 1 });
    expect((await voter.client.put(`/api/v2/ideas/${discussionID}/status`, { statusID: 1 })).status).toBe(
      403,
    );
    expect(
      (await moderator.client.put(`/api/v2/ideas/${discussionID}/status`, { statusID: 99 })).status,
    ).toBe(422);
    const accepted = await moderator.client.put<Idea>(`/api/v2/ideas/${discussionID}/status`, {
      statusID: 1,
      statusNotes: "Planned for the next release.",
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: { name: "Accepted", state: "closed" }, canVote: false });
    expect(accepted.body.statusNotes).toBe("Planned for the next release.");
    await testApp.context.jobs.drain();
    await testApp.context.jobs.drain();
    const notified = await testApp.context.db
      .selectFrom("notifications")
      .select("userID")
      .where("activityType", "=", "IdeaStatus")
      .where("recordID", "=", discussionID)
      .orderBy("userID")
      .execute();
    expect(notified.map((row) => row.userID)).toEqual(
      [voter.user.userID, author.user.userID].sort((a, b) => a - b),
    );
    const inbox = await voter.client.get<{ body: string }[]>("/api/v2/notifications");
    expect(inbox.body.map((item) => item.body)).toContainEqual(expect.stringContaining("is now"));
    const refused = await voter.client.put(`/api/v2/ideas/${discussionID}/vote`, { value: -1 });
    expect(refused.status).toBe(400);
    expect(await voteRows(discussionID)).toEqual(
      expect.arrayContaining([{ userID: voter.user.userID, value: 1 }]),
    );
    const list = await voter.client.get<{ discussionID: number }[]>(
      `/api/v2/discussions?categoryID=${categoryID}&type=idea&statusID=1`,
    );
    expect(list.body.map((item) => item.discussionID)).toEqual([discussionID]);
  });

  it("lets administrators add, rename and delete custom statuses with colors", async () => {
    expect(
      (await voter.client.post("/api/v2/ideas/statuses", { name: "Planned", color: "#2563eb" })).status,
    ).toBe(403);
    expect(
      (await admin.client.post("/api/v2/ideas/statuses", { name: "Planned", color: "blue" })).status,
    ).toBe(422);
    expect(
      (await admin.client.post("/api/v2/ideas/statuses", { name: "pending", color: "#2563eb" })).status,
    ).toBe(422);
    const created = await admin.client.post<IdeaStatus>("/api/v2/ideas/statuses", {
      name: "Planned",
      color: "#2563eb",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Planned", color: "#2563eb", state: "open", builtIn: false });
    const renamed = await admin.client.patch<IdeaStatus>(`/api/v2/ideas/statuses/${created.body.statusID}`, {
      name: "In progress",
    });
    expect(renamed.body.name).toBe("In progress");
    const statuses = await testApp.guest().get<IdeaStatus[]>("/api/v2/ideas/statuses");
    expect(statuses.body.map((status) => status.name)).toEqual([
      "Pending",
      "Accepted",
      "Rejected",
      "In progress",
    ]);

    const discussionID = await makeDiscussion(author.client, categoryID, "Custom status", asIdea);
    await moderator.client.put(`/api/v2/ideas/${discussionID}/status`, { statusID: created.body.statusID });
    expect((await admin.client.delete(`/api/v2/ideas/statuses/${created.body.statusID}`)).status).toBe(409);
    expect((await admin.client.delete("/api/v2/ideas/statuses/1")).status).toBe(400);
    await moderator.client.put(`/api/v2/ideas/${discussionID}/status`, { statusID: 0 });
    expect((await admin.client.delete(`/api/v2/ideas/statuses/${created.body.statusID}`)).status).toBe(204);
  });

  it("shows the voting widget on the idea's page", async () => {
    const discussionID = await makeDiscussion(author.client, categoryID, "Widget idea", asIdea);
    const page = await testApp.guest().get(`/discussion/${discussionID}`);
    expect(page.text).toContain('"IdeaVoting"');
  });

  it("when disabled: routes 404 and the type is gone, votes kept; re-enabled, they are back", async () => {
    const discussionID = await makeDiscussion(author.client, categoryID, "Kept idea", asIdea);
    await voter.client.put(`/api/v2/ideas/${discussionID}/vote`, { value: 1 });
    expect((await admin.client.patch("/api/v2/addons/ideation", { enabled: false })).status).toBe(200);
    try {
      expect((await voter.client.get(`/api/v2/ideas/${discussionID}`)).status).toBe(404);
      expect((await voter.client.put(`/api/v2/ideas/${discussionID}/vote`, { value: -1 })).status).toBe(404);
      const page = await testApp.guest().get(`/discussion/${discussionID}`);
      expect(page.text).not.toContain('"IdeaVoting"');
      expect(await voteRows(discussionID)).toEqual([{ userID: voter.user.userID, value: 1 }]);
    } finally {
      await admin.client.patch("/api/v2/addons/ideation", { enabled: true });
    }
    expect((await voter.client.get<Idea>(`/api/v2/ideas/${discussionID}`)).body).toMatchObject({
      myVote: 1,
      score: 1,
    });
  });
});

for (const dialect of dialectsAmong(["postgres"]))
  describe(`idea votes racing (${dialect})`, () => {
    let testApp: TestApp;
    let author: SignedIn;
    let voter: SignedIn;
    let categoryID: number;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications);
      const cast = await ideationCast(testApp);
      ({ member: author, other: voter } = cast);
      await cast.admin.client.patch("/api/v2/addons/ideation", { enabled: true });
      categoryID = await makeCategory(testApp, cast.admin.client, "Racing Ideas");
    });
    afterAll(() => testApp.close());

    it("keeps one vote row and a matching score when a member votes several times at once", async () => {
      const discussionID = await makeDiscussion(author.client, categoryID, "Race", asIdea);
      const answers = await Promise.all(
        [1, -1, 1, 1, -1, 1].map((value) =>
          voter.client.put(`/api/v2/ideas/${discussionID}/vote`, { value }),
        ),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const rows = await testApp.context.db
        .selectFrom("ideaVotes")
        .select("value")
        .where("discussionID", "=", discussionID)
        .execute();
      expect(rows).toHaveLength(1);
      const idea = await voter.client.get<Idea>(`/api/v2/ideas/${discussionID}`);
      expect(idea.body.score).toBe(rows[0]!.value);
    });
  });
