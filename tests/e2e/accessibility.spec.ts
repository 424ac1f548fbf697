import { expect, test, type Browser, type Page } from "./fixtures";
import { seriousViolations } from "./axe";
import {
  apiHeaders,
  createDiscussionWithComments,
  currentUserID,
  newMember,
  originOf,
  signInAsAdmin,
  uniqueName,
} from "./helpers";

async function expectAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page), path).toEqual([]);
}

// axe runs through Playwright's page.evaluate (the DevTools protocol), which the site's CSP (`script-src 'self'`)
// does not govern: no script tag is injected into the page.

// Some thirty pages at each width, each analysed in full: split by who reads them, so each half fits its time on a
// busy machine and the halves run on both workers.
test.describe.configure({ mode: "parallel" });

/** The administrator's context at the width, signed in, with a discussion of three comments to check. */
async function adminWithDiscussion(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const admin = await context.newPage();
  await signInAsAdmin(admin);
  const discussion = await createDiscussionWithComments(admin, `Accessible thread ${uniqueName("a")}`, 3);
  return { context, admin, discussion };
}

/** Promotes a member to Moderator (keeping Member), as the administrator. */
async function makeModerator(admin: Page, member: Page): Promise<number> {
  const moderatorID = await currentUserID(member);
  const roles = (await (await admin.request.get("/api/v2/roles")).json()) as {
    roleID: number;
    name: string;
  }[];
  const roleIDs = ["Member", "Moderator"].map((name) => roles.find((role) => role.name === name)?.roleID);
  const promoted = await admin.request.patch(`/api/v2/users/${moderatorID}`, {
    headers: apiHeaders(originOf(admin)),
    data: { roleID: roleIDs },
  });
  expect(promoted.ok(), await promoted.text()).toBe(true);
  return moderatorID;
}

for (const width of [1280, 390] as const) {
  const viewport = { width, height: width === 390 ? 844 : 900 };

  test(`the pages guests and members read have no serious or critical accessibility violations (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { context: adminContext, admin, discussion } = await adminWithDiscussion(browser, viewport);
    const guestContext = await browser.newContext({ viewport });
    const guest = await guestContext.newPage();
    const member = await newMember(browser, "axe", { viewport });
    const moderator = await newMember(browser, "axemod", { viewport });
    try {
      const moderatorID = await makeModerator(admin, moderator.page);
      // A conversation with its participants' names (links in a line of text) above the messages.
      const conversation = await member.page.request.post("/api/v2/conversations", {
        headers: apiHeaders(originOf(member.page)),
        data: {
          participantUserIDs: [moderatorID],
          name: "Accessible talk",
          initialBody: "Shall we check the pages together?",
          initialFormat: "markdown",
        },
      });
      expect(conversation.status(), await conversation.text()).toBe(201);
      const conversationUrl = new URL(
        ((await conversation.json()) as { url: string }).url,
        originOf(member.page),
      ).pathname;

      for (const path of [
        "/",
        "/discussions",
        "/categories",
        discussion.url,
        "/entry/signin",
        "/entry/register",
        "/profile/e2eadmin",
      ])
        await expectAccessible(guest, path);
      for (const path of [
        "/",
        discussion.url,
        "/notifications",
        "/messages",
        "/messages/add",
        conversationUrl,
        "/profile/edit",
        "/profile/preferences",
        `/profile/${encodeURIComponent(member.name)}`,
        "/discussions/bookmarked",
        "/post/discussion",
      ])
        await expectAccessible(member.page, path);
      // An open menu and the reaction picker are checked too.
      await member.page.goto(discussion.url);
      await member.page.getByRole("button", { name: "React" }).first().click();
      expect(await seriousViolations(member.page), "reaction picker").toEqual([]);
    } finally {
      await member.context.close();
      await moderator.context.close();
      await guestContext.close();
      await adminContext.close();
    }
  });

  test(`the pages moderators and administrators use have no serious or critical accessibility violations (${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { context: adminContext, admin, discussion } = await adminWithDiscussion(browser, viewport);
    const guestContext = await browser.newContext({ viewport });
    const guest = await guestContext.newPage();
    const moderator = await newMember(browser, "axemod", { viewport });
    try {
      await makeModerator(admin, moderator.page);
      for (const path of ["/", discussion.url, "/dashboard/content/reports"])
        await expectAccessible(moderator.page, path);
      for (const path of [
        "/dashboard",
        "/dashboard/members",
        "/dashboard/roles",
        "/dashboard/settings/email",
        "/dashboard/audit-log",
        "/dashboard/mail",
        "/dashboard/jobs",
      ])
        await expectAccessible(admin, path);
      // The check itself sees a real defect: an image without a text alternative is critical.
      await guest.setContent('<html lang="en"><title>t</title><main><img src="/favicon.ico"></main></html>');
      expect(await seriousViolations(guest)).toEqual([expect.stringMatching(/^image-alt \(critical\)/)]);
    } finally {
      await moderator.context.close();
      await guestContext.close();
      await adminContext.close();
    }
  });
}
