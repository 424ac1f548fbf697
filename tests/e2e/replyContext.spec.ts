import { expect, test, type Page } from "./fixtures";
import { createDiscussionWithComments, newMember, uniqueName } from "./helpers";

const commentActions = (page: Page, commentID: number) =>
  page.locator(`#Comment_${commentID}`).locator(".postActions").first();

/** The IDs of the discussion's comments, oldest first (GET /comments). */
async function commentIDs(page: Page, discussionID: number): Promise<number[]> {
  const response = await page.request.get(`/api/v2/comments?discussionID=${discussionID}&limit=30`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Array<{ commentID: number }>).map((comment) => comment.commentID);
}

for (const width of [1280, 390]) {
  test(`flat view: Reply on a comment mentions its author, says whom it answers with a link back, and the box stays after posting (${width} px)`, async ({
    browser,
  }) => {
    const author = await newMember(browser, "asked");
    const reader = await newMember(browser, "answers", { viewport: { width, height: 900 } });
    try {
      const discussion = await createDiscussionWithComments(author.page, `Flat talk ${uniqueName("f")}`, 2);
      const [first] = await commentIDs(author.page, discussion.discussionID);
      const { page } = reader;
      await page.goto(discussion.url);
      await commentActions(page, first ?? 0)
        .getByRole("button", { name: "Reply" })
        .click();

      const composer = page.getByRole("region", { name: "Leave a comment" });
      const replyingTo = composer.getByText("Replying to");
      await expect(replyingTo).toBeVisible();
      await expect(replyingTo.getByRole("link", { name: author.name })).toHaveAttribute(
        "href",
        new RegExp(`/discussion/comment/${first}`),
      );
      const box = composer.getByRole("textbox", { name: "Comment" });
      await expect(box).toContainText(`@${author.name}`);
      await expect(box).toBeFocused();
      await page.keyboard.type("good point, thanks");
      await composer.getByRole("button", { name: "Post Comment" }).click();

      // The new comment mentions the author (a link to their profile); the reply box is there for the next one.
      await expect(page).toHaveURL(/#Comment_\d+$/);
      const posted = page.locator("article.post-comment", { hasText: "good point, thanks" });
      await expect(posted.getByRole("link", { name: `@${author.name}` })).toBeVisible();
      const again = page.getByRole("region", { name: "Leave a comment" });
      await expect(again.getByRole("textbox", { name: "Comment" })).toBeVisible();
      await expect(again.getByRole("textbox", { name: "Comment" })).not.toContainText("good point");
      await expect(again.getByText("Replying to")).toHaveCount(0);
    } finally {
      await author.context.close();
      await reader.context.close();
    }
  });

  test(`a reply in threaded view keeps the page threaded (${width} px)`, async ({ browser }) => {
    const author = await newMember(browser, "threadstart");
    const reader = await newMember(browser, "threadreply", { viewport: { width, height: 900 } });
    try {
      const discussion = await createDiscussionWithComments(author.page, `Threads ${uniqueName("t")}`, 2);
      const [first] = await commentIDs(author.page, discussion.discussionID);
      const { page } = reader;
      await page.goto(discussion.url);
      const display = page.getByRole("main").getByRole("navigation", { name: "Reply display" });
      await display.getByRole("link", { name: "Threaded" }).click();
      await expect(display.getByRole("link", { name: "Threaded" })).toHaveAttribute("aria-current", "true");

      await commentActions(page, first ?? 0)
        .getByRole("button", { name: "Reply" })
        .click();
      const box = page.getByRole("textbox", { name: "Reply" });
      await box.click();
      await page.keyboard.type("A reply that nests");
      await page.getByRole("button", { name: "Post Reply" }).click();
      await expect(page).toHaveURL(/#Comment_\d+$/);
      await expect(page.locator(`#Replies_${first}`).getByText("A reply that nests")).toBeVisible();
      await expect(
        page
          .getByRole("main")
          .getByRole("navigation", { name: "Reply display" })
          .getByRole("link", { name: "Threaded" }),
      ).toHaveAttribute("aria-current", "true");
    } finally {
      await author.context.close();
      await reader.context.close();
    }
  });
}
