import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import type { LongRunnerResult } from "@forum/api/longRunner";
import { recountCounters } from "@library/server/cli/recountCounters";
import { roleIDByName } from "@library/server/testing/factories";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import {
  createForumTestApp,
  forumCast,
  forumRowCount,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";

const JWT = { "content-type": "application/system+jwt" };

describe.each(testDialects)("bulk discussion actions on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let moderator: SignedIn;
  let general: Category;
  let archive: Category;
  let guarded: Category;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    ({ admin, member, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
    archive = await makeCategory(admin.client, { name: "Archive" });
    // Moderators may read and post here, but not edit, close or delete.
    const moderatorRole = await roleIDByName(testApp.context, "Moderator");
    const memberRole = await roleIDByName(testApp.context, "Member");
    const posting = { "discussions.view": true, "discussions.add": true, "comments.add": true };
    guarded = await makeCategory(admin.client, {
      name: "Guarded",
      permissions: [
        { roleID: moderatorRole, permissions: posting },
        { roleID: memberRole, permissions: posting },
      ],
    });
  });
  afterAll(() => testApp.close());

  const discussion = (id: number) => admin.client.get<Discussion>(`/api/v2/discussions/${id}`);
  const threads = async (count: number, categoryID = general.categoryID) => {
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1)
      ids.push((await makeDiscussion(admin.client, categoryID, `Thread ${index + 1}`)).discussionID);
    return ids;
  };

  it("moves discussions with their counts, leaves redirects when asked, and the recount finds nothing", async () => {
    const ids = await threads(3);
    await makeComment(admin.client, ids[0] as number, "First reply");
    const before = await admin.client.get<Category>(`/api/v2/categories/${archive.categoryID}`);
    const moved = await moderator.client.patch<LongRunnerResult>("/api/v2/discussions/move", {
      discussionIDs: [...ids, ids[0]],
      categoryID: archive.categoryID,
      addRedirects: true,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.progress.successIDs.sort()).toEqual([...ids].sort());
    expect(moved.body.callbackPayload).toBeNull();
    for (const id of ids) expect((await discussion(id)).body.categoryID).toBe(archive.categoryID);
    const after = await admin.client.get<Category>(`/api/v2/categories/${archive.categoryID}`);
    expect(after.body.countDiscussions).toBe(before.body.countDiscussions + 3);
    expect(after.body.countComments).toBe(before.body.countComments + 1);
    const stubs = await admin.client.get<Discussion[]>(
      `/api/v2/discussions?categoryID=${general.categoryID}`,
    );
    const redirects = stubs.body.filter((item) => item.type === "redirect");
    expect(redirects.map((item) => item.name).sort()).toEqual(["Thread 1", "Thread 2", "Thread 3"]);
    expect(redirects[0]?.body).toContain(`/discussion/`);
    const again = await moderator.client.patch<LongRunnerResult>("/api/v2/discussions/move", {
      discussionIDs: [redirects[0]?.discussionID, ids[1]],
      categoryID: general.categoryID,
    });
    expect(again.status).toBe(400);
    expect(again.body.progress.failedIDs).toEqual([redirects[0]?.discussionID]);
    expect(again.body.progress.exceptionsByID[String(redirects[0]?.discussionID)]?.message).toBe(
      "Redirects cannot be moved.",
    );
    expect(await recountCounters(testApp.context)).toEqual([]);
  });

  it("answers a one-discussion move with success, and its error as a plain error", async () => {
    const [id] = await threads(1);
    const moved = await moderator.client.patch("/api/v2/discussions/move", {
      discussionIDs: [id],
      categoryID: archive.categoryID,
    });
    expect(moved).toMatchObject({ status: 200, body: { status: "success" } });
    const missing = await moderator.client.patch("/api/v2/discussions/move", {
      discussionIDs: [99_999_999],
      categoryID: archive.categoryID,
    });
    expect(missing).toMatchObject({ status: 404, body: { message: "Discussion not found.", status: 404 } });
  });

  it("refuses a member's bulk move and names every id a moderator may not act on, changing nothing", async () => {
    const ids = await threads(2);
    const [guardedID] = await threads(1, guarded.categoryID);
    const refused = await member.client.patch("/api/v2/discussions/move", {
      discussionIDs: ids,
      categoryID: archive.categoryID,
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "Permission Problem", permissions: ["discussions.edit"], recordIDs: ids },
    });
    const partial = await moderator.client.patch("/api/v2/discussions/close", {
      discussionIDs: [...ids, guardedID],
    });
    expect(partial).toMatchObject({
      status: 403,
      body: { permissions: ["discussions.close"], recordIDs: [guardedID] },
    });
    const deleting = await moderator.client.delete("/api/v2/discussions/list", {
      discussionIDs: [guardedID],
    });
    expect(deleting).toMatchObject({ status: 403, body: { recordIDs: [guardedID] } });
    for (const id of [...ids, guardedID as number]) {
      const row = (await discussion(id)).body;
      expect({ id, categoryID: row.categoryID === archive.categoryID, closed: row.closed }).toEqual({
        id,
        categoryID: false,
        closed: false,
      });
    }
  });

  it("closes and deletes in bulk, reporting ids that are gone per id", async () => {
    const ids = await threads(3);
    const closed = await moderator.client.patch<LongRunnerResult>("/api/v2/discussions/close", {
      discussionIDs: ids,
    });
    expect(closed.status).toBe(200);
    for (const id of ids) expect((await discussion(id)).body.closed).toBe(true);
    const live = await forumRowCount(testApp.context, "discussions");
    const deleted = await moderator.client.delete<LongRunnerResult>("/api/v2/discussions/list", {
      discussionIDs: [...ids, 99_999_998],
    });
    expect(deleted.status).toBe(404);
    expect(deleted.body.progress.successIDs.sort()).toEqual([...ids].sort());
    expect(deleted.body.progress.exceptionsByID["99999998"]).toEqual({
      message: "Discussion not found.",
      code: 404,
    });
    expect(await forumRowCount(testApp.context, "discussions")).toBe(live - 3);
    // Gone for readers: 410 (API.md 1.8) or 404.
    expect([404, 410]).toContain((await discussion(ids[0] as number)).status);
    expect(await recountCounters(testApp.context)).toEqual([]);
  });

  it("merges discussions into one, with SPEC 5's rule for fewer than two", async () => {
    const [target, source, other] = (await threads(3)) as [number, number, number];
    await makeComment(admin.client, source, "Reply on the source");
    await makeComment(admin.client, target, "Reply on the target");
    const one = await moderator.client.patch("/api/v2/discussions/merge", {
      discussionIDs: [target],
      destinationDiscussionID: target,
    });
    expect(one).toMatchObject({
      status: 422,
      body: {
        errors: [{ field: "discussionIDs", message: "You must select at least 2 discussions to merge." }],
      },
    });
    const unknown = await moderator.client.patch("/api/v2/discussions/merge", {
      discussionIDs: [target, 99_999_997],
      destinationDiscussionID: target,
    });
    expect(unknown).toMatchObject({ status: 404, body: { recordIDs: [99_999_997] } });
    const merged = await moderator.client.patch<LongRunnerResult>("/api/v2/discussions/merge", {
      discussionIDs: [target, source, other],
      destinationDiscussionID: target,
    });
    expect(merged.status).toBe(200);
    expect(merged.body.progress.successIDs.sort()).toEqual([source, other].sort());
    expect([404, 410]).toContain((await discussion(source)).status);
    const comments = await admin.client.get<{ body: string }[]>(`/api/v2/comments?discussionID=${target}`);
    expect(comments.body).toHaveLength(4);
    expect(comments.body.map((comment) => comment.body).join(" ")).toContain("Body of Thread 2");
    expect((await discussion(target)).body.countComments).toBe(4);
    expect(await recountCounters(testApp.context)).toEqual([]);
  });

  it("continues through POST /calls/run until done, and refuses tampered or foreign payloads", async () => {
    const ids = await threads(4);
    const first = await moderator.client.patch<LongRunnerResult>(
      "/api/v2/discussions/move?longRunnerTimeout=0",
      { discussionIDs: ids, categoryID: archive.categoryID },
    );
    expect(first.status).toBe(408);
    expect(first.body.progress.successIDs).toHaveLength(1);
    const payload = first.body.callbackPayload as string;
    expect(typeof payload).toBe("string");
    const [header, claims, signature] = payload.split(".") as [string, string, string];
    const forged = JSON.parse(Buffer.from(claims, "base64url").toString()) as Record<string, unknown>;
    forged.exp = (forged.exp as number) + 100_000;
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`;
    for (const bad of [tampered, `${payload}x`, "not a token"])
      expect(await moderator.client.request("POST", "/api/v2/calls/run", bad, JWT)).toMatchObject({
        status: 400,
        body: { message: "Invalid or expired callback payload." },
      });
    expect((await member.client.request("POST", "/api/v2/calls/run", payload, JWT)).status).toBe(403);
    let next: string | null = payload;
    const done = [...first.body.progress.successIDs];
    let rounds = 0;
    while (next !== null) {
      const round: { status: number; body: LongRunnerResult } =
        await moderator.client.request<LongRunnerResult>("POST", "/api/v2/calls/run", next, JWT);
      expect([200, 408]).toContain(round.status);
      done.push(...round.body.progress.successIDs);
      next = round.body.callbackPayload;
      rounds += 1;
    }
    expect(rounds).toBe(3);
    expect(done.sort()).toEqual([...ids].sort());
    // A payload runs one round only: the finished job is gone.
    expect((await moderator.client.request("POST", "/api/v2/calls/run", payload, JWT)).status).toBe(400);
    const audit = await testApp.context.db
      .selectFrom("auditLog")
      .select(["recordID"])
      .where("eventType", "=", "discussions.move")
      .where("recordID", "in", ids)
      .execute();
    expect(audit.map((row) => row.recordID).sort()).toEqual([...ids].sort());
  });

  it("re-checks permissions on every continuation", async () => {
    const ids = await threads(2, archive.categoryID);
    const first = await moderator.client.patch<LongRunnerResult>(
      "/api/v2/discussions/close?longRunnerTimeout=0",
      { discussionIDs: ids },
    );
    expect(first.status).toBe(408);
    const [, remaining] = ids as [number, number];
    await admin.client.patch(`/api/v2/discussions/move`, {
      discussionIDs: [remaining],
      categoryID: guarded.categoryID,
    });
    const refused = await moderator.client.request(
      "POST",
      "/api/v2/calls/run",
      first.body.callbackPayload,
      JWT,
    );
    expect(refused).toMatchObject({ status: 403, body: { recordIDs: [remaining] } });
    expect((await discussion(remaining)).body.closed).toBe(false);
  });

  it("answers bad input with 422", async () => {
    for (const body of [
      {},
      { discussionIDs: [] },
      { discussionIDs: ["x"], categoryID: 1 },
      { discussionIDs: Array.from({ length: 51 }, (_, index) => index + 1), categoryID: general.categoryID },
    ])
      expect((await moderator.client.patch("/api/v2/discussions/move", body)).status).toBe(422);
    expect(
      (await moderator.client.patch("/api/v2/discussions/close?longRunnerTimeout=99", { discussionIDs: [1] }))
        .status,
    ).toBe(422);
    expect((await moderator.client.request("POST", "/api/v2/calls/run", {}, {})).status).toBe(422);
  });
});
