import { expect, test } from "./fixtures";
import { apiHeaders, newMember, originOf, signInAsAdmin } from "./helpers";

test("a member starts a discussion from a category, previews it, moves it with the category picker and posts it", async ({
  browser,
}) => {
  const member = await newMember(browser, "starter");
  const { page } = member;
  await page.goto("/categories/off-topic");
  await page.getByRole("main").getByRole("link", { name: "New Discussion" }).click();
  // /post/discussion/{categoryID}: the category is chosen already.
  await expect(page).toHaveURL(/\/post\/discussion\/\d+$/);
  await expect(page.getByRole("heading", { name: "New Discussion" })).toBeVisible();
  const toolbar = page.getByRole("toolbar", { name: "Text formatting" });
  await expect(toolbar).toBeVisible();
  const category = page.getByRole("combobox", { name: "Category" });
  await expect(category).toHaveValue("Off Topic");

  const title = `Previewed ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  const body = page.getByRole("textbox", { name: "Body" });
  await body.click();
  await page.keyboard.type("Seen before it is posted, ");
  await page.keyboard.press("ControlOrMeta+B");
  await page.keyboard.type("in bold");
  await page.keyboard.press("ControlOrMeta+B");
  await page.keyboard.type(".");

  // Preview: the title and the body as the server renders them; the editor keeps its text.
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: title })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("in bold");
  await expect(preview).toContainText("Seen before it is posted, in bold.");
  await page.screenshot({ path: "test-results/createPost-preview.png" });
  await page.getByRole("button", { name: "Close Preview" }).click();
  await expect(preview).toHaveCount(0);
  await expect(body.locator("strong")).toHaveText("in bold");

  // The picker searches by name and shows a sub-category's parents; staff-only categories are not offered.
  await category.fill("Announce");
  await expect(page.getByText("No categories found.")).toBeVisible();
  await category.fill("Started");
  const option = page.getByRole("option", { name: /Getting Started/ });
  await expect(option).toContainText("Help & Support");
  await option.click();
  await expect(category).toHaveValue("Getting Started");

  await page.getByRole("button", { name: "Post Discussion" }).click();
  await expect(page).toHaveURL(/\/discussion\/\d+\//);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(main.locator("article.post-discussion .userContent strong")).toHaveText("in bold");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Getting Started");
  await member.context.close();
});

test("the create page refuses what a member may not post and says what is missing", async ({ browser }) => {
  const member = await newMember(browser, "hasty");
  const { page } = member;
  const categories = (await (
    await page.request.get("/api/v2/categories?outputFormat=flat&limit=100")
  ).json()) as { categoryID: number; name: string }[];
  const announcements = categories.find((item) => item.name === "Announcements");
  // Only staff start discussions in Announcements.
  const refused = await page.goto(`/post/discussion/${announcements?.categoryID}`);
  expect(refused?.status()).toBe(403);
  expect((await page.goto("/post/discussion/99999999"))?.status()).toBe(404);
  expect((await page.goto("/post/question"))?.status()).toBe(404);

  await page.goto("/post/discussion");
  await expect(page.getByRole("toolbar", { name: "Text formatting" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("");
  // Only the built-in post type is installed: there is no type to choose, and no announcement for members.
  await expect(page.getByRole("group", { name: "Post Type" })).toHaveCount(0);
  await expect(page.getByLabel("Announce")).toHaveCount(0);
  // Post stays disabled until the body has text; then the missing title and category are named.
  const post = page.getByRole("button", { name: "Post Discussion" });
  await expect(post).toBeDisabled();
  await page.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("Only a body.");
  await post.click();
  await expect(page.getByText("Title is required.")).toBeVisible();
  await expect(page.getByText("Category is required.")).toBeVisible();
  await expect(page).toHaveURL(/\/post\/discussion$/);
  await member.context.close();
});

test("an administrator announces a new discussion from the create page", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/categories/general");
  await page.getByRole("main").getByRole("link", { name: "New Discussion" }).click();
  await expect(page.getByRole("toolbar", { name: "Text formatting" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("General");
  const title = `Read this first ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Announce").selectOption({ label: "Announce in its category" });
  await page.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("Pinned to the top of General.");
  await page.getByRole("button", { name: "Post Discussion" }).click();
  await expect(page).toHaveURL(/\/discussion\/\d+\//);
  const discussionID = Number(/\/discussion\/(\d+)\//.exec(page.url())?.[1]);
  const stored = (await (
    await page.request.get(`/api/v2/discussions/${discussionID}`, { headers: apiHeaders(originOf(page)) })
  ).json()) as { pinned: boolean; pinLocation: string };
  expect(stored).toMatchObject({ pinned: true, pinLocation: "category" });
  await page.goto("/categories/general");
  const first = page.getByRole("main").getByRole("listitem").filter({ hasText: title });
  await expect(first).toContainText("Announcement");
});
