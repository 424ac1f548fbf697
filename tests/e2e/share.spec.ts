import { expect, test } from "./fixtures";
import { findDiscussion, newMember } from "./helpers";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("Share › Copy Link puts the shared permalink on the clipboard and confirms with a toast", async ({
  page,
}) => {
  await page.goto(new URL((await findDiscussion(page, "Markdown or rich text?")).url).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Markdown or rich text?" })).toBeVisible();
  const discussionPath = new URL(page.url()).pathname;

  const original = page.locator("article.post-discussion");
  const share = original.getByRole("button", { name: "Share" });
  await share.click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Email Link" })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Copy Link" }).click();

  const toasts = page.getByRole("region", { name: "Notifications" });
  await expect(toasts.getByText("Link copied to clipboard.")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const url = new URL(copied);
  expect(url.searchParams.get("utm_source")).toBe("community-share");
  expect(url.pathname).toBe(discussionPath);
  expect(url.origin).toBe(new URL(page.url()).origin);
});

test("Share › Share In Message opens a new message holding the comment's shared permalink", async ({
  browser,
}) => {
  const member = await newMember(browser, "sharer");
  try {
    const { page } = member;
    await page.goto(new URL((await findDiscussion(page, "Markdown or rich text?")).url).pathname);
    const comment = page.locator("article.post-comment").first();
    const commentID = Number((await comment.getAttribute("id"))?.replace("Comment_", ""));
    await comment.getByRole("button", { name: "Share" }).click();
    const item = page.getByRole("menu").getByRole("menuitem", { name: "Share In Message" });
    await expect(item).toBeVisible();
    await item.click();

    await expect(page).toHaveURL(/\/messages\/add\?content=/);
    const shared = new URL(new URL(page.url()).searchParams.get("content") ?? "");
    expect(shared.pathname).toBe(`/discussion/comment/${commentID}`);
    expect(shared.hash).toBe(`#Comment_${commentID}`);
    expect(shared.searchParams.get("utm_source")).toBe("community-share");
    await expect(page.getByText(shared.toString())).toBeVisible();
  } finally {
    await member.context.close();
  }
});
