import type { Category } from "@forum/api/categories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumCast, makeCategory, makeDiscussion, type SignedIn } from "../testing/forumTesting";

jest.setTimeout(60_000);

const MOUNT = /data-react="DiscussionListModule" data-props='([^']*)'/;

describe.each(testDialects)("bulk selection on server list pages on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let moderator: SignedIn;
  let general: Category;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    ({ admin, member, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "Bulk General" });
    await makeDiscussion(member.client, general.categoryID, "Bulk list thread");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("mounts the list as a widget for moderators only, the page's heading and tabs kept", async () => {
    for (const path of ["/discussions", "/categories/bulk-general"]) {
      const asModerator = await moderator.client.get(path);
      expect(asModerator.status).toBe(200);
      const props = JSON.parse(
        (MOUNT.exec(asModerator.text)?.[1] ?? "null")
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, "<")
          .replace(/&amp;/g, "&"),
      ) as { discussions: Array<{ name: string }>; title?: string; filters?: unknown } | null;
      expect(props?.discussions.map((discussion) => discussion.name)).toContain("Bulk list thread");
      // The server writes the heading and the tabs; the widget only the list and its pager.
      expect(props?.title).toBeUndefined();
      expect(props?.filters).toBeUndefined();
      expect(asModerator.text).toContain('class="listPage-title"');
      // Readers without script still get the rows inside the mount point.
      expect(asModerator.text).toMatch(/data-react="DiscussionListModule"[^>]*>[\s\S]*Bulk list thread/);

      for (const client of [member.client, testApp.guest()]) {
        const page = await client.get(path);
        expect(page.status).toBe(200);
        expect(page.text).toContain("Bulk list thread");
        expect(page.text).not.toMatch(MOUNT);
      }
    }
  });
});
