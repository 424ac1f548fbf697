import type { User } from "@forum/api/users";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, type SignedIn } from "../testing/forumTesting";

// A whole server per dialect: more than Jest's default 5 s on a busy machine.
jest.setTimeout(60_000);

/** The props a server page wrote for a widget (`data-props`, single- or double-quoted, HTML-escaped). */
function widgetProps(body: string, component: string): Record<string, unknown> {
  const match = new RegExp(`data-react="${component}" data-props=(?:'([^']*)'|"([^"]*)")`).exec(body);
  const attribute = match?.[1] ?? match?.[2];
  if (attribute === undefined) throw new Error(`No ${component} widget on the page.`);
  const decoded = attribute
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  return JSON.parse(decoded) as Record<string, unknown>;
}

describe.each(testDialects)("/profile/edit on %s", (dialect) => {
  let testApp: TestApp;
  let member: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    member = await forumClient(testApp, { name: "EditingMember" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, client?: TestClient) => (client ?? testApp.guest()).page(url);

  it("gives a guest the permission page with a Sign In link", async () => {
    const response = await get("/profile/edit");
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain("/entry/signin?Target=%2Fprofile%2Fedit");
  });

  it("mounts the form with the member's own values and never the password hash", async () => {
    const response = await get("/profile/edit", member.client);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1 class="profileEditPage-title">Edit Profile</h1>');
    expect(response.body).toContain('data-react="AccountSessions"');
    expect(response.body).toContain(
      '<a class="button" href="/api/v2/users/$me/export" download>Download my data</a>',
    );
    const props = widgetProps(response.body, "ProfileEditForm");
    expect(props).toEqual({
      userID: member.user.userID,
      name: "EditingMember",
      email: member.user.email,
      photo: "",
      title: "",
      about: "",
      signature: "",
      private: false,
      hasPassword: true,
    });
    expect(response.body).not.toContain("scrypt");
  });

  it("shows what the form saved through PATCH /users/{id} on the next visit", async () => {
    const patch = await member.client.patch<User>(`/api/v2/users/${member.user.userID}`, {
      title: "Resident tester",
      private: true,
      photo: "https://images.example.com/me.png",
      signature: "Signed, **me**",
      about: "Tester by day.",
    });
    expect(patch.status).toBe(200);
    const props = widgetProps((await get("/profile/edit", member.client)).body, "ProfileEditForm");
    expect(props).toMatchObject({
      title: "Resident tester",
      private: true,
      photo: "https://images.example.com/me.png",
      signature: "Signed, **me**",
      about: "Tester by day.",
    });
    const profile = await get("/profile/EditingMember", member.client);
    expect(profile.body).toContain("Resident tester");
    expect(profile.body).toContain('src="https://images.example.com/me.png"');
  });
});
