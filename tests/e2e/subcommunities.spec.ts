import { expect, test } from "./fixtures";
import { apiHeaders, expectClearOf, originOf, signInAsAdmin } from "./helpers";

const LAYOUT_FLAGS = ["customLayout.post", "customLayout.discussionList"] as const;

declare global {
  interface Window {
    __sectionMarker?: number;
  }
}

test("a manager makes a French subcommunity; a guest reads its home in French with its categories and switches back", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const suffix = Date.now().toString(36);
  const slug = `fr${suffix}`;
  const sectionName = `Communauté ${suffix}`;
  const added: string[] = [];
  let layoutFlagsOn = false;
  try {
    await signInAsAdmin(admin, "/");
    const headers = apiHeaders(originOf(admin));
    for (const key of ["subcommunities", "locale-fr", "search"]) {
      const state = await admin.request.get(`/api/v2/addons/${key}`);
      if (((await state.json()) as { enabled: boolean }).enabled) continue;
      const enabled = await admin.request.patch(`/api/v2/addons/${key}`, {
        headers,
        data: { enabled: true },
      });
      expect(enabled.ok()).toBe(true);
      added.push(key);
    }
    const root = await admin.request.post("/api/v2/categories", {
      headers,
      data: { name: `Francophones ${suffix}`, urlcode: `francophones-${suffix}` },
    });
    const rootID = ((await root.json()) as { categoryID: number }).categoryID;
    const child = await admin.request.post("/api/v2/categories", {
      headers,
      data: { name: `Jardinage ${suffix}`, urlcode: `jardinage-${suffix}`, parentCategoryID: rootID },
    });
    expect(child.ok()).toBe(true);
    const childID = ((await child.json()) as { categoryID: number }).categoryID;
    const word = `radis${suffix}`;
    const postDiscussion = async (name: string, categoryID: number) => {
      const response = await admin.request.post("/api/v2/discussions", {
        headers,
        data: { name, body: `Un mot: ${word}`, format: "markdown", categoryID },
      });
      expect(response.ok(), await response.text()).toBe(true);
      return ((await response.json()) as { discussionID: number }).discussionID;
    };
    const insideTitle = `Semis de ${word}`;
    const outsideTitle = `Sowing ${word}`;
    const insideID = await postDiscussion(insideTitle, childID);

    // The manager creates the section in the dashboard; a taken slug is refused under its field first.
    await admin.goto("/dashboard/subcommunities");
    await admin.getByRole("button", { name: "New subcommunity" }).click();
    const form = admin.getByRole("form", { name: "New subcommunity" });
    await form.getByRole("textbox", { name: /Name/ }).fill(sectionName);
    await form.getByRole("textbox", { name: /Slug/ }).fill("discussions");
    await form.getByRole("combobox", { name: /Language/ }).selectOption("fr");
    await form.getByRole("combobox", { name: /Root category/ }).selectOption(String(rootID));
    await form.getByRole("textbox", { name: /Description/ }).fill("Le coin des jardiniers francophones");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("This slug is taken by a page of the site.")).toBeVisible();
    await form.getByRole("textbox", { name: /Slug/ }).fill(slug);
    await form.getByRole("button", { name: "Save" }).click();
    const row = admin.getByRole("row").filter({ hasText: sectionName });
    await expect(row.getByRole("link", { name: `/${slug}/` })).toBeVisible();
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({
      path: test.info().outputPath("subcommunities-dashboard-390.png"),
      fullPage: true,
    });
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.screenshot({
      path: test.info().outputPath("subcommunities-dashboard-1280.png"),
      fullPage: true,
    });

    // A guest opens the section: French, its own home, only its categories.
    await guest.goto(`/${slug}/`);
    await expect(guest.locator("html")).toHaveAttribute("lang", "fr");
    await expect(guest.getByRole("heading", { name: sectionName, level: 1 })).toBeVisible();
    await expect(guest.getByText("Le coin des jardiniers francophones")).toBeVisible();
    await expect(guest.getByRole("link", { name: `Jardinage ${suffix}` }).first()).toBeVisible();
    const all = await admin.request.get("/api/v2/categories?outputFormat=flat&limit=100");
    const outside = ((await all.json()) as { categoryID: number; name: string }[]).find(
      (category) => category.categoryID !== rootID && category.categoryID !== childID,
    );
    expect(outside).toBeDefined();
    const outsideID = await postDiscussion(outsideTitle, outside!.categoryID);
    await expect(guest.getByRole("main").getByRole("link", { name: outside!.name, exact: true })).toHaveCount(
      0,
    );
    await guest.setViewportSize({ width: 1280, height: 900 });
    await guest.screenshot({ path: test.info().outputPath("subcommunities-home-1280.png"), fullPage: true });
    // On a phone the picker is an icon in the compact title bar.
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.reload();
    await expect(
      guest.getByRole("banner").getByRole("button", { name: "Sous-communautés" }),
    ).not.toContainText(sectionName);
    // The picker and the French "Se connecter" leave the site's name less room: it is shortened, never covered.
    const banner = guest.getByRole("banner");
    await expectClearOf(
      banner.locator(".titleBar-logo"),
      banner.locator(".titleBar-start > *, .titleBar-actions > *"),
    );
    await guest.screenshot({ path: test.info().outputPath("subcommunities-home-390.png"), fullPage: true });
    await guest.setViewportSize({ width: 1280, height: 900 });
    await guest.reload();

    // Links keep the guest in the section: a category, then a discussion, then back.
    const inSection = (path: string) =>
      expect(new URL(guest.url()).pathname).toMatch(new RegExp(`^/${slug}${path}`));
    await guest
      .getByRole("main")
      .getByRole("link", { name: `Jardinage ${suffix}` })
      .first()
      .click();
    await expect(guest).toHaveURL(new RegExp(`/${slug}/categories/jardinage-${suffix}`));
    inSection(`/categories/jardinage-${suffix}$`);
    await guest.getByRole("main").getByRole("link", { name: insideTitle }).first().click();
    await expect(guest.getByRole("heading", { level: 1, name: insideTitle })).toBeVisible();
    inSection(`/discussion/${insideID}/`);
    await guest.screenshot({
      path: test.info().outputPath("subcommunities-discussion-1280.png"),
      fullPage: true,
    });
    await expect(
      guest
        .getByRole("main")
        .getByRole("link", { name: `Jardinage ${suffix}` })
        .first(),
    ).toHaveAttribute("href", `/${slug}/categories/jardinage-${suffix}`);
    await guest.goBack();
    inSection(`/categories/jardinage-${suffix}$`);
    // A discussion of another part of the site, asked for through the folder, opens at its own address.
    await guest.goto(`/${slug}/discussion/${outsideID}`);
    await expect(guest.getByRole("heading", { level: 1, name: outsideTitle })).toBeVisible();
    expect(new URL(guest.url()).pathname).toMatch(new RegExp(`^/discussion/${outsideID}`));

    // With the single-page app, in-app navigation keeps the folder too, there and back.
    await admin.request.patch("/api/v2/config", {
      headers,
      data: Object.fromEntries(LAYOUT_FLAGS.map((flag) => [flag, true])),
    });
    layoutFlagsOn = true;
    await guest.goto(`/${slug}/discussions`);
    await expect(guest.locator("#app")).toHaveCount(1);
    await guest.evaluate(() => {
      window.__sectionMarker = 1;
    });
    await expect(guest.getByRole("main").getByRole("link", { name: outsideTitle })).toHaveCount(0);
    await guest.getByRole("main").getByRole("link", { name: insideTitle }).first().click();
    await expect(guest.getByRole("main").getByRole("heading", { level: 1, name: insideTitle })).toBeVisible();
    inSection(`/discussion/${insideID}/`);
    expect(await guest.evaluate(() => window.__sectionMarker)).toBe(1);
    await guest.goBack();
    await expect(guest.getByRole("main").getByRole("link", { name: insideTitle }).first()).toBeVisible();
    inSection("/discussions$");
    expect(await guest.evaluate(() => window.__sectionMarker)).toBe(1);

    // The title bar's search finds the section's discussions only.
    await guest.getByRole("banner").getByRole("button", { name: "Rechercher" }).click();
    const box = guest.getByRole("banner").getByRole("combobox", { name: "Rechercher" });
    await box.fill(word);
    await expect(guest.getByRole("option", { name: new RegExp(insideTitle) })).toBeVisible();
    await expect(guest.getByRole("option", { name: new RegExp(outsideTitle) })).toHaveCount(0);
    await guest.screenshot({ path: test.info().outputPath("subcommunities-search-1280.png") });
    await box.press("Enter");
    await expect(guest.getByRole("main").getByRole("link", { name: insideTitle })).toBeVisible();
    inSection("/search");
    await expect(guest.getByRole("main").getByRole("link", { name: outsideTitle })).toHaveCount(0);
    await guest.setViewportSize({ width: 390, height: 844 });
    // On a phone the picker becomes the title bar's icon.
    await expect(
      guest.getByRole("banner").getByRole("button", { name: "Sous-communautés" }),
    ).not.toContainText(sectionName);
    await guest.screenshot({
      path: test.info().outputPath("subcommunities-results-390.png"),
      fullPage: true,
    });
    await guest.setViewportSize({ width: 1280, height: 900 });
    // A result opens in the section too.
    await guest.getByRole("main").getByRole("link", { name: insideTitle }).click();
    await expect(guest.getByRole("heading", { level: 1, name: insideTitle })).toBeVisible();
    inSection(`/discussion/${insideID}/`);
    await guest.goto(`/${slug}/`);

    // The picker (a keyboard menu) switches back to the site itself, in its own language.
    const picker = guest.getByRole("banner").getByRole("button", { name: "Sous-communautés" });
    await expect(picker).toContainText(sectionName);
    await picker.focus();
    await guest.keyboard.press("Enter");
    const menu = guest.getByRole("menu", { name: "Sous-communautés" });
    await expect(menu.getByRole("menuitem", { name: sectionName })).toBeVisible();
    await expect(menu.getByRole("menuitem").first()).toBeFocused();
    await guest.screenshot({ path: test.info().outputPath("subcommunities-picker-1280.png") });
    await guest.keyboard.press("Enter");
    await expect(guest).toHaveURL(/\/$/);
    expect(new URL(guest.url()).pathname).toBe("/");
    await expect(guest.locator("html")).toHaveAttribute("lang", "en");
    await expect(guest.getByRole("banner").getByRole("button", { name: "Subcommunities" })).toBeVisible();
  } finally {
    const headers = apiHeaders(originOf(admin));
    if (layoutFlagsOn)
      await admin.request.patch("/api/v2/config", {
        headers,
        data: Object.fromEntries(LAYOUT_FLAGS.map((flag) => [flag, false])),
      });
    const sections = await admin.request.get("/api/v2/subcommunities");
    if (sections.ok())
      for (const section of (await sections.json()) as { siteSectionID: number; slug: string }[])
        if (section.slug === slug)
          await admin.request.delete(`/api/v2/subcommunities/${section.siteSectionID}`, { headers });
    for (const key of added)
      await admin.request.patch(`/api/v2/addons/${key}`, { headers, data: { enabled: false } });
    await Promise.all([adminContext.close(), guestContext.close()]);
  }
});
