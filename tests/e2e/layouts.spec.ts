import { expect, test, type Page } from "./fixtures";
import { apiHeaders, findDiscussion, originOf, signInAsAdmin, uniqueName } from "./helpers";

const FLAGS = ["customLayout.post", "customLayout.discussionList"] as const;

async function setLayoutFlags(page: Page, on: boolean): Promise<void> {
  const response = await page.request.patch("/api/v2/config", {
    headers: apiHeaders(originOf(page)),
    data: Object.fromEntries(FLAGS.map((flag) => [flag, on])),
  });
  expect(response.status(), await response.text()).toBe(204);
}

/**
 * Brings demo discussions to the top of the recent list (bump, as a moderator would), whatever other tests on this
 * worker's server posted before.
 */
async function bumpDemoDiscussions(page: Page, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const { discussionID } = await findDiscussion(page, name);
    const bumped = await page.request.patch(`/api/v2/discussions/${discussionID}/bump`, {
      headers: apiHeaders(originOf(page)),
    });
    expect(bumped.status(), await bumped.text()).toBe(200);
  }
}

declare global {
  interface Window {
    __marker?: number;
  }
}

test("with the custom layouts on, the app lists discussions and opens one without a page load", async ({
  page,
}) => {
  await signInAsAdmin(page);
  try {
    await setLayoutFlags(page, true);
    await bumpDemoDiscussions(page, ["Markdown or rich text?", "Tips for keeping discussions on topic"]);

    await page.goto("/discussions");
    await expect(page.locator("#app")).toHaveCount(1);
    const main = page.getByRole("main");
    const link = main.getByRole("link", { name: "Tips for keeping discussions on topic" });
    await expect(link).toBeVisible();
    await expect(main.getByRole("link", { name: "Markdown or rich text?" })).toBeVisible();

    await page.evaluate(() => {
      window.__marker = 1;
    });
    await link.click();
    await expect(page).toHaveURL(/\/discussion\/\d+\/tips-for-keeping-discussions-on-topic/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Tips for keeping discussions on topic" }),
    ).toBeVisible();
    await expect(page.getByText("Our community grew fast and threads started drifting.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "3 Comments" })).toBeVisible();
    await expect(page.getByText("Splitting threads made a huge difference for us.")).toBeVisible();
    // Still the same document: the click was handled in the app, not by a full page load.
    expect(await page.evaluate(() => window.__marker)).toBe(1);
    await expect(page.locator("#app")).toHaveCount(1);
  } finally {
    await setLayoutFlags(page, false);
  }

  await page.goto("/discussions");
  await expect(page.getByRole("heading", { level: 1, name: "Recent Discussions" })).toBeVisible();
  await expect(page.locator("#app")).toHaveCount(0);
});

test("an admin edits a fragment with its preview, builds a category page layout (live preview, a widget moved to another column by keyboard), assigns it to a category, and a guest without JavaScript sees it there", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const layoutName = uniqueName("Help page");
  const fragmentName = uniqueName("Greeting");
  const code = `layoutcat${Date.now().toString(36)}`;
  const headers = () => apiHeaders(originOf(page));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page, "/dashboard/appearance/layouts");
  const created = await page.request.post("/api/v2/categories", {
    headers: headers(),
    data: { name: `Help ${code}`, urlcode: code },
  });
  expect(created.status(), await created.text()).toBe(201);
  const category = (await created.json()) as { categoryID: number; name: string; url: string };
  await page.reload();
  try {
    // A fragment, previewed as pages run it; edited into one that throws: 'Error Loading Fragment'.
    const fragments = page.getByRole("region", { name: "Custom fragments" });
    await fragments.getByLabel("Fragment name").fill(fragmentName);
    await fragments
      .getByLabel("JavaScript")
      .fill("document.getElementById('fragment-root').textContent = 'Hello from the fragment';");
    await fragments.getByRole("button", { name: "Add fragment" }).click();
    const preview = fragments.getByRole("region", { name: "Preview" });
    await expect(preview.frameLocator("iframe").getByText("Hello from the fragment")).toBeVisible();
    await fragments.getByLabel("JavaScript").fill("throw new Error('Broken on purpose.');");
    await fragments.getByRole("button", { name: "Save fragment" }).click();
    await expect(page.getByText("The fragment is saved.")).toBeVisible();
    await expect(preview.getByRole("alert")).toContainText("Error Loading Fragment");

    // Category pages are drawn from their layouts (the category list's switch covers them).
    const lists = page.getByRole("region", { name: "Category list", exact: true });
    await lists.getByLabel("Draw these pages from their layout").check();
    await expect(lists.getByLabel("Draw these pages from their layout")).toBeChecked();

    await page.getByLabel("Page", { exact: true }).selectOption("discussionCategoryPage");
    await page.getByRole("button", { name: "New layout" }).click();
    await page.getByLabel("Layout name").fill(layoutName);
    await page.getByLabel("New section").selectOption("twoColumns");
    await page.getByRole("button", { name: "Add section" }).click();
    const section = page.getByRole("region", { name: "Section 3" });
    await section.getByLabel("Widget to add to Section 3, Main column").selectOption("links");
    await section.getByRole("button", { name: "Add widget to Section 3, Main column" }).click();
    const main = section.getByRole("list", { name: "Section 3, Main column" });
    await main.getByRole("button", { name: "Edit" }).click();
    await main.getByLabel("Title").fill("Help desk links");
    const link = main.getByRole("group", { name: "Link 1" });
    await link.getByLabel("Name", { exact: true }).fill("Contact the team");
    await link.getByLabel("URL", { exact: true }).fill("/categories");
    await main.getByRole("button", { name: "Done" }).click();

    // The live preview draws it with the site's data, unsaved.
    const livePreview = page.locator(".layoutEditor").getByRole("region", { name: "Preview" });
    await expect(livePreview.getByRole("heading", { name: "Help desk links" })).toBeVisible();
    await expect(livePreview.getByText("Page content")).toBeVisible();

    // By keyboard into the side panel: announced, focus kept on the widget.
    await main.getByRole("button", { name: "Move Links: Help desk links right" }).focus();
    await page.keyboard.press("Enter");
    const side = section.getByRole("list", { name: "Section 3, Side panel" });
    await expect(side.getByRole("listitem", { name: "Links: Help desk links" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "moved to" })).toHaveText(
      "Links: Help desk links moved to Section 3, Side panel, position 1.",
    );
    await expect(side.getByRole("listitem", { name: "Links: Help desk links" })).toBeFocused();
    await expect(livePreview.locator(".layoutSection-secondary")).toContainText("Help desk links");
    await page.screenshot({ path: testInfo.outputPath("layout-preview-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath("layout-preview-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("The layout is saved.")).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: layoutName });
    await expect(row).toContainText("Not applied");
    await row.getByRole("button", { name: `Where ${layoutName} applies` }).click();
    await row.getByLabel("Apply to").selectOption({ label: `Category: ${category.name}` });
    await row.getByRole("button", { name: "Assign" }).click();
    await expect(page.getByText("The layout is applied.")).toBeVisible();
    await expect(row.locator(".layoutsSection-applied")).toHaveText(`Category: ${category.name}`);

    for (const width of [1280, 390] as const) {
      const guestContext = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: width === 390 ? 844 : 900 },
      });
      const guest = await guestContext.newPage();
      await guest.goto(category.url);
      await expect(guest.getByRole("heading", { name: "Help desk links" })).toBeVisible();
      await expect(guest.getByRole("link", { name: "Contact the team" })).toBeVisible();
      await expect(guest.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
      await guest.screenshot({
        path: testInfo.outputPath(`layout-category-guest-${width}.png`),
        fullPage: true,
      });
      await guestContext.close();
    }

    // Unassigned, the category is back to the built-in page.
    await row.getByRole("button", { name: `Unassign Category: ${category.name}` }).click();
    await expect(page.getByText("The layout is unassigned.")).toBeVisible();
    const guestContext = await browser.newContext({ javaScriptEnabled: false });
    const guest = await guestContext.newPage();
    await guest.goto(category.url);
    await expect(guest.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
    await expect(guest.getByRole("heading", { name: "Help desk links" })).toHaveCount(0);
    await guestContext.close();
  } finally {
    const layouts = (await (await page.request.get("/api/v2/layouts")).json()) as {
      layoutID: number;
      name: string;
    }[];
    for (const layout of layouts.filter((one) => one.name === layoutName))
      await page.request.delete(`/api/v2/layouts/${layout.layoutID}`, { headers: headers() });
    const stored = (await (await page.request.get("/api/v2/fragments")).json()) as {
      fragmentUUID: string;
      name: string;
    }[];
    for (const fragment of stored.filter((one) => one.name === fragmentName))
      await page.request.delete(`/api/v2/fragments/${fragment.fragmentUUID}`, { headers: headers() });
    await page.request.patch("/api/v2/config", {
      headers: headers(),
      data: { "customLayout.categoryList": false },
    });
    await page.request.delete(`/api/v2/categories/${category.categoryID}`, { headers: headers() });
  }
});
