import type { PostType } from "@forum/api/postTypes";
import { serverApplications } from "@applications/serverApplications";
import { makeCategory, makeDiscussion, pollsCast, type SignedIn } from "../testing/pollsTesting";
import { createTestApp, dialectsAmong, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { Poll } from "../../api/pollsApi";

const pollMeta = (extra: Record<string, unknown> = {}) => ({
  postTypeID: "poll",
  postMeta: { question: "Which day?", options: "Tuesday\nWednesday\nThursday", ...extra },
});

async function ballots(testApp: TestApp, discussionID: number) {
  const { db } = testApp.context;
  const [ballotRows, choiceRows] = await Promise.all([
    db.selectFrom("pollBallots").select("userID").where("discussionID", "=", discussionID).execute(),
    db
      .selectFrom("pollChoices")
      .select(["userID", "optionID"])
      .where("discussionID", "=", discussionID)
      .orderBy("userID")
      .orderBy("optionID")
      .execute(),
  ]);
  return { ballots: ballotRows.length, choices: choiceRows };
}

const counts = (poll: Poll) => poll.options.map((option) => option.countVotes);

describe.each(testDialects)("polls (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let categoryID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    ({ admin, member, other, moderator } = await pollsCast(testApp));
    expect((await admin.client.get<{ enabled: boolean }>("/api/v2/addons/polls")).body.enabled).toBe(false);
    expect((await admin.client.patch("/api/v2/addons/polls", { enabled: true })).status).toBe(200);
    categoryID = await makeCategory(testApp, admin.client, "Polls Here");
  });
  afterAll(() => testApp.close());

  const makePoll = async (extra: Record<string, unknown> = {}, client = member.client) =>
    makeDiscussion(client, categoryID, "A poll", pollMeta(extra));

  it("once enabled, offers the poll post type with its fields", async () => {
    const types = await member.client.get<PostType[]>(`/api/v2/post-types?categoryID=${categoryID}`);
    expect(types.body.find((type) => type.postTypeID === "poll")).toMatchObject({
      baseType: "discussion",
      label: "Poll",
      fields: [
        { fieldID: "question", required: true },
        { fieldID: "options", required: true },
        { fieldID: "multipleChoice" },
        { fieldID: "dateCloses" },
      ],
    });
  });

  it("refuses a poll with too few, too many, too long or repeated options, or a bad date (422)", async () => {
    const post = (postMeta: Record<string, unknown>) =>
      member.client.post("/api/v2/discussions", {
        name: "Bad poll",
        body: "Body",
        format: "markdown",
        categoryID,
        postTypeID: "poll",
        postMeta: { question: "Q?", ...postMeta },
      });
    const before = await testApp.context.db.selectFrom("discussions").select("discussionID").execute();
    for (const [postMeta, field] of [
      [{ options: "Only one" }, "postMeta.options"],
      [{ options: Array.from({ length: 11 }, (_, i) => `Option ${i}`).join("\n") }, "postMeta.options"],
      [{ options: `A\n${"x".repeat(101)}` }, "postMeta.options"],
      [{ options: "Same\nsame" }, "postMeta.options"],
      [{ options: "A\nB", dateCloses: "next week" }, "postMeta.dateCloses"],
      [{ question: "", options: "A\nB" }, "postMeta.question"],
    ] as const) {
      const response = await post(postMeta);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ errors: [expect.objectContaining({ field })] });
    }
    expect(await testApp.context.db.selectFrom("discussions").select("discussionID").execute()).toHaveLength(
      before.length,
    );
  });

  it("shows the poll to guests, who may not vote (403); members vote once and change their vote", async () => {
    const discussionID = await makePoll();
    const seen = await testApp.guest().get<Poll>(`/api/v2/polls/${discussionID}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      question: "Which day?",
      multipleChoice: false,
      closed: false,
      canVote: false,
      canClose: false,
      countVoters: 0,
      myVote: [],
      options: [
        { optionID: 0, label: "Tuesday", countVotes: 0 },
        { optionID: 1, label: "Wednesday", countVotes: 0 },
        { optionID: 2, label: "Thursday", countVotes: 0 },
      ],
    });
    expect((await testApp.guest().put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [0] })).status).toBe(
      403,
    );

    const voted = await other.client.put<Poll>(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [1] });
    expect(voted.status).toBe(200);
    expect(voted.body).toMatchObject({ myVote: [1], countVoters: 1, canVote: true, canClose: false });
    expect(counts(voted.body)).toEqual([0, 1, 0]);

    const changed = await other.client.put<Poll>(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [2] });
    expect(changed.body.myVote).toEqual([2]);
    expect(counts(changed.body)).toEqual([0, 0, 1]);
    expect(await ballots(testApp, discussionID)).toEqual({
      ballots: 1,
      choices: [{ userID: other.user.userID, optionID: 2 }],
    });

    const own = await member.client.get<Poll>(`/api/v2/polls/${discussionID}`);
    expect(own.body).toMatchObject({ myVote: [], canVote: true, canClose: true, countVoters: 1 });

    const retracted = await other.client.delete<Poll>(`/api/v2/polls/${discussionID}/vote`);
    expect(retracted.body).toMatchObject({ myVote: [], countVoters: 0 });
    expect(await ballots(testApp, discussionID)).toEqual({ ballots: 0, choices: [] });
  });

  it("refuses options of another poll and several options in a single-choice poll; nothing changes", async () => {
    const discussionID = await makePoll();
    await other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [0] });
    for (const [optionIDs, message] of [
      [[3], "Choose options of this poll."],
      [[0, 1], "Choose one option."],
    ] as const) {
      const refused = await other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ errors: [{ field: "optionIDs", message }] });
    }
    expect((await other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [] })).status).toBe(
      422,
    );
    expect((await other.client.put(`/api/v2/polls/${discussionID}/vote`, {})).status).toBe(422);
    expect(await ballots(testApp, discussionID)).toEqual({
      ballots: 1,
      choices: [{ userID: other.user.userID, optionID: 0 }],
    });
  });

  it("takes several options in a multiple-choice poll", async () => {
    const discussionID = await makePoll({ multipleChoice: true });
    const voted = await other.client.put<Poll>(`/api/v2/polls/${discussionID}/vote`, {
      optionIDs: [2, 0, 2],
    });
    expect(voted.status).toBe(200);
    expect(voted.body).toMatchObject({ multipleChoice: true, myVote: [0, 2], countVoters: 1 });
    expect(counts(voted.body)).toEqual([1, 0, 1]);
  });

  it("is closed by its author or a moderator only; a closed poll takes no vote (400)", async () => {
    const discussionID = await makePoll();
    await other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [1] });
    expect((await other.client.patch(`/api/v2/polls/${discussionID}`, { closed: true })).status).toBe(403);
    expect((await testApp.guest().patch(`/api/v2/polls/${discussionID}`, { closed: true })).status).toBe(403);
    expect((await member.client.patch(`/api/v2/polls/${discussionID}`, { closed: "yes" })).status).toBe(422);

    const closed = await member.client.patch<Poll>(`/api/v2/polls/${discussionID}`, { closed: true });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ closed: true, canVote: false });
    const refused = await other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [0] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: "This poll is closed." });
    expect((await other.client.delete(`/api/v2/polls/${discussionID}/vote`)).status).toBe(400);
    expect(await ballots(testApp, discussionID)).toEqual({
      ballots: 1,
      choices: [{ userID: other.user.userID, optionID: 1 }],
    });

    const reopened = await moderator.client.patch<Poll>(`/api/v2/polls/${discussionID}`, { closed: false });
    expect(reopened.body).toMatchObject({ closed: false, canClose: true });
    expect((await other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [0] })).status).toBe(
      200,
    );
  });

  it("closes by itself at its closing date and cannot be reopened after it", async () => {
    const discussionID = await makePoll({ dateCloses: "2020-01-01T00:00:00Z" });
    const poll = await other.client.get<Poll>(`/api/v2/polls/${discussionID}`);
    expect(poll.body).toMatchObject({ closed: true, canVote: false, dateCloses: "2020-01-01T00:00:00.000Z" });
    expect((await other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [0] })).status).toBe(
      400,
    );
    const reopen = await member.client.patch(`/api/v2/polls/${discussionID}`, { closed: false });
    expect(reopen.status).toBe(422);
    expect(reopen.body).toMatchObject({ errors: [{ field: "closed" }] });
  });

  it("answers 404 for a discussion that is no poll and 403 for a poll in a category the viewer cannot see", async () => {
    const plain = await makeDiscussion(member.client, categoryID, "No poll");
    expect((await member.client.get(`/api/v2/polls/${plain}`)).status).toBe(404);
    expect((await member.client.put(`/api/v2/polls/${plain}/vote`, { optionIDs: [0] })).status).toBe(404);
    expect((await member.client.get("/api/v2/polls/999999")).status).toBe(404);
    const hidden = await makeCategory(testApp, admin.client, "Hidden Polls", ["Member", "Guest"]);
    const secret = await makeDiscussion(admin.client, hidden, "Secret poll", pollMeta());
    expect((await member.client.get(`/api/v2/polls/${secret}`)).status).toBe(403);
    expect((await member.client.put(`/api/v2/polls/${secret}/vote`, { optionIDs: [0] })).status).toBe(403);
    expect(await ballots(testApp, secret)).toEqual({ ballots: 0, choices: [] });
  });

  it("hides the counts until the member voted when results show after voting", async () => {
    expect(
      (await admin.client.patch("/api/v2/config", { "polls.resultsVisibility": "afterVote" })).status,
    ).toBe(204);
    try {
      const discussionID = await makePoll();
      await moderator.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [0] });
      const before = await other.client.get<Poll>(`/api/v2/polls/${discussionID}`);
      expect(before.body.resultsVisible).toBe(false);
      expect(before.body.countVoters).toBeUndefined();
      expect(before.body.options.every((option) => option.countVotes === undefined)).toBe(true);
      const after = await other.client.put<Poll>(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [0] });
      expect(after.body).toMatchObject({ resultsVisible: true, countVoters: 2 });
      expect(counts(after.body)).toEqual([2, 0, 0]);
    } finally {
      await admin.client.patch("/api/v2/config", { "polls.resultsVisibility": "always" });
    }
  });

  it("shows the poll widget on the discussion page", async () => {
    const discussionID = await makePoll();
    const page = await testApp.guest().get(`/discussion/${discussionID}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('"PollWidget"');
    expect(page.text).toContain("Which day?");
  });

  it("sends the new results on its live stream when someone votes", async () => {
    const discussionID = await makePoll();
    const base = await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const response = await fetch(`${base}/api/v2/polls/${discussionID}/stream`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const nextPoll = async (): Promise<Poll> => {
      for (;;) {
        const match = /event: poll\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as Poll;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("The stream ended.");
        buffer += decoder.decode(value, { stream: true });
      }
    };
    expect((await nextPoll()).countVoters).toBe(0);
    await other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [1] });
    const live = await nextPoll();
    expect(live.countVoters).toBe(1);
    expect(counts(live)).toEqual([0, 1, 0]);
    await reader.cancel();
  });

  it("when disabled: its routes answer 404 and the type is gone; re-enabled, the ballots are back", async () => {
    const discussionID = await makePoll();
    await other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [2] });
    expect((await admin.client.patch("/api/v2/addons/polls", { enabled: false })).status).toBe(200);
    try {
      expect((await other.client.get(`/api/v2/polls/${discussionID}`)).status).toBe(404);
      expect((await other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [0] })).status).toBe(
        404,
      );
      const types = await member.client.get<PostType[]>("/api/v2/post-types");
      expect(types.body.map((type) => type.postTypeID)).not.toContain("poll");
      const page = await testApp.guest().get(`/discussion/${discussionID}`);
      expect(page.text).not.toContain('"PollWidget"');
      expect(await ballots(testApp, discussionID)).toEqual({
        ballots: 1,
        choices: [{ userID: other.user.userID, optionID: 2 }],
      });
    } finally {
      await admin.client.patch("/api/v2/addons/polls", { enabled: true });
    }
    const back = await other.client.get<Poll>(`/api/v2/polls/${discussionID}`);
    expect(back.body).toMatchObject({ myVote: [2], countVoters: 1 });
  });
});

