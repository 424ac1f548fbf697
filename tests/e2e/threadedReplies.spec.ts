import { expect, test, type Page } from "./fixtures";
import { apiHeaders, localDraftsText, originOf, signInAsAdmin, uniqueName } from "./helpers";

interface Created {
  discussionID?: number;
  commentID?: number;
  categoryID?: number;
  url: string;
}

async function post(page: Page, path: string, data: Record<string, unknown>): Promise<Created> {
  const response = await page.request.post(`/api/v2${path}`, { headers: apiHeaders(originOf(page)), data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Created;
}

/** As the administrator: a category showing threaded replies, a discussion with two comments and a deep reply chain. */
async function seed(page: Page) {
  await signInAsAdmin(page);
  const name = uniqueName("Threads ");
  const category = await post(page, "/categories", {
    name,
    urlcode: uniqueName("threads-"),
    replyDisplay: "threaded",
  });
  const discussion = await post(page, "/discussions", {
    name: `Threaded talk ${name}`,
    body: "Where replies nest.",
    format: "markdown",
    categoryID: category.categoryID,
  });
  const comment = (body: string, parentCommentID?: number) =>
    post(page, "/comments", {
      discussionID: discussion.discussionID,
      body,
      format: "markdown",
      ...(parentCommentID ? { parentCommentID } : {}),
    }).then((created) => created.commentID ?? 0);
  const first = await comment("The first comment");
  const second = await comment("The second comment");
  let deepest = await comment("Start of a long chain");
  for (let depth = 2; depth <= 5; depth += 1) deepest = await comment(`Chain depth ${depth}`, deepest);
  return { discussion, first, second, deepest };
}

const commentArticle = (page: Page, id: number) => page.locator(`#Comment_${id}`);
const actionsOf = (page: Page, id: number) => page.locator(`#Comment_${id}`).locator(".postActions").first();

test("a reply nests under its comment; flat or threaded is the reader's choice", async ({ page }) => {
  const { discussion, first } = await seed(page);
  await page.goto(discussion.url);
  const main = page.getByRole("main");
  const display = main.getByRole("navigation", { name: "Reply display" });
  await expect(display.getByRole("link", { name: "Threaded" })).toHaveAttribute("aria-current", "true");

  await actionsOf(page, first).getByRole("button", { name: "Reply" }).click();
  const box = page.getByRole("textbox", { name: "Reply" });
  await box.click();
  await page.keyboard.type("A nested reply");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page).toHaveURL(/#Comment_\d+$/);
  const nested = page.locator(`#Replies_${first}`).getByText("A nested reply");
  await expect(nested).toBeVisible();

  // Collapse and expand the first comment's replies.
  const toggle = page.locator(`[aria-controls="Replies_${first}"]`);
  await expect(toggle).toHaveText(/Hide replies/);
  await toggle.click();
  await expect(nested).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toHaveText(/Show 1 reply/);
  await toggle.press("Enter");
  await expect(nested).toBeVisible();

  // Flat: every comment in date order, nothing nested; the choice is remembered.
  await display.getByRole("link", { name: "Flat" }).click();
  await expect(display.getByRole("link", { name: "Flat" })).toHaveAttribute("aria-current", "true");
  await expect(main.getByText("A nested reply")).toBeVisible();
  await expect(page.locator(".commentReplies-list")).toHaveCount(0);
  await page.goto(discussion.url);
  await expect(page.locator(".commentReplies-list")).toHaveCount(0);
  await display.getByRole("link", { name: "Threaded" }).click();
  await expect(page.locator(`#Replies_${first}`).getByText("A nested reply")).toBeVisible();
});

test("a reply draft survives a reload, and Discard Draft throws it away", async ({ page }) => {
  const { discussion, second } = await seed(page);
  await page.goto(discussion.url);
  await actionsOf(page, second).getByRole("button", { name: "Reply" }).click();
  await page.getByRole("textbox", { name: "Reply" }).click();
  await page.keyboard.type("Half a reply worth keeping");
  // Kept in this browser (at most once a second) and then on the server: reload once this browser holds it.
  await expect.poll(() => localDraftsText(page)).toContain("Half a reply worth keeping");
  await page.reload();
  const box = actionsOf(page, second).getByRole("textbox", { name: "Reply" });
  await expect(box).toContainText("Half a reply worth keeping");

  await actionsOf(page, second).getByRole("button", { name: "Cancel" }).click();
  const dialog = page.getByRole("dialog", { name: "Discard Draft" });
  await expect(dialog).toContainText("Are you sure you want to discard it?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(box).toContainText("Half a reply worth keeping");
  await actionsOf(page, second).getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("dialog", { name: "Discard Draft" }).getByRole("button", { name: "Discard" }).click();
  await expect(box).toHaveCount(0);
  await page.reload();
  await expect(actionsOf(page, second).getByRole("button", { name: "Reply" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Reply" })).toHaveCount(0);
});

test("a permalink to a deeply nested reply opens the thread down to it", async ({ page }) => {
  const { deepest } = await seed(page);
  await page.goto(`/discussion/comment/${deepest}`);
  await expect(page).toHaveURL(new RegExp(`focus=${deepest}#Comment_${deepest}$`));
  await expect(commentArticle(page, deepest)).toBeVisible();
  await expect(commentArticle(page, deepest)).toContainText("Chain depth 5");
  // At the maximum depth no reply box opens under it: Reply goes to the discussion's comment box.
  await actionsOf(page, deepest).getByRole("button", { name: "Reply" }).click();
  await expect(page.getByRole("textbox", { name: "Reply" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Comment" })).toBeFocused();
});
