import { memberOverlaysOf } from "@library/server/pages/memberOverlays";
import { createTestApp, sitePath, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeDiscussion, type SignedIn } from "../testing/forumTesting";

describe.each(testDialects)("the member overlay of shared discussion pages on %s", (dialect) => {
  let testApp: TestApp;
  let ada: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  let path: string;
  let rendered = 0;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, { sharedPageSeconds: 60 });
    const admin = await forumClient(testApp, { role: "Administrator" });
    ada = await forumClient(testApp);
    bob = await forumClient(testApp);
    carol = await forumClient(testApp);
    const category = await makeCategory(admin.client, { name: "Greetings" });
    path = sitePath((await makeDiscussion(admin.client, category.categoryID, "Say hello")).url);
    // A widget whose props depend on the member looking, as an add-on's would (their vote, their follow).
    testApp.context.pageSlots.add("discussion.afterOriginalPost", {
      component: "BannerWidget",
      perMember: true,
      props: () => {
        rendered += 1;
        return { title: "Hello" };
      },
    });
    memberOverlaysOf(testApp.context).join("BannerWidget", {
      load: async (page) => page.viewer.userID,
      fill: (hole, userID) => ({
        key: String(userID),
        node: () => ({
          ...hole,
          $reactComponent: "BannerWidget" as const,
          $reactProps: { title: `Hello member ${userID}` },
        }),
      }),
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("keeps a page asked again rendered once for all members, and writes the joined widget for each", async () => {
    const adaPage = await ada.client.get(path);
    // A page is kept once it is asked again within its time (a page read once is not worth keeping).
    const bobPage = await bob.client.get(path);
    expect(rendered).toBe(2);
    const carolPage = await carol.client.get(path);
    expect(rendered).toBe(2);
    expect(adaPage.text).toContain(`Hello member ${ada.user.userID}`);
    expect(adaPage.text).not.toContain(`Hello member ${bob.user.userID}`);
    expect(bobPage.text).toContain(`Hello member ${bob.user.userID}`);
    expect(bobPage.text).not.toContain(`Hello member ${ada.user.userID}`);
    expect(carolPage.text).toContain(`Hello member ${carol.user.userID}`);
    expect(carolPage.text).not.toContain(`Hello member ${bob.user.userID}`);
  });
});
