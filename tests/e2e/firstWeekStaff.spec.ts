import { expect, test, type Page } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  currentUserID,
  newMember,
  originOf,
  signInAsAdmin,
  titleBarButton,
  uniqueName,
} from "./helpers";

const WIDTHS = [1280, 390] as const;

/** The administrator's API call as the signed-in page (the request shares its cookies). */
async function api(page: Page, method: "patch" | "post", path: string, data: unknown): Promise<void> {
  const response = await page.request[method](path, { headers: apiHeaders(originOf(page)), data });
  expect(response.ok(), await response.text()).toBe(true);
}

async function roleID(page: Page, name: string): Promise<number> {
  const roles = (await (await page.request.get("/api/v2/roles")).json()) as {
    roleID: number;
    name: string;
  }[];
  const found = roles.find((role) => role.name === name);
  if (!found) throw new Error(`No role ${name}`);
  return found.roleID;
}

for (const width of WIDTHS) {
  test(`a member chooses their notification mail and unsubscribes in one click without signing in (${width} px)`, async ({
    browser,
  }) => {
    // Three browsers, a mail through the job queue and two page loads after it: more than one step's 30 s.
    test.setTimeout(90_000);
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const member = await newMember(browser, "mailpref", { viewport });
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const guestContext = await browser.newContext({ viewport });
    const guest = await guestContext.newPage();
    try {
      await member.page.goto("/profile/preferences");
      await expect(
        member.page.getByRole("heading", { level: 1, name: "Notification Preferences" }),
      ).toBeVisible();
      const mine = member.page.getByRole("group", { name: "Replies in discussions I started" });
      await expect(mine.getByRole("checkbox", { name: "By email" })).toBeChecked();
      const participated = member.page.getByRole("group", {
        name: "Replies in discussions I took part in or bookmarked",
      });
      await participated.getByRole("checkbox", { name: "By email" }).check();
      await expect(member.page.getByText("Your preferences have been saved.")).toBeVisible();
      await member.page.reload();
      await expect(participated.getByRole("checkbox", { name: "By email" })).toBeChecked();

      // A reply in the member's discussion is mailed with a one-click unsubscribe link.
      const discussion = await createDiscussionWithComments(member.page, `Mail me ${uniqueName("d")}`, 0);
      await signInAsAdmin(admin);
      await api(admin, "post", "/api/v2/comments", {
        discussionID: discussion.discussionID,
        body: "A reply worth an email",
        format: "markdown",
      });
      const email = `${member.name}@example.com`;
      let link = "";
      await expect
        .poll(async () => {
          const outbox = (await (await admin.request.get("/api/v2/mail-outbox")).json()) as {
            to: string;
            bodyText: string;
          }[];
          const mail = outbox.find(
            (item) => item.to === email && item.bodyText.includes("Stop these emails:"),
          );
          link = /Stop these emails: (\S+)/.exec(mail?.bodyText ?? "")?.[1] ?? "";
          return link;
        })
        .toMatch(/\/unsubscribe\//);

      await guest.goto(new URL(link, originOf(admin)).pathname);
      await expect(guest.getByText("Stop emails for: Replies in discussions I started?")).toBeVisible();
      await guest.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(
        guest.getByText("You will no longer get emails for: Replies in discussions I started."),
      ).toBeVisible();

      await member.page.reload();
      await expect(mine.getByRole("checkbox", { name: "By email" })).not.toBeChecked();
      await expect(mine.getByRole("checkbox", { name: "In my notification menu" })).toBeChecked();
    } finally {
      await member.context.close();
      await adminContext.close();
      await guestContext.close();
    }
  });

  test(`a moderator reaches the queue from Review and is told when a section is not theirs (${width} px)`, async ({
    browser,
  }) => {
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const moderator = await newMember(browser, "mod");
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    try {
      await signInAsAdmin(admin);
      const moderatorID = await currentUserID(moderator.page);
      await api(admin, "patch", `/api/v2/users/${moderatorID}`, {
        roleID: [await roleID(admin, "Member"), await roleID(admin, "Moderator")],
      });
      await moderator.page.setViewportSize(viewport);
      await moderator.page.goto("/");
      if (width === 390) await titleBarButton(moderator.page, "My Account").click();
      const review = moderator.page.getByRole("link", { name: /^Review/ }).first();
      await expect(review).toBeVisible();
      await review.click();
      await expect(moderator.page).toHaveURL(/\/dashboard\/content\/reports/);
      await expect(moderator.page.getByRole("heading", { level: 1, name: "Moderation Queue" })).toBeVisible();

      const refused = await moderator.page.goto("/dashboard/roles");
      expect(refused?.status()).toBe(403);
      await expect(moderator.page.getByText("Permission Problem")).toBeVisible();
    } finally {
      await moderator.context.close();
      await adminContext.close();
    }
  });

  test(`the dashboard works on the screen: folded navigation, audit log with what changed (${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
    const admin = await context.newPage();
    try {
      await signInAsAdmin(admin);
      const title = `Title ${uniqueName("t")}`;
      await api(admin, "patch", "/api/v2/config", { "garden.orgName": title });
      await admin.goto("/dashboard/audit-log");
      await expect(admin.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
      if (width === 390) {
        const toggle = admin.getByRole("button", { name: /All sections/ });
        await expect(toggle).toHaveAttribute("aria-expanded", "false");
        await expect(admin.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
        await toggle.click();
        await expect(admin.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
        await admin.getByRole("button", { name: /Close/ }).click();
      } else await expect(admin.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
      await admin.getByLabel("Action").fill("config.patch");
      await admin.getByRole("button", { name: "Filter" }).click();
      await expect(admin.getByText(`garden.orgName:`).first()).toBeVisible();
      await expect(admin.getByText(title).first()).toBeVisible();
      expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      for (const path of ["/dashboard/members", "/dashboard/mail", "/dashboard/jobs", "/dashboard/tags"]) {
        await admin.goto(path);
        await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await admin.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          width,
        );
      }
    } finally {
      await context.close();
    }
  });
}
