import { expect, test, type Page } from "./fixtures";
import { apiHeaders, newMember, originOf, signInAsAdmin, uniqueName } from "./helpers";

/**
 * Search as a guest (SPEC 2 hero, title bar and search page; SPEC 4 search box): the hero and the title bar
 * suggest and submit, the page filters by category and author and pages, a private category never shows; a
 * member's new comment is found within 2 s.
 */

interface Seeded {
  word: string;
  publicCategory: string;
  otherCategory: string;
  authorName: string;
}

async function post(
  page: Page,
  path: string,
  data: Record<string, unknown>,
): Promise<{ [key: string]: unknown }> {
  const response = await page.request.post(`/api/v2${path}`, { headers: apiHeaders(originOf(page)), data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { [key: string]: unknown };
}

async function roleID(page: Page, name: string): Promise<number> {
  const response = await page.request.get("/api/v2/roles");
  const roles = (await response.json()) as { roleID: number; name: string }[];
  const role = roles.find((item) => item.name === name);
  if (!role) throw new Error(`No role ${name}`);
  return role.roleID;
}

/** As the administrator: two public categories, a private one, 23 discussions with one rare word. */
async function seed(page: Page): Promise<Seeded> {
  await signInAsAdmin(page);
  const word = uniqueName("zephyrine");
  const category = async (name: string, hidden = false) => {
    const permissions = hidden
      ? [
          { roleID: await roleID(page, "Member"), permissions: {} },
          { roleID: await roleID(page, "Guest"), permissions: {} },
        ]
      : undefined;
    const created = await post(page, "/categories", {
      name,
      urlcode: uniqueName(name.toLowerCase().replace(/\W+/g, "-")),
      ...(permissions ? { permissions } : {}),
    });
    return created.categoryID as number;
  };
  const publicCategory = uniqueName("Orchards ");
  const otherCategory = uniqueName("Meadows ");
  const publicID = await category(publicCategory);
  const otherID = await category(otherCategory);
  const privateID = await category(uniqueName("Vault "), true);
  const discussion = (categoryID: number, name: string) =>
    post(page, "/discussions", { name, body: `About ${word} and more.`, format: "markdown", categoryID });
  for (let index = 1; index <= 21; index++) await discussion(publicID, `Orchard note ${index} on ${word}`);
  await discussion(otherID, `Meadow walk with ${word}`);
  await discussion(privateID, `Secret vault plan ${word}`);
  const me = (await (await page.request.get("/api/v2/users/me")).json()) as { name: string };
  await page.context().clearCookies();
  return { word, publicCategory, otherCategory, authorName: me.name };
}

test("a guest searches from the hero and the title bar, filters, pages and never sees a private result", async ({
  page,
}) => {
  const seeded = await seed(page);

  // The hero: suggestions after the debounce, 'Search for' first, no private title anywhere.
  await page.goto("/");
  const hero = page.locator(".heroBanner").getByRole("combobox", { name: "Search" });
  await hero.fill(seeded.word);
  const menu = page.getByRole("listbox", { name: "Search" });
  await expect(menu.getByRole("option").first()).toHaveText(`Search for ${seeded.word}`);
  await expect(menu.getByRole("option", { name: /Orchard note/ }).first()).toBeVisible();
  await expect(menu).not.toContainText("Secret vault");
  // Tab from the text moves to the clear button; clearing closes the menu and empties the box.
  await hero.press("Tab");
  await expect(page.getByRole("button", { name: "Clear Search" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(hero).toHaveValue("");
  await expect(menu).toBeHidden();
  await hero.fill(seeded.word);
  await hero.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/search\\?query=${seeded.word}`));
  await expect(page.getByText("23 results")).toBeHidden();
  await expect(page.getByText("22 results")).toBeVisible();
  await expect(page.locator(".searchResults")).not.toContainText("Secret vault");
  await page.screenshot({ path: "test-results/search-page.png", fullPage: true });

  // Pages: 20 a page, then the last 2.
  await expect(page.locator(".searchResults > li")).toHaveCount(20);
  await page.getByRole("button", { name: "Next Page" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator(".searchResults > li")).toHaveCount(2);
  await page.getByRole("button", { name: "Previous Page" }).click();
  await expect(page.locator(".searchResults > li")).toHaveCount(20);

  // Category filter: only the other category's discussion; the URL keeps the value/label pair.
  await page.getByLabel("Category").selectOption({ label: seeded.otherCategory });
  await expect(page.getByText("1 result", { exact: true })).toBeVisible();
  await expect(page.locator(".searchResults")).toContainText("Meadow walk");
  await expect(page).toHaveURL(/categoryID%5B0%5D%5Bvalue%5D=\d+/);
  await page.getByLabel("Category").selectOption({ label: "All Categories" });
  await expect(page.getByText("22 results")).toBeVisible();

  // Author filter: the administrator wrote them all; someone else wrote none.
  const author = page.getByLabel("Author");
  await author.fill("nobody-at-all");
  await author.press("Enter");
  await expect(page.getByText("No results found.")).toBeVisible();
  await author.fill(seeded.authorName);
  await author.press("Enter");
  await expect(page.getByText("22 results")).toBeVisible();

  // The title bar: the search button opens the box with autocomplete; Enter on 'Search for' submits.
  await page.goto("/discussions");
  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  const titleBox = page.getByRole("banner").getByRole("combobox", { name: "Search" });
  await expect(titleBox).toBeFocused();
  await titleBox.fill(`Meadow ${seeded.word}`);
  await expect(page.getByRole("option", { name: /Meadow walk/ })).toBeVisible();
  await page.screenshot({ path: "test-results/search-titlebar.png" });
  await titleBox.press("ArrowDown");
  await titleBox.press("Enter");
  await expect(page).toHaveURL(/\/search\?query=Meadow/);
  await expect(page.getByText("1 result", { exact: true })).toBeVisible();
  // Straight from the server, readable without JavaScript, still nothing private.
  const html = await (await page.request.get(`/search?query=${seeded.word}`)).text();
  expect(html).toContain("Orchard note");
  expect(html).not.toContain("Secret vault");
});

test("a member's new comment is found within 2 seconds", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const categories = (await (
    await page.request.get("/api/v2/categories?outputFormat=flat&limit=100")
  ).json()) as {
    categoryID: number;
    name: string;
  }[];
  const general = categories.find((category) => category.name === "General");
  const discussion = await post(page, "/discussions", {
    name: uniqueName("Thread "),
    body: "Say something.",
    format: "markdown",
    categoryID: general?.categoryID,
  });
  const member = await newMember(browser, "finder");
  const word = uniqueName("quillwort");
  // The guest's page opens first: the 2 s measure the index, not a browser starting a context (0.6 s here).
  const guest = await browser.newPage();
  await post(member.page, "/comments", {
    discussionID: discussion.discussionID,
    body: `I found ${word} by the pond.`,
    format: "markdown",
  });
  const posted = Date.now();
  await expect(async () => {
    const response = await guest.request.get(`/api/v2/search?query=${word}`);
    const results = (await response.json()) as { recordType: string }[];
    expect(results.map((result) => result.recordType)).toEqual(["comment"]);
  }).toPass({ timeout: 2000, intervals: [100] });
  expect(Date.now() - posted).toBeLessThan(2000);
  await guest.goto(`/search?query=${word}`);
  await expect(guest.locator(".searchResults")).toContainText(word);
  await member.context.close();
});

test("the title-bar box opens and closes as SPEC 4 says; a discussion is searched from its page; 'Did you mean' corrects a slip", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const categories = (await (
    await page.request.get("/api/v2/categories?outputFormat=flat&limit=100")
  ).json()) as { categoryID: number; name: string }[];
  const categoryID = categories.find((category) => category.name === "General")?.categoryID;
  const word = uniqueName("bramblewood");
  const thread = await post(page, "/discussions", {
    name: uniqueName("Hedges "),
    body: `Planting ${word} along the fence.`,
    format: "markdown",
    categoryID,
  });
  await post(page, "/comments", {
    discussionID: thread.discussionID,
    body: `Water the ${word} twice a week.`,
    format: "markdown",
  });
  const elsewhere = await post(page, "/discussions", {
    name: uniqueName("Elsewhere "),
    body: `Another ${word} story.`,
    format: "markdown",
    categoryID,
  });
  await page.context().clearCookies();

  // The box: opened by the search button; Escape closes the menu, then the box, giving focus back.
  await page.goto("/discussions");
  const banner = page.getByRole("banner");
  const searchButton = banner.getByRole("button", { name: "Search" });
  await searchButton.click();
  const box = banner.getByRole("combobox", { name: "Search" });
  await expect(box).toBeFocused();
  await box.fill(word);
  const menu = page.getByRole("listbox", { name: "Search" });
  await expect(menu).toBeVisible();
  await box.press("Escape");
  await expect(menu).toBeHidden();
  await expect(box).toBeVisible();
  await box.press("Escape");
  await expect(box).toBeHidden();
  await expect(searchButton).toBeFocused();
  // Cancel closes it; an outside click closes the menu first and the box next.
  await searchButton.click();
  await banner.getByRole("button", { name: "Cancel" }).click();
  await expect(box).toBeHidden();
  await searchButton.click();
  await box.fill(word);
  await expect(menu).toBeVisible();
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();
  await expect(box).toBeVisible();
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await expect(box).toBeHidden();

  // Search this discussion: its two posts only, then everywhere.
  await page.goto(thread.url as string);
  const inThread = page.getByRole("searchbox", { name: "Search this discussion" });
  await inThread.fill(word);
  await inThread.press("Enter");
  await expect(page).toHaveURL(new RegExp(`discussionID=${String(thread.discussionID)}`));
  await expect(page.getByText("2 results")).toBeVisible();
  await expect(page.locator(".searchResults")).not.toContainText(elsewhere.name as string);
  await page.getByRole("link", { name: "Search everywhere" }).click();
  await expect(page.getByText("3 results")).toBeVisible();
  await expect(page.locator(".searchResults")).toContainText(elsewhere.name as string);

  // A slip of two swapped letters finds nothing, and offers the word that does.
  const slip = word.replace("blew", "belw");
  await page.goto(`/search?query=${slip}`);
  await expect(page.getByText("No results found.")).toBeVisible();
  await page.getByRole("link", { name: word }).click();
  await expect(page).toHaveURL(new RegExp(`query=${word}`));
  await expect(page.getByText("3 results")).toBeVisible();
});
