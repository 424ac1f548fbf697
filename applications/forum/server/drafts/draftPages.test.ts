import type { Draft } from "@forum/api/drafts";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, rich2, type SignedIn } from "../testing/forumTesting";

describe.each(testDialects)("draft pages on %s", (dialect) => {
  let testApp: TestApp;
  let member: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    member = await forumClient(testApp);
    other = await forumClient(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("lists a member's own drafts on /drafts with their edit links, and no one else's", async () => {
    const { body } = await member.client.post<Draft>("/api/v2/drafts", {
      recordType: "discussion",
      attributes: { body: rich2("Draft body"), format: "rich2", draftMeta: { name: "A <b>bold</b> plan" } },
    });
    const page = await member.client.get("/drafts");
    expect(page.status).toBe(200);
    expect(page.text).toContain("My Drafts");
    expect(page.text).toContain('data-react="DraftsList"');
    expect(page.text).toContain(`href="/post/editdiscussion/0/${body.draftID}"`);
    expect(page.text).toContain("A &lt;b&gt;bold&lt;/b&gt; plan");
    expect(page.text).not.toContain("A <b>bold</b> plan");
    const theirs = await other.client.get("/drafts");
    expect(theirs.text).toContain("You do not have any drafts.");
    expect(theirs.text).not.toContain("bold");
    const guest = await testApp.guest().get("/drafts");
    expect(guest.status).toBe(302);
    expect(guest.headers.location).toBe("/entry/signin?Target=%2Fdrafts");
  });

  it("opens a discussion draft on /post/editdiscussion/0/{draftID}", async () => {
    const page = await member.client.get("/post/editdiscussion/0/12");
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-react="NewDiscussionForm"');
    expect(page.text).toContain(`"draftID":12`);
    expect((await member.client.get("/post/editdiscussion/0/abc")).status).toBe(404);
    const existing = await member.client.get("/post/editdiscussion/5/12");
    expect(existing.status).toBe(302);
    expect(existing.headers.location).toBe("/post/editdiscussion/5");
  });
});