for (const dialect of dialectsAmong(["postgres"]))
  describe(`poll votes racing (${dialect})`, () => {
    let testApp: TestApp;
    let member: SignedIn;
    let other: SignedIn;
    let categoryID: number;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications);
      const cast = await pollsCast(testApp);
      await cast.admin.client.patch("/api/v2/addons/polls", { enabled: true });
      ({ member, other } = cast);
      categoryID = await makeCategory(testApp, cast.admin.client, "Racing Polls");
    });
    afterAll(() => testApp.close());

    it("keeps one ballot with one option when a member votes twice at once", async () => {
      const discussionID = await makeDiscussion(member.client, categoryID, "Race", pollMeta());
      const answers = await Promise.all(
        [0, 1, 2, 0, 1, 2].map((optionID) =>
          other.client.put(`/api/v2/polls/${discussionID}/vote`, { optionIDs: [optionID] }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const stored = await ballots(testApp, discussionID);
      expect(stored.ballots).toBe(1);
      expect(stored.choices).toHaveLength(1);
    });

    it("refuses a second ballot row of the same member at the database", async () => {
      const discussionID = await makeDiscussion(member.client, categoryID, "Twice", pollMeta());
      const row = { discussionID, userID: other.user.userID, dateUpdated: new Date().toISOString() };
      await testApp.context.db.insertInto("pollBallots").values(row).execute();
      await expect(testApp.context.db.insertInto("pollBallots").values(row).execute()).rejects.toMatchObject({
        message: expect.stringMatching(/duplicate key/),
      });
    });
  });
