import type { Discussion } from "@forum/api/discussions";
import type { CreatePostFormProps, EditPostFormProps } from "@forum/api/postTypes";
import { roleIDByName } from "@library/server/testing/factories";
import {
  createTestApp,
  testDialects,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumCast,
  makeCategory,
  makeDiscussion,
  makePrivateCategory,
  type SignedIn,
} from "../testing/forumTesting";

/** The props a page gave its React widget. */
function widgetProps<T>(html: string, component: string): T {
  const match = new RegExp(`data-react="${component}" data-props='([^']*)'`).exec(html);
  if (!match?.[1]) throw new Error(`No ${component} widget`);
  const json = match[1]
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
  return JSON.parse(json) as T;
}

describe.each(testDialects)("create-post pages on %s", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let open: { categoryID: number; urlcode: string };
  let readOnly: { categoryID: number };
  let hidden: { categoryID: number };
  let memberPost: Discussion;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const cast = await forumCast(testApp);
    ({ member, other, moderator } = cast);
    admin = cast.admin.client;
    open = await makeCategory(admin, { name: "Open Floor" });
    const memberRole = await roleIDByName(testApp.context, "Member");
    readOnly = await makeCategory(admin, {
      name: "Read Only Notices",
      permissions: [{ roleID: memberRole, permissions: { "discussions.view": true } }],
    });
    hidden = await makePrivateCategory(testApp, admin, "Back Office");
    memberPost = await makeDiscussion(member.client, open.categoryID, "Mine to edit");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("opens /post/discussion and /post/discussion/{categoryID} (id or urlcode) with the category chosen", async () => {
    const blank = await member.client.get("/post/discussion");
    expect(blank.status).toBe(200);
    const blankProps = widgetProps<CreatePostFormProps>(blank.text, "NewDiscussionForm");
    expect(blankProps.categoryID).toBeNull();
    expect(blankProps.postTypeID).toBe("discussion");
    expect(blankProps.postTypes?.map((type) => type.postTypeID)).toEqual(["discussion"]);
    const names = blankProps.categories.map((category) => category.name);
    expect(names).toEqual(expect.arrayContaining(["Open Floor", "Read Only Notices"]));
    expect(names).not.toContain("Back Office");
    expect(blankProps.categories.find((category) => category.name === "Read Only Notices")?.canPost).toBe(
      false,
    );

    for (const address of [`/post/discussion/${open.categoryID}`, `/post/discussion/${open.urlcode}`]) {
      const page = await member.client.get(address);
      expect(page.status).toBe(200);
      expect(widgetProps<CreatePostFormProps>(page.text, "NewDiscussionForm").categoryID).toBe(
        open.categoryID,
      );
    }
  });

  it("refuses a category the member may not post in (403) and unknown or hidden ones (404)", async () => {
    expect((await member.client.get(`/post/discussion/${readOnly.categoryID}`)).status).toBe(403);
    expect((await member.client.get(`/post/discussion/${hidden.categoryID}`)).status).toBe(404);
    expect((await member.client.get("/post/discussion/99999999")).status).toBe(404);
    expect((await admin.get(`/post/discussion/${hidden.categoryID}`)).status).toBe(200);
  });

  it("reads post/{postType}/{parentID} by SPEC 2's rules", async () => {
    // Only the built-in type runs here: another type is not a page.
    expect((await member.client.get(`/post/question/${open.categoryID}`)).status).toBe(404);
    expect((await member.client.get("/post/question")).status).toBe(404);
    expect((await member.client.get(`/post/discussion/${open.categoryID}/2`)).status).toBe(404);
    // A social-groups parent takes its id from groupid; there are no groups in this product.
    expect((await member.client.get("/post/discussion/social-groups?groupid=3")).status).toBe(404);
    expect((await member.client.get("/post/discussion/social-groups")).status).toBe(404);
    const guest = await testApp.guest().get(`/post/discussion/${open.categoryID}`);
    expect(guest.status).toBe(302);
    expect(guest.headers.location).toBe(`/entry/signin?Target=%2Fpost%2Fdiscussion%2F${open.categoryID}`);
  });

  it("offers announce only where the viewer may announce", async () => {
    const asMember = widgetProps<CreatePostFormProps>(
      (await member.client.get("/post/discussion")).text,
      "NewDiscussionForm",
    );
    expect(asMember.categories.some((category) => category.canAnnounce)).toBe(false);
    const asModerator = widgetProps<CreatePostFormProps>(
      (await moderator.client.get("/post/discussion")).text,
      "NewDiscussionForm",
    );
    expect(
      asModerator.categories.find((category) => category.categoryID === open.categoryID)?.canAnnounce,
    ).toBe(true);
  });

  it("opens /post/editdiscussion/{id} for the author and moderators only", async () => {
    const own = await member.client.get(`/post/editdiscussion/${memberPost.discussionID}`);
    expect(own.status).toBe(200);
    expect(widgetProps<EditPostFormProps>(own.text, "EditDiscussionForm").discussionID).toBe(
      memberPost.discussionID,
    );
    expect((await moderator.client.get(`/post/editdiscussion/${memberPost.discussionID}`)).status).toBe(200);
    expect((await other.client.get(`/post/editdiscussion/${memberPost.discussionID}`)).status).toBe(403);
    expect((await member.client.get("/post/editdiscussion/99999999")).status).toBe(404);
    expect((await member.client.get("/post/editdiscussion/abc")).status).toBe(404);
  });

  it("refuses, through the API, a discussion in a category the member may not post in", async () => {
    const response = await member.client.post("/api/v2/discussions", {
      name: "Not here",
      body: "Words",
      format: "markdown",
      categoryID: readOnly.categoryID,
    });
    expect(response.status).toBe(403);
    const listed = await admin.get<Discussion[]>(`/api/v2/discussions?categoryID=${readOnly.categoryID}`);
    expect(listed.body).toEqual([]);
  });

  it("sends a post held for approval from the no-JavaScript form to the author's awaiting-approval page", async () => {
    const checked = await makeCategory(admin, { name: "Checked First", preModeration: true });
    const response = await testApp.app.inject({
      method: "POST",
      url: "/post/discussion",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: TEST_ORIGIN,
        host: "localhost:80",
        cookie: `${testApp.context.settings.peek<string>("garden.cookie.name")}=${member.client.cookie ?? ""}`,
      },
      payload: new URLSearchParams({
        name: "Held without JavaScript",
        categoryID: String(checked.categoryID),
        body: "Waiting for a **moderator**.",
      }).toString(),
    });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    const held = /^\/awaiting-approval#discussion-(\d+)$/.exec(location);
    expect(held).not.toBeNull();
    const page = await member.client.get("/awaiting-approval");
    expect(page.text).toContain(`id="discussion-${held?.[1]}"`);
    expect(page.text).toContain("Held without JavaScript");
    // Nobody else can read it yet.
    expect((await other.client.get(`/api/v2/discussions/${held?.[1]}`)).status).toBe(404);
  });
});
