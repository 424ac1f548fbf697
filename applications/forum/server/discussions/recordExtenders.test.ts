import type { Discussion } from "@forum/api/discussions";
import { parseManifest } from "@library/server/addons/addonManifest";
import { defineAddon } from "@library/server/addons/defineAddon";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { Type } from "@sinclair/typebox";
import { forumApplication } from "../forumApplication";
import { forumClient, makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";

let loads = 0;

/** Adds `mood` to discussions and `mood` to comments (failing on purpose for comments). */
const moodAddon = defineAddon({
  key: "mood",
  register(registrar) {
    registrar.discussionType({ type: "poll", label: "Mood" });
    registrar.presenter("discussion", {
      field: "mood",
      schema: Type.String(),
      load: async (ids) => {
        loads += 1;
        return new Map(ids.map((id) => [id, `mood of ${id}`]));
      },
    });
    registrar.presenter("comment", {
      field: "mood",
      schema: Type.String(),
      load: async () => {
        throw new Error("mood service down");
      },
    });
  },
});

describe.each(testDialects)("fields added by add-ons (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let discussionID: number;
  let categoryID: number;

  beforeAll(async () => {
    testApp = await createTestApp(
      dialect,
      [forumApplication],
      {},
      {
        addons: [
          {
            manifest: parseManifest({ key: "mood", name: "Mood", defaultEnabled: true }),
            load: () => moodAddon,
          },
        ],
      },
    );
    admin = (await forumClient(testApp, { role: "Administrator" })).client;
    const category = await makeCategory(admin, {
      name: "Moods",
      allowedDiscussionTypes: ["discussion", "poll", "question"],
    });
    categoryID = category.categoryID;
    discussionID = (await makeDiscussion(admin, category.categoryID, "First")).discussionID;
    await makeDiscussion(admin, category.categoryID, "Second");
    await makeComment(admin, discussionID);
  });
  afterAll(() => testApp.close());

  it("adds the field to each discussion with one load per response", async () => {
    loads = 0;
    const list = await admin.get<(Discussion & { mood?: string })[]>("/api/v2/discussions");
    expect(list.status).toBe(200);
    expect(list.body.map((discussion) => discussion.mood)).toEqual(
      list.body.map((discussion) => `mood of ${discussion.discussionID}`),
    );
    expect(loads).toBe(1);
    const one = await admin.get<Discussion & { mood?: string }>(`/api/v2/discussions/${discussionID}`);
    expect(one.body.mood).toBe(`mood of ${discussionID}`);
  });

  it("creates discussions of an add-on's type while it runs, and of no unknown type", async () => {
    const post = (type: string) =>
      admin.post("/api/v2/discussions", {
        name: `A ${type}`,
        body: "Hi",
        format: "markdown",
        categoryID,
        type,
      });
    expect((await post("poll")).status).toBe(201);
    expect((await post("question")).status).toBe(422);
    await testApp.context.addons.setEnabled("mood", false, null);
    expect((await post("poll")).status).toBe(422);
    await testApp.context.addons.setEnabled("mood", true, null);
  });

  it("leaves the field out when the add-on fails or is disabled, and the record still serves", async () => {
    const comments = await admin.get<Record<string, unknown>[]>(
      `/api/v2/comments?discussionID=${discussionID}`,
    );
    expect(comments.status).toBe(200);
    expect(comments.body[0]).not.toHaveProperty("mood");
    await testApp.context.addons.setEnabled("mood", false, null);
    const one = await admin.get<Record<string, unknown>>(`/api/v2/discussions/${discussionID}`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty("mood");
  });
});
