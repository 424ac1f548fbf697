import { expect, test } from "@playwright/test";
import { apiHeaders, createDiscussionWithComments, originOf, signInAsAdmin, uniqueName } from "./helpers";

test("a moderator deletes and restores a comment and a discussion, and restores a revision from its history", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const name = uniqueName("Moderated thread");
  const created = await createDiscussionWithComments(page, name, 2);
  const renamed = `${name} (renamed)`;
  const patched = await page.request.patch(`/api/v2/discussions/${created.discussionID}`, {
    headers: apiHeaders(originOf(page)),
    data: { name: renamed },
  });
  expect(patched.status()).toBe(200);
  const discussionPath = new URL(created.url, originOf(page)).pathname;
  const main = page.getByRole("main");
  const comments = main.getByRole("region", { name: "Comments" }).getByRole("article");
  const options = main.getByRole("button", { name: "Discussion Options" });

  // Delete the second comment.
  await page.goto(discussionPath);
  await expect(comments).toHaveCount(2);
  await comments.nth(1).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete Comment" }).getByRole("button", { name: "Delete" }).click();
  await expect(comments).toHaveCount(1);

  // Deleted Comments lists it; Restore brings it back into the thread.
  await options.click();
  await page.getByRole("menuitem", { name: "Deleted Comments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deleted Comments" })).toBeVisible();
  const deleted = main.getByRole("listitem").filter({ hasText: "Comment number 2" });
  await expect(deleted).toContainText("Comment deleted");
  await page.screenshot({ path: "test-results/moderation-deleted-comments.png", fullPage: true });
  await deleted.getByRole("button", { name: /^Restore/ }).click();
  await expect(page.getByText("Restored.", { exact: true })).toBeVisible();
  await expect(deleted).toContainText("Restored");
  await page.goto(discussionPath);
  await expect(comments).toHaveCount(2);
  await expect(comments.nth(1)).toContainText("Comment number 2");

  // Revision History shows the rename as a diff; restoring the revision brings the old title back.
  await options.click();
  await page.getByRole("menuitem", { name: "Revision History" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Revision History" })).toBeVisible();
  const edit = main.getByRole("listitem").filter({ hasText: "Edited" });
  await expect(edit.locator("del", { hasText: name })).toBeVisible();
  await expect(edit.locator("ins", { hasText: renamed })).toBeVisible();
  await page.screenshot({ path: "test-results/moderation-revision-history.png", fullPage: true });
  await edit.getByRole("button", { name: /^Restore/ }).click();
  await expect(page.getByText("Revision restored.", { exact: true })).toBeVisible();
  await page.goto(discussionPath);
  await expect(main.getByRole("heading", { level: 1, name })).toBeVisible();

  // Delete the discussion: its ID is not handed out again, and its history page restores it.
  await options.click();
  await page.getByRole("menuitem", { name: "Delete", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Delete Discussion" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page).toHaveURL(/\/categories\/general$/);
  expect((await page.goto(discussionPath))?.status()).toBe(410);
  const next = await createDiscussionWithComments(page, uniqueName("Next thread"), 0);
  expect(next.discussionID).toBeGreaterThan(created.discussionID);
  await page.goto(`/log/filter?recordType=discussion&recordID=${created.discussionID}`);
  const deletion = main.getByRole("listitem").filter({ hasText: "Discussion deleted" });
  await deletion.getByRole("button", { name: /^Restore/ }).click();
  await expect(page.getByText("Restored.", { exact: true })).toBeVisible();
  await page.goto(discussionPath);
  await expect(main.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(comments).toHaveCount(2);
});
