import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeDiscussion } from "../testing/forumTesting";

/** The title bar widget's props as the client reads them (the single-quoted attribute decoded). */
function titleBarProps(page: string): { currentUrl: string; siteTitle: string } {
  const match = /data-react="TitleBar" data-props='([^']*)'/.exec(page);
  if (!match?.[1]) throw new Error("The page has no title bar.");
  const json = match[1].replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&amp;/g, "&");
  return JSON.parse(json) as { currentUrl: string; siteTitle: string };
}

function bootstrapOf(page: string): { currentUser: { userID: number; name: string }; locale: string } {
  const match = /<script type="application\/json" id="app-bootstrap">([^<]*)<\/script>/.exec(page);
  if (!match?.[1]) throw new Error("The page has no bootstrap.");
  return JSON.parse(match[1]) as { currentUser: { userID: number; name: string }; locale: string };
}

describe.each(testDialects)("page frames kept for many pages on %s", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let ana: { client: TestClient; userID: number };
  let bo: { client: TestClient; userID: number };
  let discussionUrls: string[];

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await forumClient(testApp, { role: "Administrator" })).client;
    const first = await forumClient(testApp, { name: "Ana Frame" });
    const second = await forumClient(testApp, { name: "Bo Frame" });
    ana = { client: first.client, userID: first.user.userID };
    bo = { client: second.client, userID: second.user.userID };
    const category = await makeCategory(admin, { name: "Frames" });
    discussionUrls = [];
    for (const name of [`Quotes ' " and <tags> & more`, "Ünïcödé — “fancy” ›", "Plain one"]) {
      const discussion = await makeDiscussion(admin, category.categoryID, name);
      discussionUrls.push(new URL(discussion.url).pathname);
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, client?: TestClient) => (client ?? testApp.guest()).page(url);

  it("writes each page's own title, address and reader into the frame shared by its kind of page", async () => {
    for (const reader of [ana, bo]) {
      for (const [index, url] of discussionUrls.entries()) {
        const address = `${url}?sort=-dateInserted&x=%27a%27&y=%3Cb%22%3E`;
        const page = (await get(address, reader.client)).body;
        const name = [`Quotes ' " and <tags> & more`, "Ünïcödé — “fancy” ›", "Plain one"][index] ?? "";
        const escaped = name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
        expect(page).toContain(`<title>${escaped.replace(/"/g, "&quot;").replace(/'/g, "&#39;")} - `);
        expect(titleBarProps(page).currentUrl).toBe(address);
        const bootstrap = bootstrapOf(page);
        expect(bootstrap.currentUser.userID).toBe(reader.userID);
        const own = reader === ana ? "Ana Frame" : "Bo Frame";
        const other = reader === ana ? "Bo Frame" : "Ana Frame";
        expect(page).toContain(`/> ${own}</a`);
        expect(page).not.toContain(other);
        expect(page).toContain('<link rel="canonical" href="http://localhost:80/discussion/');
        expect(page.match(/<title>/g)).toHaveLength(1);
        expect(page).not.toContain("zzframe");
      }
    }
  });

  it("gives a guest Sign In back to the page asked for", async () => {
    const url = discussionUrls[0] ?? "";
    const address = `${url}?a=1&b=%27x%27`;
    const page = (await get(address)).body;
    expect(page).toContain(`href="/entry/signin?Target=${encodeURIComponent(address)}"`);
    expect(titleBarProps(page).currentUrl).toBe(address);
    expect(bootstrapOf(page).currentUser.userID).toBe(0);
  });

  it("shows a changed site title on the next page, in every kind of frame", async () => {
    const before = (await get(discussionUrls[2] ?? "", ana.client)).body;
    expect(titleBarProps(before).siteTitle).not.toBe("Frames & Co");
    expect((await admin.patch("/api/v2/config", { "garden.title": "Frames & Co" })).status).toBe(204);
    for (const client of [ana.client, bo.client, undefined]) {
      const page = (await get(discussionUrls[2] ?? "", client)).body;
      expect(page).toContain("<title>Plain one - Frames &amp; Co</title>");
      expect(titleBarProps(page).siteTitle).toBe("Frames & Co");
    }
  });

  it("renders the other pages through the same frames", async () => {
    const home = await get("/", ana.client);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('id="app-bootstrap"');
    expect(home.body).not.toContain("zzframe");
  });
});
