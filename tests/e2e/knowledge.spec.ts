import { expect, test, type Page } from "./fixtures";
import { apiHeaders, createDiscussionWithComments, newMember, originOf, signInAsAdmin } from "./helpers";

/** Writes an article in the editor and publishes it; ends on the article's page. */
async function publishArticle(page: Page, baseUrl: string, title: string, text: string): Promise<void> {
  await page.goto(baseUrl);
  await page.getByRole("link", { name: "New Article" }).click();
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type(text);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test("a manager makes a guide of three articles; a member finds one at /kb/search and finds it helpful", async ({
  browser,
}) => {
  // Two members, the editor three times and a search indexed by a job: more than the default 30 s when busy.
  test.setTimeout(240_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const reader = await newMember(browser, "reader");
  let switchedOff = false;
  try {
    await signInAsAdmin(admin, "/");
    const enabled = await admin.request.patch("/api/v2/addons/knowledge", {
      headers: apiHeaders(originOf(admin)),
      data: { enabled: true },
    });
    expect(enabled.status()).toBe(200);

    // The manager creates the base from /kb.
    const stamp = Date.now();
    const baseName = `Getting Started ${stamp}`;
    await admin.goto("/kb");
    await admin.getByRole("link", { name: "New Knowledge Base" }).click();
    await admin.getByRole("textbox", { name: "Name" }).fill(baseName);
    await expect(admin.getByRole("textbox", { name: "URL code" })).toHaveValue(`getting-started-${stamp}`);
    await admin.getByRole("radio", { name: /Guide/ }).check();
    await admin.getByRole("button", { name: "Create Knowledge Base" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: baseName })).toBeVisible();
    const baseUrl = new URL(admin.url()).pathname;

    // Three articles, read in the order they were written.
    const word = `zephyr${stamp}`;
    await publishArticle(admin, baseUrl, "Create an account", "Pick a name and a password.");
    await publishArticle(admin, baseUrl, "Start a discussion", `Each ${word} discussion needs a title.`);
    await publishArticle(admin, baseUrl, "Invite your friends", "Share the link with them.");
    await admin.goto(baseUrl);
    const contents = admin.getByRole("region", { name: "Contents" }).getByRole("listitem");
    await expect(contents).toHaveText(["Create an account", "Start a discussion", "Invite your friends"]);
    // The reading order by keyboard: the last article up one place, then back down, focus kept on it.
    const order = admin.getByRole("region", { name: "Reading Order" });
    await order.getByRole("button", { name: "Move Invite your friends up" }).focus();
    await admin.keyboard.press("Enter");
    await expect(order.getByRole("listitem")).toHaveText(
      ["Create an account", "Invite your friends", "Start a discussion"].map((name) => new RegExp(name)),
    );
    await admin.reload();
    await expect(contents).toHaveText(["Create an account", "Invite your friends", "Start a discussion"]);
    await order.getByRole("button", { name: "Move Invite your friends down" }).focus();
    await admin.keyboard.press("Enter");
    await expect(order.getByRole("button", { name: "Move Invite your friends up" })).toBeFocused();
    await admin.reload();
    await expect(contents).toHaveText(["Create an account", "Start a discussion", "Invite your friends"]);

    // The member searches the knowledge base (indexed by a job after each write) and opens the article.
    const { page } = reader;
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(async () => {
      await page.goto("/kb/search");
      const main = page.getByRole("main");
      await main.getByRole("searchbox", { name: "Search the knowledge base" }).fill(word);
      await main.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("link", { name: "Start a discussion" })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath("kb-search-1280.png"), fullPage: true });
    await page.getByRole("link", { name: "Start a discussion" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Start a discussion" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Invite your friends/ })).toHaveAttribute("rel", "next");

    // 'Was this helpful?': one vote, counted once even when sent again.
    const helpful = page.getByRole("region", { name: "Was this helpful?" });
    await helpful.getByRole("button", { name: "Yes" }).click();
    await expect(helpful.getByText("1 found this helpful, 0 did not.")).toBeVisible();
    await expect(helpful.getByRole("button", { name: "Yes" })).toHaveAttribute("aria-pressed", "true");
    await helpful.getByRole("button", { name: "Yes" }).click();
    await expect(helpful.getByText("1 found this helpful, 0 did not.")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("kb-article-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("kb-article-390.png"), fullPage: true });
    await page.goto(baseUrl);
    await page.screenshot({ path: test.info().outputPath("kb-base-390.png"), fullPage: true });

    // Other browser tests on this server expect the add-on off; its data stays.
    const off = await admin.request.patch("/api/v2/addons/knowledge", {
      headers: apiHeaders(originOf(admin)),
      data: { enabled: false },
    });
    expect(off.status()).toBe(200);
    switchedOff = true;
    expect((await page.goto(baseUrl))?.status()).toBe(404);
  } finally {
    if (!switchedOff)
      await admin.request.patch("/api/v2/addons/knowledge", {
        headers: apiHeaders(originOf(admin)),
        data: { enabled: false },
      });
    await Promise.all([adminContext.close(), reader.context.close()]);
  }
});

test("a manager turns an answer into a draft article, publishes it, and the discussion links to it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signInAsAdmin(admin, "/");
    const headers = apiHeaders(originOf(admin));
    expect(
      (await admin.request.patch("/api/v2/addons/knowledge", { headers, data: { enabled: true } })).status(),
    ).toBe(200);
    const stamp = Date.now();
    const baseName = `Answers ${stamp}`;
    const base = await admin.request.post("/api/v2/knowledge-bases", {
      headers,
      data: { name: baseName, urlCode: `answers-${stamp}`, viewType: "help" },
    });
    expect(base.status()).toBe(201);
    const discussion = await createDiscussionWithComments(admin, `How do I export ${stamp}?`, 1);

    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(`/discussion/${discussion.discussionID}`);
    const answer = admin.getByRole("article").filter({ hasText: "Comment number 1" });
    await answer.getByText("Turn into an article").click();
    await answer.getByLabel("Knowledge category").selectOption({ label: baseName });
    await admin.screenshot({ path: test.info().outputPath("kb-discussion-1280.png"), fullPage: true });
    await answer.getByRole("button", { name: "Create Draft Article" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: "Edit Article" })).toBeVisible();
    await expect(admin.getByRole("textbox", { name: "Title" })).toHaveValue(`How do I export ${stamp}?`);
    await expect(admin.getByRole("textbox", { name: "Body" })).toContainText("Comment number 1");
    await admin.getByRole("button", { name: "Publish" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: `How do I export ${stamp}?` })).toBeVisible();
    await expect(admin.getByRole("link", { name: `How do I export ${stamp}?` })).toHaveAttribute(
      "href",
      `/discussion/${discussion.discussionID}`,
    );
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    await admin.screenshot({ path: test.info().outputPath("kb-article-fresh-390.png"), fullPage: true });

    await admin.goto(`/kb/answers-${stamp}`);
    await expect(admin.getByRole("link", { name: `How do I export ${stamp}?` })).toBeVisible();
    await admin.screenshot({ path: test.info().outputPath("kb-help-390.png"), fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.screenshot({ path: test.info().outputPath("kb-help-1280.png"), fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`/discussion/${discussion.discussionID}`);
    await expect(admin.getByText("This discussion became an article:")).toBeVisible();
    await admin.screenshot({ path: test.info().outputPath("kb-discussion-390.png"), fullPage: true });
  } finally {
    await admin.request.patch("/api/v2/addons/knowledge", {
      headers: apiHeaders(originOf(admin)),
      data: { enabled: false },
    });
    await adminContext.close();
  }
});

test("a manager renames a base, moves a category, deletes an article and restores a revision; a reader searches one base", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const reader = await newMember(browser, "kbreader");
  try {
    await signInAsAdmin(admin, "/");
    const headers = apiHeaders(originOf(admin));
    expect(
      (await admin.request.patch("/api/v2/addons/knowledge", { headers, data: { enabled: true } })).status(),
    ).toBe(200);
    const stamp = Date.now();
    const word = `quokka${stamp}`;
    const post = async (url: string, data: object) => {
      const response = await admin.request.post(url, { headers, data });
      expect(response.status()).toBe(201);
      return (await response.json()) as Record<string, number>;
    };
    const base = await post("/api/v2/knowledge-bases", {
      name: `Manuals ${stamp}`,
      urlCode: `manuals-${stamp}`,
    });
    const other = await post("/api/v2/knowledge-bases", {
      name: `Other ${stamp}`,
      urlCode: `other-${stamp}`,
    });
    const alpha = await post("/api/v2/knowledge-categories", {
      knowledgeBaseID: base.knowledgeBaseID,
      name: "Alpha",
    });
    const beta = await post("/api/v2/knowledge-categories", {
      knowledgeBaseID: base.knowledgeBaseID,
      name: "Beta",
    });
    const article = (categoryID: number | undefined, name: string, text: string) =>
      post("/api/v2/articles", { knowledgeCategoryID: categoryID, name, body: text, format: "text" });
    const doomed = await article(alpha.knowledgeCategoryID, "Old printer setup", "Printers are gone.");
    const versioned = await article(
      beta.knowledgeCategoryID,
      "Clean the filter",
      `The ${word} filter, first way.`,
    );
    await article(other.rootCategoryID, "Elsewhere article", `Another ${word} text.`);
    const patched = await admin.request.patch(`/api/v2/articles/${versioned.articleID}`, {
      headers,
      data: { name: "Clean the filter quickly", body: `The ${word} filter, second way.` },
    });
    expect(patched.status()).toBe(200);

    // The manager renames the base from its options menu.
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(`/kb/manuals-${stamp}`);
    await admin.getByRole("button", { name: "Knowledge Base Options" }).click();
    await admin.getByRole("menuitem", { name: "Edit Knowledge Base" }).click();
    const edit = admin.getByRole("dialog", { name: "Edit Knowledge Base" });
    await edit.getByRole("textbox", { name: /Name/ }).fill(`Printer Manuals ${stamp}`);
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: `Printer Manuals ${stamp}` })).toBeVisible();

    // Moves Beta above Alpha by keyboard, then Alpha under Beta.
    const manager = admin.getByRole("region", { name: "Manage Categories" });
    const names = manager.locator(".kbCategoryManager-name");
    await expect(names).toHaveText(["Alpha", "Beta"]);
    await manager.getByRole("button", { name: "Move Beta up" }).focus();
    await admin.keyboard.press("Enter");
    await expect(names).toHaveText(["Beta", "Alpha"]);
    await expect(manager.getByRole("button", { name: "Move Beta down" })).toBeFocused();
    await manager.getByRole("combobox", { name: "Parent of Alpha" }).selectOption({ label: "Beta" });
    await expect(manager.getByRole("combobox", { name: "Parent of Alpha" })).toHaveValue(
      String(beta.knowledgeCategoryID),
    );
    await admin.reload();
    await expect(names).toHaveText(["Beta", "Alpha"]);
    await expect(admin.locator(`#category-${alpha.knowledgeCategoryID}`)).toHaveAttribute("data-depth", "2");
    await admin.screenshot({ path: test.info().outputPath("kb-manage-1280.png"), fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: test.info().outputPath("kb-manage-390.png"), fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });

    // Deletes an article: Escape first leaves it, focus back on the options button; then confirmed.
    await admin.getByRole("link", { name: "Old printer setup" }).click();
    const options = admin.getByRole("button", { name: "Article Options" });
    await options.click();
    await admin.getByRole("menuitem", { name: "Delete Article" }).click();
    await expect(admin.getByRole("dialog", { name: "Delete Article" })).toBeVisible();
    await admin.keyboard.press("Escape");
    await expect(admin.getByRole("dialog")).toHaveCount(0);
    await expect(options).toBeFocused();
    await options.click();
    await admin.getByRole("menuitem", { name: "Delete Article" }).click();
    await admin
      .getByRole("dialog", { name: "Delete Article" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(admin.getByRole("heading", { level: 1, name: `Printer Manuals ${stamp}` })).toBeVisible();
    await expect(admin.getByRole("link", { name: "Old printer setup" })).toHaveCount(0);
    expect((await admin.request.get(`/api/v2/articles/${doomed.articleID}`)).status()).toBe(404);

    // Restores the first revision of another article.
    await admin.getByRole("link", { name: "Clean the filter quickly" }).click();
    await admin.getByRole("button", { name: "Article Options" }).click();
    await admin.getByRole("menuitem", { name: "Revisions" }).click();
    const revisions = admin.getByRole("dialog", { name: "Revisions" });
    const items = revisions.getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText("Current");
    await expect(items.nth(1)).toContainText("Clean the filter");
    await expect(items.nth(1)).toContainText("admin");
    await admin.screenshot({ path: test.info().outputPath("kb-revisions-1280.png") });
    await items.nth(1).getByRole("button", { name: "View" }).click();
    const viewing = admin.getByRole("dialog", { name: "Clean the filter" });
    await expect(viewing).toContainText("first way");
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: test.info().outputPath("kb-revision-390.png") });
    await viewing.getByRole("button", { name: "Restore This Revision" }).click();
    await expect(
      admin.getByRole("heading", { level: 1, name: "Clean the filter", exact: true }),
    ).toBeVisible();
    await expect(admin.getByText("first way")).toBeVisible();

    // A reader searches from the base's page: that base's articles only.
    const { page } = reader;
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(async () => {
      await page.goto(`/kb/manuals-${stamp}`);
      await page.getByRole("main").getByRole("searchbox", { name: "Search the knowledge base" }).fill(word);
      await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("link", { name: "Clean the filter", exact: true })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(
      page.getByRole("heading", { level: 1, name: `Search in Printer Manuals ${stamp}` }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Elsewhere article" })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("kb-base-search-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("kb-base-search-390.png"), fullPage: true });
  } finally {
    await admin.request.patch("/api/v2/addons/knowledge", {
      headers: apiHeaders(originOf(admin)),
      data: { enabled: false },
    });
    await Promise.all([adminContext.close(), reader.context.close()]);
  }
});
