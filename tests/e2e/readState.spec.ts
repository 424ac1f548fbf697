import { expect, test, type Page } from "./fixtures";
import {
  apiHeaders,
  createDiscussionWithComments,
  newMember,
  originOf,
  signInAsAdmin,
  uniqueName,
} from "./helpers";

/** The row of a discussion in the list, by its title. */
function rowOf(page: Page, title: string) {
  return page.locator(".discussionList-item", { has: page.getByRole("link", { name: title, exact: true }) });
}

test("a member sees what is new, returns to the first unread comment, and the marker goes once read", async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  // A member sees as New what happened since they joined (at most two days back): they join first.
  const reader = await newMember(browser, "reader");
  const title = `Unread thread ${uniqueName("r")}`;
  const discussion = await createDiscussionWithComments(admin, title, 2);
  try {
    const page = reader.page;
    // Never opened: the whole thread is new.
    await page.goto("/discussions");
    await expect(rowOf(page, title).locator(".unreadBadge")).toHaveText("New");
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // Reading is written in the background, about once a second.
    await expect(async () => {
      await page.goto("/discussions");
      await expect(rowOf(page, title).locator(".unreadBadge")).toHaveCount(0);
    }).toPass({ timeout: 10_000 });

    // Two more comments: the list counts them and the title leads to the first of them.
    for (const text of ["Third comment", "Fourth comment"]) {
      const posted = await admin.request.post("/api/v2/comments", {
        headers: apiHeaders(originOf(admin)),
        data: { discussionID: discussion.discussionID, body: text, format: "markdown" },
      });
      expect(posted.status()).toBe(201);
    }
    await page.goto("/discussions");
    await expect(rowOf(page, title).locator(".unreadBadge")).toHaveText("2 new");
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(/#Comment_\d+$/);
    const anchor = new URL(page.url()).hash.slice(1);
    await expect(page.locator(`#${anchor}`)).toContainText("Third comment");
    await expect(page.getByRole("separator").filter({ hasText: "New" })).toBeVisible();

    // 'Unread' filter lists it no more once read.
    await expect(async () => {
      await page.goto("/discussions?readState=unread");
      await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);
    }).toPass({ timeout: 10_000 });
  } finally {
    await reader.context.close();
    await adminContext.close();
  }
});
