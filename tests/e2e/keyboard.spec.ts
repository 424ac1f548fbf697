import { expect, test, type Locator, type Page } from "./fixtures";
import { createDiscussionWithComments, signInAsAdmin, uniqueName } from "./helpers";

/** 31 comments: page 1 holds 1–30, page 2 holds 31. */
let discussion: { discussionID: number; name: string; url: string };

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signInAsAdmin(page);
  discussion = await createDiscussionWithComments(page, uniqueName("Paged thread "), 31);
  await context.close();
});

/**
 * The interactive 'Sort by' select. Without the page script the page has a plain select with a 'Go' button;
 * wait until the widget has replaced it, or a change would only alter the plain select.
 */
async function sortSelect(page: Page): Promise<Locator> {
  await expect(page.locator(".commentSortWidget").getByRole("button", { name: "Go" })).toHaveCount(0);
  return page.getByRole("combobox", { name: "Sort by" });
}

test("'Sort by' Newest from the keyboard puts the last comment first", async ({ page }) => {
  await page.goto(discussion.url);
  const comments = page.getByRole("region", { name: "Comments" }).getByRole("article");
  await expect(comments.first()).toContainText("Comment number 1");
  const sort = await sortSelect(page);
  await expect(sort).toHaveValue("dateInserted");

  await sort.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/\?sort=-dateInserted$/);
  await expect(await sortSelect(page)).toHaveValue("-dateInserted");
  await expect(comments.first()).toHaveText(/Comment number 31/);
  await expect(comments.last()).toHaveText(/Comment number 2\b/);

  await (await sortSelect(page)).selectOption({ label: "Oldest" });
  await expect(page).toHaveURL(new RegExp(`/discussion/${discussion.discussionID}/[^/?]+$`));
  await expect(comments.first()).toHaveText(/Comment number 1\b/);
});

test("the pager's 'Jump to page' form loads page 2, and Previous Page returns", async ({ page }) => {
  await page.goto(discussion.url);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager.getByRole("button", { name: "Previous Page" })).toBeDisabled();
  const count = pager.getByRole("button", { name: "1 - 30 of 31" });
  await count.focus();
  await page.keyboard.press("Enter");

  const jump = pager.getByLabel("Jump to page");
  await expect(jump).toBeFocused();
  await expect(pager.getByText("of 2")).toBeVisible();
  await page.keyboard.type("2");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(new RegExp(`/discussion/${discussion.discussionID}/[^/]+/p2$`));
  const comments = page.getByRole("region", { name: "Comments" }).getByRole("article");
  await expect(comments).toHaveCount(1);
  await expect(comments.first()).toContainText("Comment number 31");
  await expect(pager.getByRole("button", { name: "31 - 31 of 31" })).toBeVisible();
  await expect(pager.getByRole("button", { name: "Next Page" })).toBeDisabled();

  await pager.getByRole("button", { name: "Previous Page" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/discussion/${discussion.discussionID}/[^/]+$`));
  await expect(comments).toHaveCount(30);
});
