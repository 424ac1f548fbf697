import type { PostPreview, PostType } from "@forum/api/postTypes";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumCast, makeCategory, makePrivateCategory, rich2, type SignedIn } from "../testing/forumTesting";

describe.each(testDialects)("post types and preview on %s", (dialect) => {
  let testApp: TestApp;
  let member: SignedIn;
  let open: { categoryID: number };
  let hidden: { categoryID: number };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const cast = await forumCast(testApp);
    member = cast.member;
    open = await makeCategory(cast.admin.client, { name: "Types Open" });
    hidden = await makePrivateCategory(testApp, cast.admin.client, "Types Hidden");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("lists the built-in discussion type, everywhere and in a category", async () => {
    const all = await member.client.get<PostType[]>("/api/v2/post-types");
    expect(all.status).toBe(200);
    expect(all.body).toEqual([
      { postTypeID: "discussion", baseType: "discussion", label: "Discussion", fields: [] },
    ]);
    const inCategory = await member.client.get<PostType[]>(
      `/api/v2/post-types?categoryID=${open.categoryID}`,
    );
    expect(inCategory.body.map((type) => type.postTypeID)).toEqual(["discussion"]);
    expect((await member.client.get(`/api/v2/post-types?categoryID=${hidden.categoryID}`)).status).toBe(403);
    expect((await member.client.get("/api/v2/post-types?categoryID=99999999")).status).toBe(404);
    expect((await member.client.get("/api/v2/post-types?categoryID=abc")).status).toBe(422);
  });

  it("previews a body through the server's renderer, as readers will see it", async () => {
    const markdown = await member.client.post<PostPreview>("/api/v2/discussions/preview", {
      body: "Some **bold** and <script>alert(1)</script>",
      format: "markdown",
    });
    expect(markdown.status).toBe(200);
    expect(markdown.body.body).toContain("<strong>bold</strong>");
    expect(markdown.body.body).not.toContain("<script>");
    const rich = await member.client.post<PostPreview>("/api/v2/discussions/preview", {
      body: rich2("Plain words"),
      format: "rich2",
    });
    expect(rich.body.body).toBe("<p>Plain words</p>");
  });

  it("refuses a preview to guests and a preview of a bad body", async () => {
    const guest = await testApp
      .guest()
      .post("/api/v2/discussions/preview", { body: "x", format: "markdown" });
    expect(guest.status).toBe(403);
    const badFormat = await member.client.post("/api/v2/discussions/preview", { body: "x", format: "docx" });
    expect(badFormat.status).toBe(422);
    const tooLong = await member.client.post("/api/v2/discussions/preview", {
      body: "a".repeat(9000),
      format: "text",
    });
    expect(tooLong.status).toBe(422);
  });
});
