import { serverApplications } from "@applications/serverApplications";
import type { Tag } from "@forum/api/tags";
import { roleIDByName } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { forumClient, makeCategory, makeDiscussion } from "../testing/forumTesting";

describe.each(testDialects)("tag pages and tag links (%s)", (dialect) => {
  let testApp: TestApp;
  let moderator: TestClient;
  let guest: TestClient;
  let tag: Tag;
  let taggedID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const admin = (await forumClient(testApp, { role: "Administrator" })).client;
    moderator = (await forumClient(testApp, { role: "Moderator" })).client;
    guest = testApp.guest();
    const garden = (await makeCategory(admin, { name: "Garden" })).categoryID;
    const hidden = [];
    for (const role of ["Member", "Guest"] as const)
      hidden.push({ roleID: await roleIDByName(testApp.context, role), permissions: {} });
    const staff = (await makeCategory(admin, { name: "Staff Room", permissions: hidden })).categoryID;
    tag = (await admin.post<Tag>("/api/v2/tags", { name: "Heirloom Seeds" })).body;
    taggedID = (await makeDiscussion(moderator, garden, "Saving heirloom seeds", { tagIDs: [tag.tagID] }))
      .discussionID;
    await makeDiscussion(moderator, garden, "Untagged chatter");
    await makeDiscussion(admin, staff, "Secret seed budget", { tagIDs: [tag.tagID] });
    for (let index = 0; index < 30; index += 1)
      await makeDiscussion(moderator, garden, `Seed swap ${index + 1}`, { tagIDs: [tag.tagID] });
  });
  afterAll(() => testApp.close());

  it("lists a tag's discussions under ?tagID= and /discussions/tagged/{urlcode}, pages, and hides private ones", async () => {
    for (const path of [`/discussions?tagID=${tag.tagID}`, "/discussions/tagged/heirloom-seeds"]) {
      const page = await guest.get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Tagged: Heirloom Seeds");
      expect(page.text).toContain("Seed swap 30");
      expect(page.text).not.toContain("Untagged chatter");
      expect(page.text).not.toContain("Secret seed budget");
      expect(page.text).toContain('href="/discussions/tagged/heirloom-seeds/p2"');
    }
    const second = await guest.get("/discussions/tagged/heirloom-seeds/p2");
    expect(second.status).toBe(200);
    expect(second.text).toContain("Saving heirloom seeds");
    expect((await guest.get("/discussions/tagged/heirloom-seeds/p9")).status).toBe(404);
    expect((await guest.get("/discussions/tagged/no-such-tag")).status).toBe(404);
    expect((await guest.get("/discussions?tagID=999999")).status).toBe(404);
  });

  it("links the tags of a discussion on its page and in lists", async () => {
    const page = await guest.get(`/discussion/${taggedID}`);
    expect(page.text).toMatch(
      new RegExp(`<a class="tagLink" href="/discussions\\?tagID=${tag.tagID}">Heirloom Seeds</a>`),
    );
    const list = await guest.get("/discussions");
    expect(list.text).toContain(`href="/discussions?tagID=${tag.tagID}"`);
  });

  it("serves the tag page's layout to the single-page app", async () => {
    const layout = await guest.get<{ layout: unknown; titleBar?: unknown }>(
      `/api/v2/layouts/lookup-hydrate?layoutViewType=discussionList&recordType=global&recordID=-1&params[tagID]=${tag.tagID}&params[page]=2`,
    );
    expect(layout.status).toBe(200);
    expect(layout.text).toContain("Tagged: Heirloom Seeds");
    expect(layout.text).toContain("Saving heirloom seeds");
    expect(layout.text).not.toContain("Secret seed budget");
  });

  it("has no tag pages or links while tagging is off", async () => {
    const admin = (await forumClient(testApp, { role: "Administrator" })).client;
    await admin.patch("/api/v2/config", { "tagging.enabled": false });
    try {
      expect((await guest.get(`/discussions?tagID=${tag.tagID}`)).status).toBe(404);
      expect((await guest.get(`/discussion/${taggedID}`)).text).not.toContain("tagLink");
    } finally {
      await admin.patch("/api/v2/config", { "tagging.enabled": true });
    }
  });
});
