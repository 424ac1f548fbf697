import { expect, test } from "./fixtures";
import { createDiscussionWithComments, originOf, signInAsAdmin, uniqueName } from "./helpers";

test("a moderator tags a discussion and announces it: the tag page lists it and it leads its category", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const announced = await createDiscussionWithComments(page, uniqueName("Announced thread"), 0);
  const newer = await createDiscussionWithComments(page, uniqueName("Newer thread"), 0);
  const tag = uniqueName("Release");
  const main = page.getByRole("main");
  const options = main.getByRole("button", { name: "Discussion Options" });
  await page.goto(new URL(announced.url, originOf(page)).pathname);

  // Tag: a new tag name, picked from the suggestions, saved.
  await options.click();
  await page.getByRole("menuitem", { name: "Tag" }).click();
  const tags = page.getByRole("dialog", { name: "Tags" });
  await tags.getByRole("combobox", { name: "Tags" }).fill(tag);
  await tags.getByRole("option", { name: `Add new tag: ${tag}` }).click();
  await expect(tags.getByRole("list", { name: "Chosen Tags" })).toContainText(tag);
  await tags.getByRole("button", { name: "Save" }).click();
  await expect(tags).toHaveCount(0);
  await page.reload();
  const tagLink = main.getByRole("list", { name: "Tags" }).getByRole("link", { name: tag });
  await expect(tagLink).toBeVisible();
  await tagLink.click();
  await expect(page).toHaveURL(/\/discussions\?tagID=\d+/);
  await expect(main.getByRole("link", { name: announced.name, exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: newer.name, exact: true })).toHaveCount(0);

  // Announce in its category: it comes before the newer discussion there.
  await page.goto(new URL(announced.url, originOf(page)).pathname);
  await options.click();
  await page.getByRole("menuitem", { name: "Announce" }).click();
  const announce = page.getByRole("dialog", { name: "Announce" });
  await announce.getByRole("radio", { name: "Announce in its category", exact: true }).check();
  await announce.getByRole("button", { name: "Save" }).click();
  await expect(announce).toHaveCount(0);
  await page.goto("/categories/general");
  const titles = await main.locator(".discussionList-title").allTextContents();
  const at = (name: string) => titles.findIndex((title) => title.includes(name));
  expect(at(announced.name)).toBeGreaterThanOrEqual(0);
  expect(at(announced.name)).toBeLessThan(at(newer.name));
  const row = main
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: announced.name, exact: true }) });
  await expect(row).toContainText("Announcement");
  await page.screenshot({ path: "test-results/tags-announced.png", fullPage: true });
});
