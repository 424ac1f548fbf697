import type { MeCounts } from "@forum/api/users";
import type { Category } from "@forum/api/categories";
import { createTestApp, sitePath, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeDiscussion } from "../testing/forumTesting";

type SignedIn = Awaited<ReturnType<typeof forumClient>>;

describe.each(testDialects)("bookmark and reaction pages on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let general: Category;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    other = await forumClient(testApp);
    general = await makeCategory(admin.client, { name: "General" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("counts Bookmarks in the me-counts", async () => {
    const counted = await makeDiscussion(admin.client, general.categoryID, "Counted");
    await other.client.put(`/api/v2/discussions/${counted.discussionID}/bookmark`, { bookmarked: true });
    const counts = await other.client.get<MeCounts>("/api/v2/users/me-counts");
    expect(counts.body.counts).toContainEqual({ name: "Bookmarks", count: 1 });
    const guest = await testApp.guest().get<MeCounts>("/api/v2/users/me-counts");
    expect(guest.body.counts).toContainEqual({ name: "Bookmarks", count: 0 });
  });

  it("serves the bookmarks page to members and sends guests to sign in", async () => {
    const listed = await makeDiscussion(admin.client, general.categoryID, "Listed On The Page");
    await member.client.put(`/api/v2/discussions/${listed.discussionID}/bookmark`, { bookmarked: true });
    const page = await member.client.get("/discussions/bookmarked");
    expect(page.status).toBe(200);
    expect(page.text).toContain("My Bookmarks");
    expect(page.text).toContain("Listed On The Page");
    const stranger = await forumClient(testApp);
    const empty = await stranger.client.get("/discussions/bookmarked");
    expect(empty.text).toContain("No discussions were found.");
    const guest = await testApp.guest().get("/discussions/bookmarked");
    expect(guest.status).toBe(302);
    expect(guest.headers.location).toBe("/entry/signin?Target=%2Fdiscussions%2Fbookmarked");
  });

  it("mounts the BookmarkToggle and a ReactionsBar per post on the discussion page", async () => {
    const discussion = await makeDiscussion(admin.client, general.categoryID, "Mounted");
    await member.client.put(`/api/v2/discussions/${discussion.discussionID}/bookmark`, { bookmarked: true });
    await other.client.post("/api/v2/comments", {
      discussionID: discussion.discussionID,
      body: JSON.stringify([{ type: "p", children: [{ text: "A reply" }] }]),
      format: "rich2",
    });
    const page = await member.client.get(sitePath(discussion.url));
    expect(page.status).toBe(200);
    // The mount points' props, decoded as a browser would (either attribute quoting).
    const props = (name: string) =>
      [...page.text.matchAll(new RegExp(`data-react="${name}" data-props=(["'])(.*?)\\1`, "g"))].map(
        (match) =>
          JSON.parse(
            (match[2] ?? "")
              .replace(/&quot;/g, '"')
              .replace(/&#39;/g, "'")
              .replace(/&lt;/g, "<")
              .replace(/&gt;/g, ">")
              .replace(/&amp;/g, "&"),
          ) as Record<string, unknown>,
      );
    expect(props("BookmarkToggle")).toEqual([
      { discussionID: discussion.discussionID, bookmarked: true, signedIn: true },
    ]);
    const bars = props("ReactionsBar");
    expect(bars).toHaveLength(2);
    expect(bars[0]).toMatchObject({
      recordType: "discussion",
      recordID: discussion.discussionID,
      canViewLog: true,
      isModerator: false,
    });
    expect(bars[1]).toMatchObject({ recordType: "comment" });
    const permitted = bars[0]?.permittedTypes as string[];
    expect(permitted).toContain("Like");
    expect(permitted).not.toContain("Promote");
    expect(permitted).not.toContain("OffTopic");
    expect(permitted).not.toContain("WTF");
    const guestPage = await testApp.guest().get(sitePath(discussion.url));
    expect(guestPage.text).toContain('data-react="ReactionsBar"');
  });
});
