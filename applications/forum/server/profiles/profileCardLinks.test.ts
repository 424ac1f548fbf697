import { recordNames } from "@library/server/cache/recordNames";
import type { Discussion } from "@forum/api/discussions";
import { roleIDByName } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";

// A whole server per dialect: more than Jest's default 5 s on a busy machine.
jest.setTimeout(60_000);

/** SPEC 6: author names open the profile card only for viewers who may read profiles. */
describe.each(testDialects)("author names as profile-card triggers on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let author: SignedIn;
  let discussion: Discussion;
  let commenterName: string;
  let commenterID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator" });
    author = await forumClient(testApp, { name: "CardAuthor" });
    const commenter = await forumClient(testApp);
    commenterName = commenter.user.name;
    commenterID = commenter.user.userID;
    const category = await makeCategory(admin.client, { name: "Card Links" });
    discussion = await makeDiscussion(author.client, category.categoryID, "Names as card triggers");
    await makeComment(commenter.client, discussion.discussionID, "A reply");
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, client?: TestClient) => (client ?? testApp.guest()).page(url);

  const link = (name: string, userID: number) =>
    `<a class="userName" href="/profile/${encodeURIComponent(name)}" data-usercard="${userID}" dir="auto">${name}</a>`;

  it("links the author and commenters with data-usercard for a viewer with profiles.view", async () => {
    const page = await get(discussion.url);
    expect(page.body).toContain(link("CardAuthor", author.user.userID));
    expect(page.body).toContain(link(commenterName, commenterID));
    const list = await get("/discussions");
    expect(list.body).toContain(link("CardAuthor", author.user.userID));
  });

  describe("when guests lack profiles.view", () => {
    let guestRoleID: number;
    beforeAll(async () => {
      guestRoleID = await roleIDByName(testApp.context, "Guest");
      await testApp.context.db
        .deleteFrom("rolePermissions")
        .where("roleID", "=", guestRoleID)
        .where("permission", "=", "profiles.view")
        .execute();
      // Written past the routes: the test tells the grants and the cache layer, as the roles routes do.
      testApp.context.grants.invalidate();
      await testApp.context.caches.publish([recordNames.grants]);
    });
    afterAll(async () => {
      await testApp.context.db
        .insertInto("rolePermissions")
        .values({ roleID: guestRoleID, resourceType: "global", resourceID: 0, permission: "profiles.view" })
        .execute();
      testApp.context.grants.invalidate();
      await testApp.context.caches.publish([recordNames.grants]);
    });

    it("writes plain names for the guest", async () => {
      const page = await get(discussion.url);
      expect(page.body).toContain('<span class="userName" dir="auto">CardAuthor</span>');
      expect(page.body).toContain(`<span class="userName" dir="auto">${commenterName}</span>`);
      expect(page.body).not.toContain("data-usercard");
      expect((await get("/discussions")).body).not.toContain("data-usercard");
    });

    it("still links names for a signed-in administrator", async () => {
      const page = await get(discussion.url, admin.client);
      expect(page.body).toContain(link("CardAuthor", author.user.userID));
    });
  });
});
