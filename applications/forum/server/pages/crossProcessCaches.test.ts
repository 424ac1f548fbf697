import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import { createSession } from "@library/server/auth/sessions";
import {
  createTestAppsSharingDatabase,
  sitePath,
  testDialects,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion, rich2 } from "../testing/forumTesting";

/** Caches on for far longer than the test: only the cache layer can make a write visible. */
const CACHES_ON = { guestCacheSeconds: 600, sharedPageSeconds: 600 };

describe.each(testDialects)("caches of two server processes on one %s database", (dialect) => {
  let close: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;
  let author: TestClient;
  let readerOnB: TestClient;
  let general: Category;
  let discussion: Discussion;
  let path: string;

  /** The same member signed in on server B (sessions live in the shared database). */
  async function memberOn(testApp: TestApp, userID: number): Promise<TestClient> {
    const client = testApp.guest();
    client.cookie = (await createSession(testApp.context.db, userID, false)).token;
    return client;
  }

  beforeAll(async () => {
    const shared = await createTestAppsSharingDatabase(dialect, serverApplications, 2, CACHES_ON);
    close = shared.close;
    [a, b] = shared.apps as [TestApp, TestApp];
    const admin = await forumClient(a, { role: "Administrator" });
    author = (await forumClient(a)).client;
    const reader = await forumClient(a);
    readerOnB = await memberOn(b, reader.user.userID);
    general = await makeCategory(admin.client, { name: "Orchard" });
    discussion = await makeDiscussion(author, general.categoryID, "Pruning the old pear");
    path = sitePath(discussion.url);
  });
  afterAll(async () => {
    await close();
  });

  const listOnB = () =>
    readerOnB.get<Discussion[]>(`/api/v2/discussions?categoryID=${general.categoryID}&limit=30`);
  const searchOnB = (word: string) =>
    readerOnB.get<{ name: string; body?: string; url: string }[]>(`/api/v2/search?query=${word}`);

  it("shows a comment posted on A on B's member page, discussions list and search answer at the next request", async () => {
    // B keeps its answers: the page, the list and the search are each served twice from its caches.
    for (let round = 0; round < 2; round += 1) {
      expect((await readerOnB.get(path)).text).not.toContain("Quinces ripen late");
      expect(
        (await listOnB()).body.find((d) => d.discussionID === discussion.discussionID)?.countComments,
      ).toBe(0);
      expect((await searchOnB("quinces")).body).toEqual([]);
    }
    const guestOnB = b.guest();
    await guestOnB.get(path);
    expect((await guestOnB.get(path)).headers["x-guest-cache"]).toBe("hit");

    await makeComment(author, discussion.discussionID, "Quinces ripen late in the orchard");

    expect((await readerOnB.get(path)).text).toContain("Quinces ripen late");
    expect(
      (await listOnB()).body.find((d) => d.discussionID === discussion.discussionID)?.countComments,
    ).toBe(1);
    const found = (await searchOnB("quinces")).body;
    expect(found.map((result) => result.url)).toEqual([expect.stringContaining("/discussion/comment/")]);
    const guestPage = await guestOnB.get(path);
    expect(guestPage.headers["x-guest-cache"]).toBeUndefined();
    expect(guestPage.text).toContain("Quinces ripen late");
  });

  it("retires no public cache when a member saves a draft", async () => {
    const guestOnA = a.guest();
    await guestOnA.get(path);
    expect((await guestOnA.get(path)).headers["x-guest-cache"]).toBe("hit");
    const memberVersion = a.context.caches.memberVersion;
    const saved = await author.post("/api/v2/drafts", {
      recordType: "comment",
      parentRecordType: "discussion",
      parentRecordID: discussion.discussionID,
      attributes: { body: rich2("Half a thought"), format: "rich2" },
    });
    expect(saved.status).toBe(201);
    // The member's own state is made again; the guest page stays.
    expect(a.context.caches.memberVersion).toBeGreaterThan(memberVersion);
    expect((await guestOnA.get(path)).headers["x-guest-cache"]).toBe("hit");
  });
});
