import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  currentUserID,
  newMember,
  originOf,
  signInAsAdmin,
  uniqueName,
} from "./helpers";

/** Serious and critical violations of WCAG 2.x A/AA rules on the page as it stands, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(" | ")}`,
    );
}

async function expectAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page), path).toEqual([]);
}

// axe runs through Playwright's page.evaluate (the DevTools protocol), which the site's CSP (`script-src 'self'`)
// does not govern: no script tag is injected into the page.
for (const width of [1280, 390] as const) {
  test(`the main pages have no serious or critical accessibility violations, for guests, members, moderators and administrators (${width} px)`, async ({
    browser,
  }) => {
    // Some thirty pages, each analysed in full: longer than one flow's default 30 s on a busy machine.
    test.setTimeout(240_000);
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const adminContext = await browser.newContext({ viewport });
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    const discussion = await createDiscussionWithComments(admin, `Accessible thread ${uniqueName("a")}`, 3);

    const guestContext = await browser.newContext({ viewport });
    const guest = await guestContext.newPage();
    const member = await newMember(browser, "axe", { viewport });
    const moderator = await newMember(browser, "axemod", { viewport });
    try {
      const moderatorID = await currentUserID(moderator.page);
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
      for (const path of ["/", discussion.url, "/dashboard/content/reports"])
        await expectAccessible(moderator.page, path);
      // An open menu and the reaction picker are checked too.
      await member.page.goto(discussion.url);
      await member.page.getByRole("button", { name: "React" }).first().click();
      expect(await seriousViolations(member.page), "reaction picker").toEqual([]);
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
      await member.context.close();
      await moderator.context.close();
      await guestContext.close();
      await adminContext.close();
    }
  });
}
