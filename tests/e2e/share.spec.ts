import { expect, test } from "./fixtures";
import { findDiscussion } from "./helpers";

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
