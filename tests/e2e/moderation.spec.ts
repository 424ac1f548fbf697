import { expect, test } from "./fixtures";
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

test("a member reports a comment; a moderator deletes it from the queue, restores it and bans its author for a week", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  const adminID = await currentUserID(page);
  const thread = await createDiscussionWithComments(page, uniqueName("Reported thread"), 0);
  const discussionPath = new URL(thread.url, originOf(page)).pathname;
  const author = await newMember(browser, "Spammer");
  const authorID = await currentUserID(author.page);
  const reporter = await newMember(browser, "Reporter");
  const text = uniqueName("Cheap watches here");
  const posted = await author.page.request.post("/api/v2/comments", {
    headers: apiHeaders(originOf(author.page)),
    data: { discussionID: thread.discussionID, body: text, format: "markdown" },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  // The member reports the comment with a reason and a note.
  await reporter.page.goto(discussionPath);
  const reported = reporter.page.getByRole("main").getByRole("article").filter({ hasText: text });
  await reported.getByRole("button", { name: "Report" }).click();
  const report = reporter.page.getByRole("dialog", { name: "Report Comment" });
  await report.getByRole("radio", { name: "Spam" }).check();
  await report.getByLabel("Note for the moderators (optional)").fill("Selling watches");
  await report.getByRole("button", { name: "Report" }).click();
  await expect(reporter.page.getByText("Thanks. The moderators will look at your report.")).toBeVisible();

  // The moderator finds it in the queue with its reason and note, and deletes it.
  await page.goto("/dashboard/content/reports");
  const item = page.locator(".moderationQueue-item", { hasText: text });
  await expect(item).toContainText("1 report");
  await expect(item).toContainText("Selling watches");
  await expect(item).toContainText(reporter.name);
  await page.screenshot({ path: "test-results/moderation-queue.png", fullPage: true });
  await item.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted.", { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);
  await reporter.page.reload();
  await expect(reporter.page.getByRole("main").getByText(text)).toHaveCount(0);

  // Deleted Comments on the discussion restores it.
  await page.goto(`/log/filter?parentRecordID=${thread.discussionID}&recordType=comment&operation=delete`);
  const deleted = page.getByRole("main").getByRole("listitem").filter({ hasText: text });
  await deleted.getByRole("button", { name: /^Restore/ }).click();
  await expect(page.getByText("Restored.", { exact: true })).toBeVisible();
  await page.goto(discussionPath);
  await expect(page.getByRole("main").getByRole("article").filter({ hasText: text })).toBeVisible();

  // Ban the author for a week from the handled item.
  await page.goto("/dashboard/content/reports");
  await page.getByLabel("Status").selectOption({ label: "Handled" });
  await page
    .locator(".moderationQueue-item", { hasText: text })
    .getByRole("button", { name: "Ban author" })
    .click();
  const ban = page.getByRole("dialog", { name: `Ban ${author.name}` });
  await ban.getByLabel("Reason").fill("Spam links");
  await expect(ban.getByLabel("Length")).toHaveValue("7");
  await ban.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(page.getByText(`${author.name} is banned.`)).toBeVisible();
  const banned = await page.request.get(`/api/v2/users/${authorID}`);
  expect(((await banned.json()) as { banned: number }).banned).toBe(1);

  // The author's session is over; the profile says 'Banned' to the moderator, who could unban there.
  await author.page.reload();
  await expect(titleBarButton(author.page, "My Account")).toHaveCount(0);
  await page.goto(`/profile/${encodeURIComponent(author.name)}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Banned");
  await expect(page.getByRole("button", { name: `Unban ${author.name}` })).toBeVisible();
  await page.screenshot({ path: "test-results/moderation-banned-profile.png", fullPage: true });

  // Every moderator step is in the audit log: the delete, the restore, the ban.
  const auditLog = async (userID: number) => {
    const response = await page.request.get(`/api/v2/audit-logs?userID=${userID}&limit=50`);
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { method: string; path: string }[]).map(
      (entry) => `${entry.method} ${entry.path}`,
    );
  };
  expect(await auditLog(adminID)).toEqual(
    expect.arrayContaining([
      "POST /api/v2/moderation/items/:id/delete",
      "POST /api/v2/log/:id/restore",
      "PUT /api/v2/users/:id/ban",
    ]),
  );
  await author.context.close();
  await reporter.context.close();
});
