import type { Discussion, DiscussionEdit } from "@forum/api/discussions";
import type { Tag, TagFragment } from "@forum/api/tags";
import { roleIDByName } from "@library/server/testing/factories";
import { serverApplications } from "@applications/serverApplications";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { sql } from "kysely";
import { forumClient, makeCategory, makeDiscussion } from "../testing/forumTesting";

type Caller = Awaited<ReturnType<typeof forumClient>>;

describe.each(testDialects)("tags (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let moderator: Caller;
  let member: Caller;
  let other: Caller;
  let guest: TestClient;
  let publicID: number;
  let privateID: number;
  let memberRoleID: number;

  const tagRows = async () =>
    Number(
      (
        await sql<{ count: number }>`select count(*) as "count" from "tagDiscussions"`.execute(
          testApp.context.db,
        )
      ).rows[0]?.count,
    );
  const tagCount = async () =>
    Number(
      (await sql<{ count: number }>`select count(*) as "count" from "tags"`.execute(testApp.context.db))
        .rows[0]?.count,
    );
  const tagsOf = async (client: TestClient, discussionID: number) =>
    (await client.get<Discussion>(`/api/v2/discussions/${discussionID}?expand=tags,tagIDs`)).body;
  const findTag = async (client: TestClient, name: string) =>
    (await client.get<Tag[]>(`/api/v2/tags?query=${encodeURIComponent(name)}`)).body.find(
      (tag) => tag.name === name,
    );

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await forumClient(testApp, { role: "Administrator" })).client;
    moderator = await forumClient(testApp, { role: "Moderator" });
    guest = testApp.guest();
    memberRoleID = await roleIDByName(testApp.context, "Member");
    publicID = (await makeCategory(admin, { name: "Garden" })).categoryID;
    const hidden = [];
    for (const role of ["Member", "Guest"] as const)
      hidden.push({ roleID: await roleIDByName(testApp.context, role), permissions: {} });
    privateID = (await makeCategory(admin, { name: "Staff Room", permissions: hidden })).categoryID;
  });
  afterAll(() => testApp.close());
  // A new author per test: a member's first posts in a burst may be held by the spam score.
  beforeEach(async () => {
    member = await forumClient(testApp);
    other = await forumClient(testApp);
  });

  it("tags a new discussion with existing and new names, shows them on the discussion and in lists", async () => {
    const created = await admin.post<Tag>("/api/v2/tags", { name: "Tomatoes" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Tomatoes",
      urlcode: "tomatoes",
      type: "User",
      countDiscussions: 0,
    });
    expect(created.body.url).toMatch(/\/discussions\/tagged\/tomatoes$/);

    const discussion = await makeDiscussion(member.client, publicID, "Staking tomatoes", {
      tagIDs: [created.body.tagID],
      newTagNames: ["Raised Beds", "  raised   beds "],
    });
    const shown = await tagsOf(guest, discussion.discussionID);
    expect(shown.tags?.map((tag) => tag.name)).toEqual(["Tomatoes", "Raised Beds"]);
    expect(shown.tagIDs).toHaveLength(2);
    const list = await guest.get<Discussion[]>(`/api/v2/discussions?tagID=${created.body.tagID}&expand=tags`);
    expect(list.body.map((item) => item.discussionID)).toEqual([discussion.discussionID]);
    expect(list.body[0]?.tags?.[0]).toMatchObject({ name: "Tomatoes" });
    const edit = await member.client.get<DiscussionEdit>(
      `/api/v2/discussions/${discussion.discussionID}/edit`,
    );
    expect(edit.body.tagIDs).toEqual(shown.tagIDs);
    const tag = await guest.get<Tag>(`/api/v2/tags/${created.body.tagID}`);
    expect(tag.body.countDiscussions).toBe(1);
  });

  it("finds tags by part of their name, names starting with it first", async () => {
    await admin.post("/api/v2/tags", { name: "Beds and borders" });
    const response = await member.client.get<Tag[]>("/api/v2/tags?query=bed");
    expect(response.status).toBe(200);
    expect(response.headers["x-app-page-result-count"]).toBeUndefined();
    expect(response.body.map((tag) => tag.name)).toEqual(["Beds and borders", "Raised Beds"]);
    expect((await member.client.get<Tag[]>("/api/v2/tags?query=zzz")).body).toEqual([]);
  });

  it("never counts or lists a discussion of a category the viewer cannot read", async () => {
    const secret = await makeDiscussion(admin, privateID, "Budget for seeds", { newTagNames: ["Seeds"] });
    await makeDiscussion(member.client, publicID, "Saving seeds", { newTagNames: ["Seeds"] });
    const seeds = await findTag(admin, "Seeds");
    expect(seeds?.countDiscussions).toBe(2);
    for (const client of [guest, member.client]) {
      expect((await client.get<Tag>(`/api/v2/tags/${seeds?.tagID}`)).body.countDiscussions).toBe(1);
      const page = await client.get<Discussion[]>(`/api/v2/discussions?tagID=${seeds?.tagID}`);
      expect(page.body.map((item) => item.name)).toEqual(["Saving seeds"]);
      expect(page.text).not.toContain("Budget");
      const sorted = await client.get<Tag[]>(
        "/api/v2/tags?sort=-countDiscussions&excludeNoCountDiscussion=true",
      );
      expect(sorted.body.find((tag) => tag.name === "Seeds")?.countDiscussions).toBe(1);
    }
    expect(
      (await member.client.put(`/api/v2/discussions/${secret.discussionID}/tags`, { tagIDs: [] })).status,
    ).toBe(403);
    expect((await tagsOf(admin, secret.discussionID)).tags?.map((tag) => tag.name)).toEqual(["Seeds"]);
  });

  it("replaces and adds tags with PUT and POST, by id or slug, within the limit of 5 (409 beyond)", async () => {
    const discussion = await makeDiscussion(member.client, publicID, "Five is plenty");
    const ids: number[] = [];
    for (const name of ["One", "Two", "Three", "Four", "Five", "Six"])
      ids.push((await admin.post<Tag>("/api/v2/tags", { name })).body.tagID);
    const put = await member.client.put<TagFragment[]>(
      `/api/v2/discussions/${discussion.discussionID}/tags`,
      {
        tagIDs: ids.slice(0, 2),
        urlcodes: ["three"],
      },
    );
    expect(put.status).toBe(200);
    expect(put.body.map((tag) => tag.name)).toEqual(["One", "Two", "Three"]);
    const add = await member.client.post<TagFragment[]>(
      `/api/v2/discussions/${discussion.discussionID}/tags`,
      {
        tagIDs: [ids[3]],
      },
    );
    expect(add.status).toBe(200);
    expect(add.body).toHaveLength(4);
    const tooMany = await member.client.post<{ message: string }>(
      `/api/v2/discussions/${discussion.discussionID}/tags`,
      { tagIDs: ids.slice(4) },
    );
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe("You cannot add more than 5 tags to a discussion");
    const patched = await member.client.patch<{ message: string }>(
      `/api/v2/discussions/${discussion.discussionID}`,
      {
        name: "Renamed while over the limit",
        tagIDs: ids,
      },
    );
    expect(patched.status).toBe(409);
    const after = await tagsOf(member.client, discussion.discussionID);
    expect(after.name).toBe("Five is plenty");
    expect(after.tags).toHaveLength(4);
    const cleared = await member.client.patch(`/api/v2/discussions/${discussion.discussionID}`, {
      tagIDs: [],
    });
    expect(cleared.status).toBe(200);
    expect((await tagsOf(member.client, discussion.discussionID)).tags).toEqual([]);
    const tooManyOnCreate = await member.client.post("/api/v2/discussions", {
      name: "Too many tags",
      body: "Body",
      format: "text",
      categoryID: publicID,
      tagIDs: ids,
    });
    expect(tooManyOnCreate.status).toBe(409);
    expect(
      (await member.client.get<Discussion[]>(`/api/v2/discussions?categoryID=${publicID}`)).text,
    ).not.toContain("Too many tags");
  });

  it("refuses bad input with 400/422 and writes nothing", async () => {
    const discussion = await makeDiscussion(member.client, publicID, "Bad input target");
    const rowsBefore = await tagRows();
    const tagsBefore = await tagCount();
    const url = `/api/v2/discussions/${discussion.discussionID}/tags`;
    for (const body of [
      {},
      { tagIDs: ["x"] },
      { tagIDs: [0] },
      { tagIDs: [999999] },
      { urlcodes: ["no-such-tag"] },
    ])
      expect([400, 422]).toContain((await member.client.put(url, body)).status);
    expect([400, 422]).toContain((await member.client.get("/api/v2/tags?limit=101")).status);
    expect([400, 422]).toContain((await member.client.get("/api/v2/tags?sort=sideways")).status);
    expect([400, 422]).toContain((await member.client.get("/api/v2/tags/0")).status);
    expect((await member.client.get("/api/v2/tags/999999")).status).toBe(404);
    expect([400, 422]).toContain((await member.client.post("/api/v2/tags", { name: "" })).status);
    expect((await member.client.post("/api/v2/tags", { name: "!!!" })).status).toBe(422);
    expect((await member.client.post("/api/v2/tags", { name: "tomatoes" })).status).toBe(409);
    const badCreate = await member.client.post("/api/v2/discussions", {
      name: "Bad tag names",
      body: "Body",
      format: "text",
      categoryID: publicID,
      newTagNames: ["Fine", "???"],
    });
    expect(badCreate.status).toBe(422);
    expect(await tagRows()).toBe(rowsBefore);
    expect(await tagCount()).toBe(tagsBefore);
  });

  it("creates new tag names only for holders of tags.add, and refuses other members' discussions", async () => {
    const discussion = await makeDiscussion(member.client, publicID, "Permission check");
    const set = (permissions: Record<string, boolean>) =>
      admin.patch(`/api/v2/roles/${memberRoleID}/permissions`, [{ type: "global", id: null, permissions }]);
    expect((await set({ "tags.add": false })).status).toBeLessThan(300);
    try {
      const tagsBefore = await tagCount();
      const refused = await member.client.patch(`/api/v2/discussions/${discussion.discussionID}`, {
        newTagNames: ["Brand new"],
      });
      expect(refused.status).toBe(403);
      const refusedCreate = await member.client.post("/api/v2/discussions", {
        name: "Nope",
        body: "Body",
        format: "text",
        categoryID: publicID,
        newTagNames: ["Another brand new"],
      });
      expect(refusedCreate.status).toBe(403);
      expect((await member.client.post("/api/v2/tags", { name: "Brand new" })).status).toBe(403);
      expect(await tagCount()).toBe(tagsBefore);
      // An existing tag by name is no new tag: allowed.
      const reuse = await member.client.patch(`/api/v2/discussions/${discussion.discussionID}`, {
        newTagNames: ["TOMATOES"],
      });
      expect(reuse.status).toBe(200);
      expect((await tagsOf(member.client, discussion.discussionID)).tags?.map((tag) => tag.name)).toEqual([
        "Tomatoes",
      ]);
    } finally {
      await set({ "tags.add": true });
    }
    const tomatoes = await findTag(member.client, "Tomatoes");
    const intruder = await other.client.put(`/api/v2/discussions/${discussion.discussionID}/tags`, {
      tagIDs: [tomatoes?.tagID],
    });
    expect(intruder.status).toBe(403);
    expect(
      (await guest.put(`/api/v2/discussions/${discussion.discussionID}/tags`, { tagIDs: [] })).status,
    ).toBe(403);
    expect((await tagsOf(member.client, discussion.discussionID)).tags).toHaveLength(1);
    expect(
      (await moderator.client.put(`/api/v2/discussions/${discussion.discussionID}/tags`, { tagIDs: [] }))
        .status,
    ).toBe(200);
  });

  it("keeps counts right when a discussion is deleted and restored", async () => {
    const tag = (await admin.post<Tag>("/api/v2/tags", { name: "Compost" })).body;
    const doomed = await makeDiscussion(member.client, publicID, "Compost bins", { tagIDs: [tag.tagID] });
    await makeDiscussion(member.client, publicID, "Compost teas", { tagIDs: [tag.tagID] });
    const count = async () => (await guest.get<Tag>(`/api/v2/tags/${tag.tagID}`)).body.countDiscussions;
    expect(await count()).toBe(2);
    expect((await moderator.client.delete(`/api/v2/discussions/${doomed.discussionID}`)).status).toBe(204);
    expect(await count()).toBe(1);
    const page = await guest.get<Discussion[]>(`/api/v2/discussions?tagID=${tag.tagID}`);
    expect(page.body.map((item) => item.name)).toEqual(["Compost teas"]);
    const log = await moderator.client.get<{ logID: number }[]>(
      `/api/v2/log?recordType=discussion&recordID=${doomed.discussionID}`,
    );
    expect((await moderator.client.post(`/api/v2/log/${log.body[0]?.logID}/restore`, {})).status).toBe(204);
    expect(await count()).toBe(2);
    expect((await tagsOf(guest, doomed.discussionID)).tags?.map((item) => item.name)).toEqual(["Compost"]);
  });

  it("renames, merges and deletes tags for community managers only", async () => {
    const a = (await admin.post<Tag>("/api/v2/tags", { name: "Aphids" })).body;
    const b = (await admin.post<Tag>("/api/v2/tags", { name: "Greenfly" })).body;
    const both = await makeDiscussion(member.client, publicID, "Pests", { tagIDs: [a.tagID, b.tagID] });
    const onlyB = await makeDiscussion(member.client, publicID, "More pests", { tagIDs: [b.tagID] });

    for (const client of [member.client, moderator.client, guest]) {
      expect((await client.patch(`/api/v2/tags/${a.tagID}`, { name: "Owned" })).status).toBe(403);
      expect((await client.post(`/api/v2/tags/${a.tagID}/merge`, { sourceTagIDs: [b.tagID] })).status).toBe(
        403,
      );
      expect((await client.delete(`/api/v2/tags/${b.tagID}`)).status).toBe(403);
    }
    const renamed = await admin.patch<Tag>(`/api/v2/tags/${a.tagID}`, { name: "Aphid control" });
    expect(renamed.body).toMatchObject({ name: "Aphid control", urlcode: "aphid-control" });
    expect((await admin.patch(`/api/v2/tags/${a.tagID}`, { name: "Greenfly" })).status).toBe(409);

    expect((await admin.delete<{ message: string }>(`/api/v2/tags/${b.tagID}`)).body.message).toBe(
      "Tag isn't empty.",
    );
    expect((await admin.post(`/api/v2/tags/${a.tagID}/merge`, { sourceTagIDs: [a.tagID] })).status).toBe(422);
    const merged = await admin.post<Tag>(`/api/v2/tags/${a.tagID}/merge`, { sourceTagIDs: [b.tagID] });
    expect(merged.status).toBe(200);
    expect(merged.body.countDiscussions).toBe(2);
    expect((await admin.get(`/api/v2/tags/${b.tagID}`)).status).toBe(404);
    expect((await tagsOf(guest, both.discussionID)).tags?.map((tag) => tag.name)).toEqual(["Aphid control"]);
    expect((await tagsOf(guest, onlyB.discussionID)).tags?.map((tag) => tag.name)).toEqual(["Aphid control"]);

    const empty = (await admin.post<Tag>("/api/v2/tags", { name: "Unused" })).body;
    expect((await admin.delete(`/api/v2/tags/${empty.tagID}`)).status).toBe(204);
    const audit = await admin.get<{ eventType: string }[]>("/api/v2/audit-logs?limit=100");
    const types = audit.body.map((entry) => entry.eventType);
    expect(types).toEqual(expect.arrayContaining(["tags.patch", "tags.merge", "tags.delete"]));
  });

  it("answers 403 'Tagging is not enabled.' while tagging is off, and changes nothing", async () => {
    const discussion = await makeDiscussion(member.client, publicID, "While off");
    expect((await admin.patch("/api/v2/config", { "tagging.enabled": false })).status).toBeLessThan(300);
    try {
      const rowsBefore = await tagRows();
      const refused = await member.client.post<{ message: string }>("/api/v2/discussions", {
        name: "Tagged while off",
        body: "Body",
        format: "text",
        categoryID: publicID,
        newTagNames: ["Off"],
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Tagging is not enabled.");
      expect(
        (await member.client.put(`/api/v2/discussions/${discussion.discussionID}/tags`, { tagIDs: [] }))
          .status,
      ).toBe(403);
      expect((await guest.get("/api/v2/tags")).status).toBe(403);
      expect(await tagRows()).toBe(rowsBefore);
    } finally {
      await admin.patch("/api/v2/config", { "tagging.enabled": true });
    }
  });
});
