import { answerWithin, everyCacheReadRereads } from "@library/server/testing/cacheRereads";
import { sessionClient } from "@library/server/testing/factories";
import { multipartFile } from "@library/server/testing/multipartFile";
import { createTestAppsSharingDatabase, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { Category } from "@forum/api/categories";
import sharp from "sharp";
import { invalidateCategoryTree } from "./categories/categoryTree";
import { forumApplication } from "./forumApplication";
import { makeCategory, makeComment, makeDiscussion, rich2, type SignedIn } from "./testing/forumTesting";

// Caches that refresh themselves are asked inside transactions (library/server/db/readWithoutQueue.ts). On a
// file database, as a server opens SQLite.
describe.each(testDialects)("forum writes while caches refresh on %s", (dialect) => {
  let testApp: TestApp;
  let close: () => Promise<void>;
  let admin: SignedIn;
  let member: SignedIn;
  let garden: Category;
  let kitchen: Category;
  let tag: { tagID: number };

  beforeAll(async () => {
    const shared = await createTestAppsSharingDatabase(dialect, [forumApplication], 1);
    testApp = shared.apps[0] as TestApp;
    close = shared.close;
    admin = await sessionClient(testApp, { role: "Administrator" });
    member = await sessionClient(testApp);
    await testApp.context.settings.write(testApp.context.db, { "tagging.enabled": true }, 0);
    await testApp.context.settings.refresh();
    garden = await makeCategory(admin.client, { name: "Garden" });
    kitchen = await makeCategory(admin.client, { name: "Kitchen" });
    tag = (await admin.client.post<{ tagID: number }>("/api/v2/tags", { name: "Seeds" })).body;
  });
  afterAll(async () => {
    await close();
  });

  it("answers when every read of settings, grants and categories re-reads", async () => {
    const restore = everyCacheReadRereads(testApp.context, () => invalidateCategoryTree(testApp.context.db));
    try {
      // Scheduling a draft reads the scheduling settings inside the draft's transaction.
      const draft = await answerWithin(
        admin.client.post<{ draftID: number }>("/api/v2/drafts", {
          recordType: "discussion",
          parentRecordType: "category",
          parentRecordID: garden.categoryID,
          attributes: {
            body: rich2("Out later"),
            format: "rich2",
            draftMeta: { name: "Later", categoryID: garden.categoryID, postTypeID: "discussion" },
          },
        }),
      );
      const scheduled = await answerWithin(
        admin.client.patch(`/api/v2/drafts/${draft.body.draftID}`, {
          draftStatus: "scheduled",
          dateScheduled: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      );
      expect(scheduled.status).toBe(200);
      const discussion = await answerWithin(makeDiscussion(member.client, garden.categoryID, "Sowing"));
      const commentID = await answerWithin(makeComment(member.client, discussion.discussionID, "Soon"));
      const edited = await answerWithin(
        member.client.patch(`/api/v2/discussions/${discussion.discussionID}`, { name: "Sowing early" }),
      );
      expect(edited.status).toBe(200);
      const moved = await answerWithin(
        admin.client.patch(`/api/v2/discussions/${discussion.discussionID}`, {
          categoryID: kitchen.categoryID,
        }),
      );
      expect(moved.status).toBe(200);
      const commentEdited = await answerWithin(
        member.client.patch(`/api/v2/comments/${commentID}`, { body: rich2("Very soon"), format: "rich2" }),
      );
      expect(commentEdited.status).toBe(200);
      const tagged = await answerWithin(
        member.client.put(`/api/v2/discussions/${discussion.discussionID}/tags`, { tagIDs: [tag.tagID] }),
      );
      expect(tagged.status).toBe(200);
      const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c85028" } })
        .png()
        .toBuffer();
      const { payload, contentType } = multipartFile("pixel.png", image);
      const uploaded = await answerWithin(
        testApp.app.inject({
          method: "POST",
          url: "/api/v2/media",
          payload,
          headers: {
            "content-type": contentType,
            "x-requested-with": "vanilla",
            referer: "http://localhost:80/",
            host: "localhost:80",
            cookie: `${testApp.context.settings.peek<string>("garden.cookie.name")}=${member.client.cookie}`,
          },
        }),
      );
      expect(uploaded.statusCode).toBe(201);
      const deleted = await answerWithin(admin.client.delete(`/api/v2/comments/${commentID}`));
      expect(deleted.status).toBe(204);
      const read = await answerWithin(
        member.client.get<{ name: string; categoryID: number }>(
          `/api/v2/discussions/${discussion.discussionID}`,
        ),
      );
      expect(read.body).toMatchObject({ name: "Sowing early", categoryID: kitchen.categoryID });
    } finally {
      restore();
    }
  });
});
