import { expect, test } from "./fixtures";
import { apiHeaders, createDiscussionWithComments, newMember, originOf, uniqueName } from "./helpers";

for (const width of [1280, 390]) {
  test(`a post shows its date once and its links are underlined, not told by colour alone (${width} px)`, async ({
    browser,
  }) => {
    const member = await newMember(browser, "reader", { viewport: { width, height: 900 } });
    try {
      const { page } = member;
      const discussion = await createDiscussionWithComments(page, `Links ${uniqueName("l")}`, 0);
      const comment = await page.request.post("/api/v2/comments", {
        headers: apiHeaders(originOf(page)),
        data: {
          discussionID: discussion.discussionID,
          body: "Read [the guide](https://example.com/guide) before asking.",
          format: "markdown",
        },
      });
      expect(comment.status()).toBe(201);
      const { commentID } = (await comment.json()) as { commentID: number };
      await page.goto(discussion.url);
      const post = page.locator(`#Comment_${commentID}`);
      // The post's widgets have loaded (its action row), and still one date.
      await expect(post.getByRole("button", { name: "Copy Link" })).toBeVisible();
      await expect(post.locator("time")).toHaveCount(1);
      const link = post.locator(".userContent").getByRole("link", { name: "the guide" });
      await expect(link).toBeVisible();
      expect(await link.evaluate((element) => getComputedStyle(element).textDecorationLine)).toContain(
        "underline",
      );
    } finally {
      await member.context.close();
    }
  });
}
